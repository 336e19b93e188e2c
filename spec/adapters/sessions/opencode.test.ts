import { readFileSync, writeFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { OPENCODE_CLEARED_OUTPUT, OPENCODE_COMPACTION_PROMPT, opencodeReader } from '../../../src/adapters/sessions/opencode.ts';
import { detectFormat } from '../../../src/adapters/sessions/detectFormat.ts';
import { SESSION_READERS } from '../../../src/adapters/sessions/readers.ts';
import { readAll, rejection, tempSession } from '../../helpers/sessions.ts';

type Part = Record<string, unknown>;
type Message = { id: string; data: Record<string, unknown>; parts: Part[] };

/** An opencode store with the tables of opencode 1.x, holding one session. */
async function store(messages: readonly Message[], rawData?: string): Promise<string> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE session (id text PRIMARY KEY, version text NOT NULL, time_created integer NOT NULL)');
  db.run('CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL, data text NOT NULL)');
  db.run('CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL, data text NOT NULL)');
  db.run("INSERT INTO session VALUES ('ses_1', '1.18.33', 1)");
  messages.forEach((m, i) => {
    db.run('INSERT INTO message VALUES (?, ?, ?, ?)', [m.id, 'ses_1', i + 1, rawData !== undefined && i === 1 ? rawData : JSON.stringify(m.data)]);
    m.parts.forEach((p, j) => db.run('INSERT INTO part VALUES (?, ?, ?, ?)', [`prt_${m.id}_${j}`, m.id, 'ses_1', JSON.stringify(p)]));
  });
  const file = tempSession(db.export(), 'opencode.db');
  db.close();
  return file;
}

const tool = (callID: string, command: string, output: string, compacted?: number): Part => ({ type: 'tool', tool: 'bash', callID, state: { status: 'completed', input: { command }, output, time: { start: 1, end: 2, ...(compacted === undefined ? {} : { compacted }) } } });
const SESSION: Message[] = [
  { id: 'msg_1', data: { role: 'user' }, parts: [{ type: 'text', text: 'Refund order 4471 once.' }] },
  { id: 'msg_2', data: { role: 'assistant' }, parts: [{ type: 'step-start' }, tool('call_1', 'curl -X POST /refunds?order=4471', '{"request_id":"req_7f3a9c"}'), { type: 'step-finish' }, { type: 'hologram' }] },
  { id: 'msg_3', data: { role: 'assistant' }, parts: [{ type: 'text', text: 'Posted once.' }, tool('call_0', 'ls', 'a b', 99)] },
  { id: 'msg_4', data: { role: 'user' }, parts: [{ type: 'compaction', auto: true }] },
  { id: 'msg_5', data: { role: 'assistant', summary: true, mode: 'compaction' }, parts: [{ type: 'text', text: 'The user asked to refund order 4471.' }] },
  { id: 'msg_6', data: { role: 'user' }, parts: [{ type: 'text', text: 'Continue.' }] },
];

describe('opencode store reader (sql.js)', () => {
  it('is detected by the SQLite header', async () => {
    expect(await detectFormat(await store(SESSION), SESSION_READERS)).toBe('opencode');
  });

  it('a compaction part and the summary: true message make one compaction; the model view restarts there', async () => {
    const file = await store(SESSION);
    const { compactions, messages, notes } = await readAll(opencodeReader, file);
    expect(compactions).toHaveLength(1);
    const c = compactions[0]!;
    expect(c.at).toEqual({ file, line: 5, recordId: 'msg_5' });
    expect(c.trigger).toBe('auto');
    expect(c.before.map((m) => `${m.role}:${m.id}`)).toEqual(['user:msg_1', 'assistant:msg_2', 'tool:prt_msg_2_1', 'assistant:msg_3', 'tool:prt_msg_3_1']);
    expect(c.after.map((m) => m.content)).toEqual([OPENCODE_COMPACTION_PROMPT, 'The user asked to refund order 4471.']);
    // A pruned tool output reaches the model as the cleared marker.
    expect(c.before[4]?.content).toBe(OPENCODE_CLEARED_OUTPUT);
    expect(messages.at(-1)?.message.content).toBe('Continue.');
    expect(notes.agentVersion).toBe('1.18.33');
    expect(Object.fromEntries(notes.unknown)).toEqual({ 'part.hologram': 1 });
  });

  it("a row whose 'data' is not JSON fails naming the row; a file that is not a store fails", async () => {
    const error = await rejection(readAll(opencodeReader, await store(SESSION, '{oops')));
    expect(error.message).toMatch(/row msg_2: column 'data' is not JSON/);
    const notDb = await rejection(readAll(opencodeReader, tempSession('SQLite format 3\u0000garbage', 'x.db')));
    expect(notDb.message).toMatch(/x\.db: /);
  });

  it('a store still being written: an unread write-ahead log is a warning, a store cut short fails naming the file', async () => {
    const file = await store(SESSION);
    writeFileSync(`${file}-wal`, Buffer.alloc(4096, 1));
    const { compactions, notes } = await readAll(opencodeReader, file);
    expect(compactions).toHaveLength(1);
    expect(notes.warnings).toEqual([expect.stringMatching(/opencode\.db: a write-ahead log of 4096 bytes .*not checkpointed/)]);
    writeFileSync(`${file}-wal`, '');
    expect((await readAll(opencodeReader, file)).notes.warnings).toEqual([]);
    // A copy taken mid-write: the pages after the first are missing.
    const whole = readFileSync(file);
    const cut = tempSession(whole.subarray(0, Math.min(whole.length - 1, 4096)), 'cut.db');
    const error = await rejection(readAll(opencodeReader, cut));
    expect(error.code).toBe('BAD_DATABASE');
    expect(error.message).toMatch(/cut\.db: /);
  });

  it('reads a tool output of several megabytes', async () => {
    const huge: Message[] = [SESSION[0]!, { id: 'msg_2', data: { role: 'assistant' }, parts: [tool('call_1', 'cat big', 'b'.repeat(3_000_000))] }];
    const { messages } = await readAll(opencodeReader, await store(huge));
    expect(messages[2]?.message.content.length).toBe(3_000_000);
  });
});
