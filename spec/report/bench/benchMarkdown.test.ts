import { describe, expect, it } from 'vitest';
import { renderBenchMarkdown, targetStatus } from '../../../src/report/bench/benchMarkdown.ts';
import { SUPERVISED_CHECK_LIMIT, SUPERVISED_CHECK_WORKLOAD, SUPERVISED_STEP_WORKLOAD } from '../../../src/report/bench/supervisedCost.ts';
import { cell, sampleBenchReport } from './sampleBenchReport.ts';

describe('renderBenchMarkdown', () => {
  const report = sampleBenchReport();
  const text = renderBenchMarkdown(report, 'bench.svg');

  it('leads with the targets: each row of the issue met or missed, by how much, with the worst ratio and a reason', () => {
    expect(text.indexOf('## Targets')).toBeLessThan(text.indexOf('## Cost per operation'));
    expect(text).toMatch(/\d+ met, \d+ missed, \d+ not measured/);
    expect(text).toContain('| engine step over stdio (protocol 1.1) ≤ 10× in-process | **missed** by 25.0 % | 12.5× | ≤ 10.0× | One round trip per step (12.5×), where protocol 1.0 took two (25.0×); a child whose runtime does nothing costs 10.0×');
    expect(text).toContain('| **missed** by 42.9 % (1 of 2) | 2.86× (~1 KB content, at 10⁶) | ≤ 2.00× | Missed by most at 10⁶ with ~1 KB content: beyond the hash a prune costs 3.90 µs');
    expect(text).toContain('| 2 workers ≥ 1.7× the checked operations/s of 1 worker | not measured |');
    expect(text).toContain('| checked property run ≥ 33 % of the bare reference `apply` rate, same episodes | met | 40.0 % | ≥ 33.0 % |');
    expect(text).toContain('| memory per span ≤ 1.5× content + 300 B at every size | **missed** by 3.49 % | 1900 B | ≤ 1836 B |');
    // Every ratio behind the rows, with the figures it came from.
    expect(text).toMatch(/\| prune, reversible \(persisted span\): growth 10³ → 10⁶ spans ≤ a bare Map get \+ set's \| 2\.00× \| ≤ 4\.00× \| met \|/);
    expect(text).toContain('| 1900 B | ≤ 1836 B | **missed** by 3.49 % |');
  });

  it('says what rechecks cost: the same runs without them, beside the checked rate with them', () => {
    const [slow, fast] = report.propertyRuns;
    const withRechecks = sampleBenchReport({
      propertyRuns: [{ ...(slow as NonNullable<typeof slow>), recheckEvery: 16, rechecks: 900 }, { ...(fast as NonNullable<typeof fast>), recheckEvery: 16, rechecks: 900 }],
      propertyRunsWithoutRecheck: [{ ...(fast as NonNullable<typeof fast>), recheckEvery: 0, rechecks: 0, opsPerSecond: 50_000 }],
    });
    expect(renderBenchMarkdown(withRechecks, 'bench.svg')).toContain(
      '**Rechecks** (issue 11: every id and signature an episode touched, re-observed every 16 steps and at the end of each run): without them the same runs check 50,000 operations per second (every round: 50,000), so they cost 20 % of the checked rate (900 rechecks over 200 runs).',
    );
    expect(text).not.toContain('**Rechecks**');
  });

  it('tabulates the protocol round trip', () => {
    expect(text).toContain('| engine step, protocol 1.0 (observe, then apply with the observations after) | 200,000 | 8,000 | 25.0× |');
    expect(text.indexOf('## Protocol round trip')).toBeGreaterThan(text.indexOf('## Cost per operation'));
    expect(text).not.toContain('What the supervised boundary');
  });

  it('states what the supervised boundary costs per step and per check, and its target met or missed (issue 25)', () => {
    const check = `${SUPERVISED_CHECK_WORKLOAD} (300 runs, seed 42)`;
    const withBoundary = sampleBenchReport({
      protocol: [
        ...(report.protocol ?? []),
        { workload: SUPERVISED_STEP_WORKLOAD, inProcessOpsPerSecond: 200_000, stdioOpsPerSecond: 20_000, ratio: 10 },
        { workload: check, inProcessOpsPerSecond: 50_000, stdioOpsPerSecond: 25_000, ratio: 2 },
      ],
    });
    const rendered = renderBenchMarkdown(withBoundary, 'bench.svg');
    expect(rendered).toContain('- an engine step, batched, 10× the in-process step (+45.0 µs per step)');
    expect(rendered).toContain(`- a whole check, 2× in-process wall clock (+20.0 µs per checked step; target ≤ ${SUPERVISED_CHECK_LIMIT}×: missed by 0.50×)`);
    expect(rendered.indexOf('What the supervised boundary')).toBeGreaterThan(rendered.indexOf('## Protocol round trip'));
  });

  it('tabulates every measured cell by size, with the largest-over-smallest ratio, and links the chart', () => {
    expect(text).toContain('| path | subject | 10³ | 10⁶ | 10⁶ / 10³ |');
    expect(text).toContain('| prune, reversible (persisted span) | reference | 3.00 µs | 6.00 µs | 2.00× |');
    expect(text).toContain('| lookup, resident | naive | 4.00 µs | — | — |');
    expect(text).toContain('| ceiling: sha256 of the same content | ceiling | 2.00 µs | 2.10 µs | 1.05× |');
    expect(text).toContain('![cost per operation against window size, log-log](bench.svg)');
    expect(text).toContain('40,000 checked operations per second, 25.0 µs per operation (10,000 operations in 0.250 s; every round: 25,000, 40,000); the bare reference `apply` runs the same episodes\' operations at 100,000 per second.');
  });

  it('reads growth against the Map ceiling, and against the naive baseline where it was measured', () => {
    expect(text).toContain('a bare Map get + set on the same ids (4.00× from 10³ to 10⁶)');
    expect(text).toContain('| prune, reversible (persisted span) | 2.00× | 0.500× |');
    expect(text).toContain('| re-frame, per resident span | 1.13× | 0.281× |');
    expect(text).not.toContain('| claim (10 ids) |');
    const withNaive = sampleBenchReport();
    const sizes = [1_000, 100_000, 1_000_000];
    const measurements = [...withNaive.measurements, cell('naive', 'lookup-resident', 100_000, 400_000), cell('reference', 'lookup-resident', 100_000, 350)];
    const naiveText = renderBenchMarkdown({ ...withNaive, sizes, measurements });
    expect(naiveText).toContain('| path | 10⁶ / 10³ | over the Map\'s growth | reference 10⁵ / 10³ | naive 10⁵ / 10³ |');
    expect(naiveText).toContain('| lookup, resident | 1.33× | 0.333× | 1.17× | 100× |');
  });

  it('reports memory, the method, the run conditions and what was not measured', () => {
    expect(text).toContain('| reference | 10³ | 1900 B | 1024 B | 876 B | 1836 B | **over** by 3.49 % | 1152 B |');
    expect(text).toContain('- **prune, reversible (persisted span)**: prune then restore, untimed.');
    expect(text).toContain("3 rounds interleaving the window's tasks");
    expect(text).toContain('load average 0.5 at the start, 1.3 at the end');
    expect(text).toContain('## Not measured\n\n- one checker step: not in the tree yet');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('says so when memory was not measured, and labels a quick run as indicative', () => {
    const quick = renderBenchMarkdown(sampleBenchReport({ mode: 'quick', memory: [], missing: [], propertyRuns: [] }));
    expect(quick).toContain('Quick run');
    expect(quick).toContain('Not measured: run with `node --expose-gc`');
    expect(quick).not.toContain('## Not measured');
    expect(quick).not.toContain('Checked property run');
  });

  it('words target statuses', () => {
    const [first] = report.targets;
    expect(first).toBeDefined();
    if (first === undefined) return;
    expect(targetStatus({ ...first, status: 'met' })).toBe('met');
    expect(targetStatus({ ...first, status: 'not-measured' })).toBe('not measured');
    expect(targetStatus({ ...first, status: 'missed', missBy: 0.5 })).toBe('**missed** by 50.0 %');
  });
});
