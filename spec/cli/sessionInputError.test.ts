import { describe, expect, it } from 'vitest';
import { SessionFormatError } from '../../src/adapters/sessions/SessionFormatError.ts';
import { isInputError } from '../../src/cli/exitCode.ts';
import { auditSessions } from '../../src/run/audit/auditSessions.ts';
import { rejection, tempSession } from '../helpers/sessions.ts';

// README's exit-code table: a session that cannot be read is an input error (exit 2), not an internal error
// (exit 3), wherever it is thrown from, not only where auditCommand rewraps it.
describe('a session prunecheck cannot read is an input error', () => {
  it('isInputError knows SessionFormatError', () => {
    expect(isInputError(new SessionFormatError('MALFORMED_LINE', 'x.jsonl', 2, 'not valid JSON'))).toBe(true);
  });

  it('what auditSessions throws on a malformed line, a bad field and an unknown format exits 2', async () => {
    const record = { type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'hi' } };
    const malformed = tempSession(`${JSON.stringify(record)}\n{"type": \n${JSON.stringify(record)}\n`);
    const badField = tempSession(`${JSON.stringify(record)}\n${JSON.stringify({ ...record, uuid: 'u2', message: 'not an object' })}\n`);
    const unknown = tempSession('{"hello": "world"}\n');
    for (const [file, code] of [[malformed, 'MALFORMED_LINE'], [badField, 'BAD_FIELD'], [unknown, 'UNKNOWN_FORMAT']] as const) {
      const error = await rejection(auditSessions([file]));
      expect(error).toBeInstanceOf(SessionFormatError);
      expect(error.code).toBe(code);
      expect(isInputError(error)).toBe(true);
    }
  });
});
