import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { applicableSituations, SITUATION_NAMES, type Situation } from '../../gen/runtime/situations.ts';
import { INVARIANT_IDS, type InvariantId } from '../../model/invariants.ts';
import type { Evidence, InvariantResult, Verdict } from '../CheckReport.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import { exposedBy, unobservable, type Observation } from '../../check/runtime/invariantNeeds.ts';
import type { EpisodeDriver } from './EpisodeDriver.ts';
import type { TallyTotals } from '../parallel/TallyTotals.ts';

/**
 * What the generated runs of one check saw, and whether it is enough for a `conformant` verdict (spec/ADAPTER.md
 * §6): every applicable dangerous situation reached, and every claimed invariant judged, over complete runs, and
 * at least half the runs complete. A run cut short (the reference could not follow the system past a finding on
 * an invariant it does not claim) counts as run, never as evidence.
 */
export class EvidenceTally {
  runs = 0;
  runsComplete = 0;
  runsCutShort = 0;
  choicesAdopted = 0;
  /** Rechecks of whole episodes' state (issue 11), over the counted runs. */
  rechecks = 0;
  readonly situations = Object.fromEntries(SITUATION_NAMES.map((s) => [s, 0])) as Record<Situation, number>;
  readonly checked = new Map<InvariantId, number>();
  private readonly unclaimed: Record<string, { resumed: number; cutShort: number }> = {};
  /** Runs whose system did not expose each optional observation: an invariant needing it is `unknown`. */
  private readonly unexposed: Record<string, number> = {};
  /**
   * The optional observations a system of this check did not expose, counted or not (the run of a finding, an
   * incident, a shrinking candidate): spec/ADAPTER.md's "unknown whatever else the check found" must not depend
   * on whether a run finished before the first finding, which on `--workers` is a matter of scheduling.
   */
  private readonly hidden = new Set<Observation>();

  /** `planned`: whether the runs mix in the situation plans (issue 22), so the situations only plans reach are asked. */
  constructor(
    private readonly adapter: Adapter,
    private readonly planned = true,
  ) {}

  /** Notes what a system the check created exposes, whether or not its run is counted. */
  noteSystem(system: PruningSystem): void {
    const exposed = exposedBy(system);
    for (const o of ['auditLog', 'request'] as const) if (!exposed.has(o)) this.hidden.add(o);
  }

  /** Counts one finished generated run. */
  add(driver: EpisodeDriver): void {
    this.runs += 1;
    this.choicesAdopted += driver.adopted;
    this.rechecks += driver.recheck.count;
    const exposed = exposedBy(driver.system);
    for (const o of ['auditLog', 'request'] as const) if (!exposed.has(o)) this.unexposed[o] = (this.unexposed[o] ?? 0) + 1;
    for (const finding of driver.unclaimed) {
      const entry = (this.unclaimed[finding.invariant] ??= { resumed: 0, cutShort: 0 });
      if (finding.resumed) entry.resumed += 1;
      else entry.cutShort += 1;
    }
    if (driver.cutShort !== undefined) {
      this.runsCutShort += 1;
      return;
    }
    this.runsComplete += 1;
    for (const situation of driver.situations) this.situations[situation] += 1;
    for (const [invariant, count] of driver.exercised) this.checked.set(invariant, (this.checked.get(invariant) ?? 0) + count);
  }

  /** Issue 14 (src/run/parallel): the counts as data, for a worker thread or a shard report to carry. */
  totals(): TallyTotals {
    const unclaimed = Object.fromEntries(Object.entries(this.unclaimed).map(([id, e]) => [id, { ...e }]));
    return { runs: this.runs, runsComplete: this.runsComplete, runsCutShort: this.runsCutShort, choicesAdopted: this.choicesAdopted, rechecks: this.rechecks, situations: { ...this.situations }, checked: Object.fromEntries(this.checked), unclaimed, unexposed: { ...this.unexposed } };
  }

  /** Issue 14 (src/run/parallel): adds runs counted elsewhere (a worker thread, another shard). */
  absorb(totals: TallyTotals): void {
    this.runs += totals.runs;
    this.runsComplete += totals.runsComplete;
    this.runsCutShort += totals.runsCutShort;
    this.choicesAdopted += totals.choicesAdopted;
    this.rechecks += totals.rechecks;
    for (const [situation, n] of Object.entries(totals.situations)) if (situation in this.situations) this.situations[situation as Situation] += n;
    for (const [invariant, n] of Object.entries(totals.checked)) this.checked.set(invariant as InvariantId, (this.checked.get(invariant as InvariantId) ?? 0) + n);
    for (const [id, e] of Object.entries(totals.unclaimed)) {
      const entry = (this.unclaimed[id] ??= { resumed: 0, cutShort: 0 });
      entry.resumed += e.resumed;
      entry.cutShort += e.cutShort;
    }
    for (const [o, n] of Object.entries(totals.unexposed ?? {})) this.unexposed[o] = (this.unexposed[o] ?? 0) + n;
  }

  evidence(): Evidence {
    return { runsComplete: this.runsComplete, runsCutShort: this.runsCutShort, unclaimed: this.unclaimed, choicesAdopted: this.choicesAdopted, rechecks: this.rechecks };
  }

  /** Why the evidence is too thin for `conformant`, with the numbers; empty when it is enough. */
  gaps(seed: number): string[] {
    const gaps: string[] = [];
    const { adapter } = this;
    if (this.runsComplete * 2 < this.runs) {
      const by = Object.entries(this.unclaimed).filter(([, e]) => e.cutShort > 0).map(([id, e]) => `${id} ×${e.cutShort}`);
      gaps.push(`${this.runsCutShort} of ${this.runs} runs were cut short by findings on invariants ${adapter.name} does not claim (${by.join(', ')}); claim them, or fix what they find`);
    }
    const unreached = applicableSituations(adapter.capabilities.operations, this.planned).filter((s) => this.situations[s] === 0);
    if (unreached.length > 0) gaps.push(`${this.runsComplete} complete runs never reached: ${unreached.join(', ')}; raise --runs (seed ${seed})`);
    const unjudged = adapter.capabilities.invariants.filter((id) => (this.checked.get(id) ?? 0) === 0);
    if (unjudged.length > 0) gaps.push(`no operation of a complete run exercised the claimed ${unjudged.join(', ')}; raise --runs, or check the operations the adapter supports`);
    return gaps;
  }

  /** Each invariant's status for a report that ends with `verdict` (and, for a finding, its invariant). */
  statuses(verdict: Verdict, found?: FindingKind, reason?: string): InvariantResult[] {
    const claimed = new Set<InvariantId>(this.adapter.capabilities.invariants);
    return INVARIANT_IDS.map((invariant): InvariantResult => {
      if (!claimed.has(invariant)) return { invariant, status: 'not-claimed' };
      const checked = this.checked.get(invariant) ?? 0;
      if (invariant === found) return { invariant, status: 'violated', checked };
      const hidden = unobservable(invariant, new Set((['auditLog', 'request'] as const).filter((o: Observation) => (this.unexposed[o] ?? 0) === 0 && !this.hidden.has(o))));
      if (hidden !== undefined) return { invariant, status: 'unknown', checked, reason: hidden };
      if (verdict === 'conformant') return { invariant, status: 'passed', checked };
      return { invariant, status: 'inconclusive', checked, reason: reason ?? (found === undefined ? 'not judged' : `the check stopped at the ${found} finding first`) };
    });
  }
}
