import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeReader } from '../../../src/adapters/sessions/claudeCode.ts';
import { FIXTURES, readAll, rejection, tempSession } from '../../helpers/sessions.ts';

const PLANTED = join(FIXTURES, 'claude-code', 'planted.jsonl');
const CLEAN = join(FIXTURES, 'claude-code', 'clean.jsonl');

describe('Claude Code session reader', () => {
  it('joins an assistant turn written one block a record, and splits tool results into tool messages', async () => {
    const { messages } = await readAll(claudeCodeReader, PLANTED);
    const first = messages[1]?.message;
    expect(first).toMatchObject({ role: 'assistant', id: 'a1', toolCalls: [{ id: 'toolu_1', name: 'mcp__payments__issue_refund' }], reasoning: { text: 'Refund first.', signature: 'sig-1' } });
    expect(messages[2]?.message).toMatchObject({ role: 'tool', toolCallId: 'toolu_1', name: 'mcp__payments__issue_refund', content: 'refund issued: req-7f3a9 status=ok' });
  });

  it('a compact_boundary then the isCompactSummary message is one compaction: before is the chain, after the summary', async () => {
    const { compactions, notes } = await readAll(claudeCodeReader, PLANTED);
    expect(compactions).toHaveLength(1);
    const c = compactions[0]!;
    expect(c.at).toEqual({ file: PLANTED, line: 9, recordId: 'b1' });
    expect(c.trigger).toBe('auto');
    expect(c.before.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
    expect(c.after.map((m) => m.id)).toEqual(['s1']);
    expect(c.summary.kind === 'text' && c.summary.text.startsWith('This session is being continued')).toBe(true);
    expect(notes.agentVersion).toBe('2.0.14');
    expect(Object.fromEntries(notes.unknown)).toEqual({ 'mystery-record': 1 });
  });

  it('keeps the preserved segment (headUuid…tailUuid) after the summary', async () => {
    const { compactions } = await readAll(claudeCodeReader, CLEAN);
    expect(compactions[0]?.after.map((m) => m.id)).toEqual(['s1', 'a2']);
  });

  it('prefers compactMetadata.preservedMessages.uuids (Claude Code 2.1) when the record has it', async () => {
    const lines = readFileSync(CLEAN, 'utf8').trim().split('\n');
    const boundary = JSON.parse(lines[4]!);
    boundary.compactMetadata.preservedMessages = { uuids: ['u2', 'a2'] };
    lines[4] = JSON.stringify(boundary);
    const { compactions } = await readAll(claudeCodeReader, tempSession(`${lines.join('\n')}\n`));
    expect(compactions[0]?.after.map((m) => m.id)).toEqual(['s1', 'u2', 'a2']);
  });

  it('skips side chains (sub-agents) and transcript-only records', async () => {
    const lines = readFileSync(CLEAN, 'utf8').trim().split('\n');
    const side = JSON.stringify({ ...JSON.parse(lines[0]!), uuid: 'side', isSidechain: true });
    const { messages } = await readAll(claudeCodeReader, tempSession(`${[lines[0], side, ...lines.slice(1)].join('\n')}\n`));
    expect(messages.map((m) => m.message.id)).not.toContain('side');
  });

  it('a torn last line is a warning; a malformed middle line fails naming the line', async () => {
    const text = readFileSync(PLANTED, 'utf8');
    const torn = await readAll(claudeCodeReader, tempSession(`${text}{"type":"user","uuid":"u9","mess`));
    expect(torn.notes.warnings[0]).toMatch(/:15: the last line is torn/);
    const lines = text.trim().split('\n');
    lines.splice(3, 0, '{"type":"assistant",');
    const error = await rejection(readAll(claudeCodeReader, tempSession(`${lines.join('\n')}\n`)));
    expect(error.message).toMatch(/:4: not valid JSON/);
  });

  it("a record whose 'message' is not an object fails naming the field", async () => {
    const error = await rejection(readAll(claudeCodeReader, tempSession('{"type":"user","uuid":"u1","parentUuid":null,"message":"hi"}\n')));
    expect(error.message).toMatch(/:1: user record: field 'message' must be an object/);
  });

  it('reads a tool result of several megabytes', async () => {
    const lines = readFileSync(PLANTED, 'utf8').trim().split('\n');
    const record = JSON.parse(lines[4]!);
    record.message.content[0].content = `refund issued: req-7f3a9 ${'z'.repeat(4_000_000)}`;
    lines[4] = JSON.stringify(record);
    const { compactions } = await readAll(claudeCodeReader, tempSession(`${lines.join('\n')}\n`));
    expect(compactions[0]?.before[2]?.content.length).toBeGreaterThan(4_000_000);
  });
});
