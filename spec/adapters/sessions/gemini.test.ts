import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geminiReader } from '../../../src/adapters/sessions/gemini.ts';
import { FIXTURES, readAll, rejection, tempSession } from '../../helpers/sessions.ts';

const PLANTED = join(FIXTURES, 'gemini-cli', 'planted.jsonl');

describe('gemini-cli session reader', () => {
  it('a re-recorded model turn adds its tool result once; info records are not context', async () => {
    const { messages } = await readAll(geminiReader, PLANTED);
    expect(messages.slice(0, 4).map((m) => `${m.message.role}:${m.message.id}`)).toEqual(['user:u1', 'assistant:g1', 'tool:result:run_shell_command-1', 'assistant:g2']);
    expect(messages[2]?.message.content).toContain('req_7f3a9c');
  });

  it('a $set of messages that drops history is a compression: after is the new list, the snapshot the summary', async () => {
    const { compactions, notes } = await readAll(geminiReader, PLANTED);
    expect(compactions).toHaveLength(1);
    const c = compactions[0]!;
    expect(c.at).toEqual({ file: PLANTED, line: 7, recordId: 'c1' });
    expect(c.before.map((m) => m.id)).toEqual(['u1', 'g1', 'result:run_shell_command-1', 'g2']);
    expect(c.after.map((m) => m.id)).toEqual(['c1', 'c2', 'g2']);
    expect(c.summary.kind === 'text' && c.summary.text.startsWith('<state_snapshot>')).toBe(true);
    expect(Object.fromEntries(notes.unknown)).toEqual({ $unknownDirective: 1 });
  });

  it('a $set that only rewrites contents (masking) and a $rewindTo are not compactions', async () => {
    const lines = readFileSync(PLANTED, 'utf8').trim().split('\n').slice(0, 5);
    const masked = { $set: { messages: lines.slice(1).map((l) => JSON.parse(l)).filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i) } };
    const { compactions } = await readAll(geminiReader, tempSession(`${[...lines, JSON.stringify(masked), '{"$rewindTo":"g2"}'].join('\n')}\n`));
    expect(compactions).toEqual([]);
  });

  it('names a malformed $set, warns on a torn last line, reads a huge tool result', async () => {
    const head = readFileSync(PLANTED, 'utf8').split('\n')[0];
    expect((await rejection(readAll(geminiReader, tempSession(`${head}\n{"$set":{"messages":5}}\n`)))).message).toMatch(/:2: field '\$set\.messages' must be an array/);
    expect((await readAll(geminiReader, tempSession(`${readFileSync(PLANTED, 'utf8')}{"id":"x","ty`))).notes.warnings[0]).toMatch(/torn/);
    const huge = { id: 'g9', timestamp: 't', type: 'gemini', content: [], toolCalls: [{ id: 'c', name: 'read_file', args: {}, status: 'success', result: [{ functionResponse: { id: 'c', name: 'read_file', response: { output: 'r'.repeat(3_000_000) } } }] }] };
    const { messages } = await readAll(geminiReader, tempSession(`${head}\n${JSON.stringify(huge)}\n`));
    expect(messages[1]?.message.content.length).toBe(3_000_000);
  });
});
