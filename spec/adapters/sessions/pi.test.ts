import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PI_SUMMARY_PREFIX, piReader } from '../../../src/adapters/sessions/pi.ts';
import { FIXTURES, readAll, rejection, tempSession } from '../../helpers/sessions.ts';

const PLANTED = join(FIXTURES, 'pi', 'planted.jsonl');

describe('pi session reader', () => {
  it('a compaction entry keeps the summary and the entries from firstKeptEntryId, as buildSessionContext does', async () => {
    const { compactions, notes } = await readAll(piReader, PLANTED);
    const c = compactions[0]!;
    expect(c.at).toEqual({ file: PLANTED, line: 9, recordId: 'c1' });
    expect(c.before.map((m) => m.id)).toEqual(['e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
    expect(c.after.map((m) => m.id)).toEqual(['c1', 'e5', 'e6', 'e7']);
    expect(c.after[0]?.content.startsWith(PI_SUMMARY_PREFIX)).toBe(true);
    expect(notes.agentVersion).toBe('session format v3');
    expect(Object.fromEntries(notes.unknown)).toEqual({ unheard_of: 1 });
  });

  it('reads tool calls with their arguments and tool results', async () => {
    const { messages } = await readAll(piReader, PLANTED);
    expect(messages[1]?.message).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'tc1', name: 'send_email', args: { request_id: 'req-mail-9' } }] });
    expect(messages[2]?.message).toMatchObject({ role: 'tool', toolCallId: 'tc1', name: 'send_email', content: 'sent, message id req-mail-9' });
  });

  it('names a missing field, warns on a torn last line, reads a huge entry', async () => {
    const head = '{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/"}\n';
    const error = await rejection(readAll(piReader, tempSession(`${head}{"type":"compaction","id":"c","parentId":null,"firstKeptEntryId":"x"}\n`)));
    expect(error.message).toMatch(/:2: compaction entry: field 'summary' must be a string/);
    expect((await readAll(piReader, tempSession(`${readFileSync(PLANTED, 'utf8')}{"type":"mess`))).notes.warnings.some((w) => /torn/.test(w))).toBe(true);
    const huge = JSON.stringify({ type: 'message', id: 'h', parentId: null, message: { role: 'user', content: 'q'.repeat(4_000_000) } });
    const { messages } = await readAll(piReader, tempSession(`${head}${huge}\n`));
    expect(messages[0]?.message.content.length).toBe(4_000_000);
  });
});
