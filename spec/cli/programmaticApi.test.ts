import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAdapter, referenceAdapter, renderJunitReport } from '../../src/index.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';

// docs/api.md "Use it from your own tests", run against the reference and one broken runtime.
const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-api-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const describeViolations = (report: Awaited<ReturnType<typeof checkAdapter>>): string[] =>
  report.violations.map((v) => `${v.invariant} at step ${v.step}: ${v.because.join(' ')} — ${v.replay}`);

describe('checkAdapter from a vitest test', () => {
  it('the reference conforms', async () => {
    const report = await checkAdapter(referenceAdapter, { runs: 200, seed: 1, outDir });
    expect(describeViolations(report)).toEqual([]);
    expect(report.verdict).toBe('conformant');
  });

  it('a broken runtime fails with a replay command the assertion message shows', async () => {
    const broken = findBuiltin('no-raw-floor');
    if (broken === undefined) throw new Error('no-raw-floor is a built-in');
    const report = await checkAdapter(broken, { seed: 1, outDir });
    expect(report.verdict).toBe('violation');
    const [line] = describeViolations(report);
    expect(line).toMatch(/^INV-07 at step \d+: .* — npx prunecheck replay .*no-raw-floor-INV-07-1\.json$/);
    expect(renderJunitReport(report)).toContain('<failure type="INV-07"');
  });
});
