import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { referenceAdapter } from '../../src/adapters/reference.ts';
import { applicableSituations } from '../../src/gen/runtime/situations.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { runCli } from '../helpers/cli.ts';
import { faultyAdapter } from '../helpers/faultyAdapters.ts';
import { scratch } from '../helpers/faults.ts';

// Issue 15, class "verdict": verdicts and messages are true, whatever the adapter or the flags do.
const temp = scratch('verdict');

describe('wrong verdicts and unclear messages (issue 15, items 22–27)', () => {
  it('item 22: a --time-limit that stops the check before every situation is reached is never conformant', async () => {
    for (const timeLimitSeconds of [0.001, 0.05]) {
      const report = await checkAdapter(referenceAdapter, { seed: 1, timeLimitSeconds, outDir: temp() });
      const unreached = applicableSituations(referenceAdapter.capabilities.operations).filter((s) => (report.situations[s] ?? 0) === 0);
      if (report.verdict === 'conformant') expect(unreached).toEqual([]);
      else expect(report.error).toMatch(/the time limit \(.* s\) stopped the check after \d+ of 300 runs/);
    }
    const cut = await checkAdapter(referenceAdapter, { seed: 1, timeLimitSeconds: 0.001, outDir: temp() });
    expect(cut.verdict).toBe('unknown');
    expect(cut.invariants.filter((i) => i.status === 'passed')).toEqual([]);
  });

  it('item 23: an adapter that changes the config it is given cannot corrupt the reference: an adapter error, not a spurious INV-13', async () => {
    const rewrites: Adapter = { ...referenceAdapter, name: 'rewrites-config', create: (config) => referenceAdapter.create(Object.assign(config, { capacity: 1 })) };
    const report = await checkAdapter(rewrites, { runs: 5, seed: 1, outDir: temp() });
    expect(report.verdict).toBe('error');
    expect(report.violations[0]?.invariant).toBe('ADAPTER-ERROR');
    expect(report.violations[0]?.because.join(' ')).toMatch(/Cannot assign to read only property 'capacity'/);
  });

  it('item 24: --time-limit 0.001 is a clear unknown verdict, never "the harness failed: null"', async () => {
    const result = await runCli(['check', '--adapter', 'reference', '--seed', '1', '--time-limit', '0.001', '--counterexamples', temp()]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('harness failed');
    expect(result.stdout).toContain('verdict: unknown');
    expect(result.stdout).toMatch(/the time limit \(0\.001 s\) stopped the check after 0 of 300 runs/);
  });

  it('item 26: a 3 MB string from the adapter is quoted in messages and files cut to a bounded length, saying how long it was', async () => {
    const huge = 'k'.repeat(3_000_000);
    const dir = temp();
    const report = await checkAdapter(faultyAdapter('huge-kind', (op) => (op.kind === 'lookup' ? { kind: huge, spanId: op.spanId } : undefined)), { runs: 10, seed: 1, examples: false, outDir: dir });
    expect(report.verdict).toBe('error');
    const because = report.violations[0]?.because ?? [];
    for (const line of because) expect(line.length).toBeLessThan(2_200);
    expect(because.join(' ')).toMatch(/characters omitted/);
    const file = report.violations[0]?.counterexample ?? '';
    expect(statSync(file).size).toBeLessThan(200_000);
    expect(readFileSync(file, 'utf8')).toMatch(/of 30000\d\d characters omitted/);
  });
});
