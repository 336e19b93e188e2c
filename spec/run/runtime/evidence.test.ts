import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { SITUATION_NAMES } from '../../../src/gen/runtime/situations.ts';
import { RUNTIME_INVARIANT_IDS, type InvariantId } from '../../../src/model/invariants.ts';
import { renderPrettyReport } from '../../../src/report/prettyReport.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import type { EpisodeDriver } from '../../../src/run/runtime/EpisodeDriver.ts';
import { EvidenceTally } from '../../../src/run/runtime/EvidenceTally.ts';
import { faultyAdapter } from '../../helpers/faultyAdapters.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-evidence-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));
const claiming = (adapter: Adapter, invariants: readonly InvariantId[]): Adapter => ({ ...adapter, capabilities: { ...adapter.capabilities, invariants } });

// Issue problem 4: the first finding on an unclaimed invariant ended the run, so a runtime claiming only INV-15
// was "conformant" over runs of 3.5 operations, reaching 2 of 8 dangerous situations.
describe('no cheap conformant', () => {
  it('INV-15 a runtime claiming only INV-15 is judged over whole runs: the reference follows it past its unclaimed INV-03', async () => {
    const report = await checkAdapter(claiming(findBuiltin('trusts-safe-claim') as Adapter, ['INV-15']), { seed: 1, outDir });
    expect(report.verdict).toBe('conformant');
    expect(report.opsChecked / report.runs).toBeGreaterThan(20);
    expect(report.evidence).toMatchObject({ runsComplete: 300, runsCutShort: 0 });
    expect(report.evidence?.unclaimed['INV-03']?.resumed).toBeGreaterThan(100);
    for (const situation of SITUATION_NAMES) expect(report.situations[situation], situation).toBeGreaterThan(0);
    expect(report.invariants.find((r) => r.invariant === 'INV-15')).toMatchObject({ status: 'passed', checked: expect.any(Number) });
    expect(report.invariants.find((r) => r.invariant === 'INV-15')?.checked).toBeGreaterThan(100);
    expect(renderPrettyReport(report)).toMatch(/runs: 300 complete, 0 cut short \(only complete runs count as evidence\)\nfindings on invariants not claimed: INV-03 ×\d+/);
  });

  it('runs cut short are no evidence: claimed invariants never judged over complete runs make the verdict unknown, with the numbers', async () => {
    // Every summary is refused: the reference cannot follow (it summarized), so each run is cut short there. The
    // runtime inside still takes the step, so a summary the reference refuses too (an evicted source: default runs
    // reach it since issue 22) keeps the step counts equal and the run goes on.
    const refusesSummaries = faultyAdapter('refuses-summaries', (op, inner) =>
      op.kind === 'summarize' ? Promise.resolve(inner.apply(op)).then(() => ({ kind: 'rejected', spanId: op.sourceIds[0], reason: 'not-resident' })) : undefined,
    );
    const report = await checkAdapter(claiming(refusesSummaries, RUNTIME_INVARIANT_IDS.filter((id) => id !== 'INV-15')), { seed: 1, outDir });
    expect(report.verdict).toBe('unknown');
    expect(report.evidence?.runsCutShort).toBeGreaterThan(50);
    expect(report.evidence?.unclaimed['DIFFERENTIAL']?.cutShort).toBe(report.evidence?.runsCutShort);
    // INV-14 needs a summary taken: none is. (INV-05 is judged on summaries refused by both since issue 22.)
    expect(report.error).toMatch(/no operation of a complete run exercised the claimed (INV-\d\d, )*INV-14\b/);
    expect(report.invariants.find((r) => r.invariant === 'INV-14')).toMatchObject({ status: 'inconclusive', checked: 0 });
  });
});

describe('the tally of evidence', () => {
  /** What the engine knows of one finished run: the situations it reached, the checks it ran, how it ended. */
  const run = (cutShort: boolean): EpisodeDriver =>
    ({
      adopted: 0,
      system: { apply: () => undefined, observe: () => [], request: () => undefined, auditLog: () => [] },
      recheck: { count: 1 },
      situations: new Set(SITUATION_NAMES),
      exercised: new Map(RUNTIME_INVARIANT_IDS.map((id) => [id, 5])),
      unclaimed: cutShort ? [{ invariant: 'INV-03', step: 4, resumed: false }] : [],
      cutShort: cutShort ? { invariant: 'INV-03', step: 4, resumed: false } : undefined,
    }) as unknown as EpisodeDriver;

  it('a run cut short counts as run, never as evidence: none of its situations or checks count', () => {
    const tally = new EvidenceTally(referenceAdapter);
    for (let i = 0; i < 3; i += 1) tally.add(run(true));
    expect(tally.evidence()).toMatchObject({ runsComplete: 0, runsCutShort: 3, unclaimed: { 'INV-03': { resumed: 0, cutShort: 3 } } });
    expect(Object.values(tally.situations).every((n) => n === 0)).toBe(true);
    expect([...tally.checked.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(tally.gaps(1).join(' ')).toMatch(/^3 of 3 runs were cut short by findings on invariants reference does not claim \(INV-03 ×3\).* never reached: .* no operation of a complete run exercised the claimed INV-01/);
    tally.add(run(false));
    expect(tally.checked.get('INV-01')).toBe(5);
    // One complete run of four: under half, still too thin.
    expect(tally.gaps(1)).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) tally.add(run(false));
    expect(tally.gaps(1)).toEqual([]);
  });
});

// Issue problem 6: with too few runs, every invariant read "inconclusive: the check stopped at another finding
// first", though there was no finding.
describe('statuses say why', () => {
  it('a check without a finding but with too little evidence says so, for every claimed invariant', async () => {
    const report = await checkAdapter(referenceAdapter, { runs: 5, seed: 1, outDir, examples: false });
    expect(report.verdict).toBe('unknown');
    expect(report.violations).toEqual([]);
    for (const r of report.invariants.filter((i) => i.status !== 'not-claimed')) {
      expect(r).toMatchObject({ status: 'inconclusive', reason: expect.stringMatching(/^no violation, but the evidence is too thin for a verdict: /) });
    }
    expect(renderPrettyReport(report)).not.toContain('stopped at another finding');
  });
});

// spec/ADAPTER.md, "Observable or unknown": an invariant whose observation the system does not expose is unknown
// whatever else the check found. It was so only when a run had finished before the first finding, so a runtime
// failing its first run (or, on --workers, whichever run a thread reached first) read "inconclusive" instead.
describe('observable or unknown, whatever run the finding came in', () => {
  const withoutAuditLog = (adapter: Adapter): Adapter => ({
    ...adapter,
    async create(config) {
      const system = await adapter.create(config);
      const request = system.request;
      return { apply: (op) => system.apply(op), observe: (ids) => system.observe(ids), ...(request === undefined ? {} : { request: (signature: string) => request.call(system, signature) }) };
    },
  });

  it('INV-11 INV-12 a runtime without auditLog whose first episode already fails: both unknown, not observable', async () => {
    const report = await checkAdapter(withoutAuditLog(findBuiltin('trusts-safe-claim') as Adapter), { seed: 1, runs: 20, outDir, reruns: 0 });
    expect(report.verdict).toBe('violation');
    expect(report.evidence?.runsComplete ?? 0).toBe(0);
    for (const id of ['INV-11', 'INV-12'] as const) expect(report.invariants.find((r) => r.invariant === id)).toMatchObject({ status: 'unknown', reason: expect.stringMatching(/not observable/) });
  });
});
