import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEX_SUMMARY_PREFIX, codexReader } from '../../../src/adapters/sessions/codex.ts';
import { FIXTURES, readAll, rejection, tempSession } from '../../helpers/sessions.ts';

const PLANTED = join(FIXTURES, 'codex', 'planted.jsonl');

describe('Codex rollout reader', () => {
  it('turns response items into messages: function calls with parsed arguments, outputs, reasoning on the next call', async () => {
    const { messages, notes } = await readAll(codexReader, PLANTED);
    expect(messages[0]?.message).toMatchObject({ role: 'user' });
    expect(messages[1]?.message).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'call_1', name: 'shell', args: { command: ['bash', '-lc', './deploy.sh --build 4821 --request-id req-dep-551'] } }], reasoning: { text: 'Deploy first.', signature: 'gAAAA-enc' } });
    expect(messages[2]?.message).toMatchObject({ role: 'tool', toolCallId: 'call_1', name: 'shell' });
    expect(notes.agentVersion).toBe('0.63.0');
    expect(Object.fromEntries(notes.unknown)).toEqual({ world_peace: 1 });
  });

  it("a compacted item's replacement_history is the exact after list", async () => {
    const { compactions } = await readAll(codexReader, PLANTED);
    const c = compactions[0]!;
    expect(c.at.line).toBe(9);
    expect(c.afterExact).toBe(true);
    expect(c.before).toHaveLength(4);
    expect(c.after.map((m) => m.role)).toEqual(['user', 'user']);
    expect(c.after[1]?.content.startsWith(CODEX_SUMMARY_PREFIX)).toBe(true);
  });

  it('an older compacted item without replacement_history is rebuilt (user messages, then the summary) and marked inexact', async () => {
    const lines = readFileSync(PLANTED, 'utf8').trim().split('\n');
    const compacted = JSON.parse(lines[8]!);
    delete compacted.payload.replacement_history;
    lines[8] = JSON.stringify(compacted);
    const { compactions } = await readAll(codexReader, tempSession(`${lines.join('\n')}\n`));
    expect(compactions[0]?.afterExact).toBe(false);
    expect(compactions[0]?.after.map((m) => m.role)).toEqual(['user', 'user']);
  });

  it('a remote compaction (empty message, encrypted compaction item) has an opaque summary', async () => {
    const { compactions } = await readAll(codexReader, join(FIXTURES, 'codex', 'remote.jsonl'));
    expect(compactions[0]?.summary.kind).toBe('opaque');
  });

  it('names the field of a malformed compacted item, warns on a torn last line, reads a huge output', async () => {
    const bad = '{"timestamp":"t","type":"compacted","payload":{"message":7}}\n';
    expect((await rejection(readAll(codexReader, tempSession(bad)))).message).toMatch(/:1: compacted: field 'payload\.message' must be a string/);
    const text = readFileSync(PLANTED, 'utf8');
    expect((await readAll(codexReader, tempSession(`${text}{"timestamp":"t","ty`))).notes.warnings[0]).toMatch(/torn/);
    const huge = JSON.stringify({ timestamp: 't', type: 'response_item', payload: { type: 'function_call_output', call_id: 'call_1', output: 'o'.repeat(5_000_000) } });
    const { messages } = await readAll(codexReader, tempSession(`${huge}\n`));
    expect(messages[0]?.message.content.length).toBe(5_000_000);
  });
});
