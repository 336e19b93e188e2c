import { describe, expect, it } from 'vitest';
import { readJsonLineBatches, readJsonLines } from '../../../src/adapters/sessions/readJsonLines.ts';
import { newNotes } from '../../../src/adapters/sessions/SessionEvent.ts';
import { SessionFormatError } from '../../../src/adapters/sessions/SessionFormatError.ts';
import { rejection, tempSession } from '../../helpers/sessions.ts';

async function lines(text: string) {
  const notes = newNotes();
  const out = [];
  for await (const l of readJsonLines(tempSession(text), notes)) out.push(l);
  return { out, notes };
}

describe('readJsonLines', () => {
  it('batches: the same lines, a batch per chunk, and the lines before a malformed one given before it fails', async () => {
    const text = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ i, pad: 'p'.repeat(40) })).join('\n');
    const batches: number[][] = [];
    for await (const batch of readJsonLineBatches(tempSession(`${text}\n`), newNotes())) batches.push(batch.map((l) => l.line));
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    const seen: number[] = [];
    const error = await rejection(
      (async () => {
        for await (const batch of readJsonLineBatches(tempSession('{"a":1}\n{"b":2}\n{oops\n{"c":3}\n'), newNotes())) seen.push(...batch.map((l) => l.line));
      })(),
    );
    expect([seen, error.line]).toEqual([[1, 2], 3]);
  });

  it('yields each object with its 1-based line, skipping blank lines and CRLF endings', async () => {
    const { out, notes } = await lines('{"a":1}\r\n\n{"b":2}\n');
    expect(out.map((l) => [l.line, l.record])).toEqual([[1, { a: 1 }], [3, { b: 2 }]]);
    expect(notes.lines).toBe(2);
    expect(notes.warnings).toEqual([]);
  });

  it('a torn last line (no closing newline) is a warning, not an error', async () => {
    const { out, notes } = await lines('{"a":1}\n{"b":');
    expect(out).toHaveLength(1);
    expect(notes.warnings).toHaveLength(1);
    expect(notes.warnings[0]).toMatch(/:2: the last line is torn/);
  });

  it('a malformed line before the end fails naming the file and the line', async () => {
    const error = await rejection(lines('{"a":1}\n{not json}\n{"b":2}\n'));
    expect(error).toBeInstanceOf(SessionFormatError);
    expect(error.code).toBe('MALFORMED_LINE');
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/session\.jsonl:2: not valid JSON/);
  });

  it('a malformed last line that ends in a newline is not torn: it fails', async () => {
    const error = await rejection(lines('{"a":1}\n{"b":\n'));
    expect(error.code).toBe('MALFORMED_LINE');
    expect(error.line).toBe(2);
  });

  it('a line that is JSON but not an object fails', async () => {
    const error = await rejection(lines('[1,2]\n'));
    expect(error.message).toMatch(/not an object \(got an array\)/);
  });

  it('reads a line of several megabytes', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const { out } = await lines(`{"a":1}\n${JSON.stringify({ big })}\n{"c":3}\n`);
    expect(out.map((l) => l.line)).toEqual([1, 2, 3]);
    expect((out[1]?.record['big'] as string).length).toBe(big.length);
  });
});
