import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { checkPastExpected } from '../../../src/run/expectations/checkPastExpected.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import type { CheckReport } from '../../../src/run/CheckReport.ts';
import { conformantReport, violation } from '../../helpers/reports.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-past-expected-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const naive = findBuiltin('naive');
if (naive === undefined) throw new Error('naive is a built-in');

describe('a runtime check looks past expected findings', () => {
  // Past the expected finding the engine follows naive on (SPEC.md §7, spec/ADAPTER.md §5) and finds its next
  // breach, whichever of naive's many the seed's episodes reach first (missing tombstones, silent eviction at
  // capacity, unmarked summaries…: it changes whenever the generator draws differently, as with SPEC 1.1).
  // Which finding comes first changes with the checkers too (the window-full figures made it INV-29), so the
  // expected one is the first the seed finds alone.
  it('an expected first finding does not hide a new one behind it (naive: its first finding expected, another found next)', async () => {
    const alone = await checkAdapter(naive, { seed: 1, outDir });
    expect(alone.violations).toHaveLength(1);
    const expected = alone.violations[0]?.invariant;
    if (expected === undefined) throw new Error('naive is a violation at seed 1');
    expect(expected).toMatch(/^INV-\d\d$/);
    const past = await checkPastExpected(naive, { seed: 1, outDir }, new Set([expected]), checkAdapter);
    expect(past.verdict).toBe('violation');
    const [first, next] = past.violations.map((v) => v.invariant);
    expect(past.violations).toHaveLength(2);
    expect(first).toBe(expected);
    expect(next).toMatch(/^INV-\d\d$/);
    expect(next).not.toBe(expected);
    expect(past.invariants.find((r) => r.invariant === expected)?.status).toBe('violated');
    expect(past.invariants.find((r) => r.invariant === next)?.status).toBe('violated');
    expect(past.opsChecked).toBeGreaterThan(alone.opsChecked);
  });

  it('nothing expected: one check, its report as it is', async () => {
    let calls = 0;
    const report = conformantReport();
    const result = await checkPastExpected(naive, {}, new Set(), async () => ((calls += 1), report));
    expect(result).toBe(report);
    expect(calls).toBe(1);
  });

  it('the later runs’ verdict stands when it is not conformant: thin evidence stays unknown', async () => {
    const answers: CheckReport[] = [
      conformantReport({ adapter: 'naive', verdict: 'violation', violations: [violation({ invariant: 'INV-07' })] }),
      conformantReport({ adapter: 'naive', verdict: 'unknown', error: 'situations never reached' }),
    ];
    const claimed: string[][] = [];
    const result = await checkPastExpected(naive, {}, new Set(['INV-07']), async (adapter) => {
      claimed.push([...adapter.capabilities.invariants]);
      return answers.shift() as CheckReport;
    });
    expect(result.verdict).toBe('unknown');
    expect(result.violations.map((v) => v.invariant)).toEqual(['INV-07']);
    // The second check no longer claims INV-07; the adapter itself is unchanged.
    expect(claimed[1]).not.toContain('INV-07');
    expect(naive.capabilities.invariants).toContain('INV-07');
  });
});
