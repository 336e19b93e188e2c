import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-long-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('long episodes (--long)', () => {
  it('run 500 to 600 operations each, and the reference stays conformant', async () => {
    const lengths: number[] = [];
    let last = 0;
    const report = await checkAdapter(referenceAdapter, { long: true, runs: 12, seed: 5, outDir, examples: false, onProgress: (p) => void (lengths.push(p.opsChecked - last), (last = p.opsChecked)) });
    expect(report.verdict, report.error).toBe('conformant');
    expect(lengths).toHaveLength(12);
    for (const length of lengths) expect(length).toBeGreaterThanOrEqual(500);
    for (const length of lengths) expect(length).toBeLessThanOrEqual(600);
  });
  // What only --long finds (a ledger that forgets after 16 signatures: found in a 500-operation episode, then shrunk):
  // spec/run/runtime/longEpisodes.soak.test.ts, in `npm run test:soak`.
});
