import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../../src/adapters/sessions/readLines.ts';
import { tempSession } from '../../helpers/sessions.ts';

async function ours(file: string, chunkBytes: number): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of readLines(file, chunkBytes)) out.push(...batch);
  return out;
}

async function readline(file: string): Promise<string[]> {
  const out: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) out.push(line);
  return out;
}

// Line breaks of every kind, next to each other and at chunk boundaries, and characters of several UTF-8 bytes.
const PIECE = fc.constantFrom('\n', '\r', '\r\n', '\n\r', '{"a":1}', 'x', 'é', '€', '😀', ' ', '');
const TEXT = fc.array(PIECE, { maxLength: 40 }).map((parts) => parts.join(''));

describe('readLines', () => {
  it('splits every text exactly as readline (crlfDelay: Infinity) does, whatever the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(TEXT, fc.integer({ min: 1, max: 9 }), async (text, chunkBytes) => {
        const file = tempSession(text);
        expect(await ours(file, chunkBytes)).toEqual(await readline(file));
      }),
      { numRuns: 400, seed: 23 },
    );
  });

  it('joins a line that spans many chunks', async () => {
    const long = 'y'.repeat(100_000);
    const file = tempSession(`a\r\n${long}\rb`);
    expect(await ours(file, 1024)).toEqual(['a', long, 'b']);
  });
});
