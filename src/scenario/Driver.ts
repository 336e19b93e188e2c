import type { PruningSystem } from '../adapters/Adapter.ts';
import type { Operation } from '../model/Operation.ts';
import type { Outcome } from '../model/Outcome.ts';
import type { SpanView } from '../model/Span.ts';
import { idsNamedBy, idsNamedByOutcome } from '../adapters/touchedIds.ts';
import { deepFreeze } from '../util/deepFreeze.ts';
import { describeThrown } from '../util/safeJson.ts';
import { withTimeout } from '../util/withTimeout.ts';
import type { EntryKind, OccupancySample, TimelineEntry } from './ScenarioRun.ts';

/** How long one operation or observation of a scenario may take before the run counts as crashed. */
export const SCENARIO_OP_TIMEOUT_MS = 5_000;

/** What the harness itself knows of a span it created: it never trusts the runtime for this. */
export interface SpanMeta {
  readonly id: string;
  readonly turn: number;
  readonly content: string;
  readonly gist: string | undefined;
  readonly kind: 'raw' | 'derived' | 'summary';
  /** The score the agent's scorer gave it when it was appended or written. */
  readonly score?: number;
}

/** Evidence, per span id, of a mechanism acting on it (read from the runtime's answers and observations). */
export type Evidence = 'prune-rejected' | 'compact-refused' | 'floored' | 'score-kept' | 'score-lowered' | 'lossy-marker';

/**
 * Drives one runtime through a scenario: applies operations, catches a crash, and after every operation
 * observes every span it created, so it sees evictions the runtime did not report (silent evictions), whether
 * a tombstone was written, and the window's occupancy.
 */
export class Driver {
  readonly entries: TimelineEntry[] = [];
  readonly occupancy: OccupancySample[] = [];
  readonly order: string[] = [];
  /** Every operation applied, in order (the last one may be the one the runtime crashed on). */
  readonly operations: Operation[] = [];
  readonly meta = new Map<string, SpanMeta>();
  readonly evidence = new Map<string, Set<Evidence>>();
  /** Whether any span the harness created has left the window (an `evict` or `silent-evict` entry was noted): a negative claim then cannot rest on the window. */
  lostAny = false;
  crash: { turn: number; message: string; code: string | undefined } | undefined;
  private readonly system: PruningSystem;
  private readonly timeoutMs: number;
  private views = new Map<string, SpanView>();
  /** Where each id stands in `order` (an id registered twice stands twice), so residents need not walk `order`. */
  private readonly positions = new Map<string, number[]>();
  private residentsInOrder: readonly SpanView[] | undefined;

  constructor(system: PruningSystem, timeoutMs = SCENARIO_OP_TIMEOUT_MS) {
    this.system = system;
    this.timeoutMs = timeoutMs;
  }

  get used(): number {
    let total = 0;
    for (const view of this.views.values()) total += view.tokens;
    return total;
  }

  resident(id: string): SpanView | undefined {
    return this.views.get(id);
  }

  /**
   * Resident spans in creation order. Sorted from the residents, not filtered from every span ever created:
   * walking `order` made each pruning pass O(turns) and a long scenario quadratic.
   */
  residents(): readonly SpanView[] {
    if (this.residentsInOrder !== undefined) return this.residentsInOrder;
    const placed: [number, SpanView][] = [];
    for (const [id, view] of this.views) for (const at of this.positions.get(id) ?? []) placed.push([at, view]);
    placed.sort((a, b) => a[0] - b[0]);
    this.residentsInOrder = placed.map(([, view]) => view);
    return this.residentsInOrder;
  }

  /** Records a timeline entry, at the end or, with `at`, before the entries recorded since `entries.length` was `at`. */
  note(turn: number, kind: EntryKind, text: string, at = this.entries.length): void {
    this.entries.splice(at, 0, { turn, kind, text });
    if (kind === 'evict' || kind === 'silent-evict') this.lostAny = true;
  }

  addEvidence(id: string, evidence: Evidence): void {
    const set = this.evidence.get(id) ?? new Set<Evidence>();
    set.add(evidence);
    this.evidence.set(id, set);
  }

  register(meta: SpanMeta): void {
    this.meta.set(meta.id, meta);
    const at = this.positions.get(meta.id);
    if (at === undefined) this.positions.set(meta.id, [this.order.length]);
    else at.push(this.order.length);
    this.order.push(meta.id);
    this.residentsInOrder = undefined;
  }

  /**
   * Applies `op`; answers undefined once the runtime has crashed. A throw, a timeout (an operation or the
   * observation after it that does not answer within the timeout) or a malformed answer is a crash at this turn.
   */
  async apply(op: Operation, turn: number): Promise<Outcome | undefined> {
    if (this.crash !== undefined) return undefined;
    this.operations.push(deepFreeze(op));
    let outcome: Outcome;
    try {
      outcome = await withTimeout(() => this.system.apply(op), this.timeoutMs, 'apply');
      if (typeof outcome !== 'object' || outcome === null || typeof (outcome as { kind?: unknown }).kind !== 'string') throw new TypeError(`apply answered ${outcome === null ? 'null' : typeof outcome}, not an outcome`);
      await this.refresh(op, outcome, turn);
    } catch (error: unknown) {
      const message = `${error instanceof Error ? error.name : 'Error'}: ${describeThrown(error, 500)}`;
      const code = (error as { code?: unknown } | null)?.code;
      this.crash = { turn, message, code: typeof code === 'string' ? code : undefined };
      this.note(turn, 'crash', `runtime threw on ${op.kind}: ${message}`);
      return undefined;
    }
    return outcome;
  }

  private async refresh(op: Operation, outcome: Outcome, turn: number): Promise<void> {
    // What can have changed: the spans resident before (any may vanish) and those the step names. Observing
    // every span ever created instead made a long scenario quadratic.
    const ids = [...new Set([...this.views.keys(), ...idsNamedBy(op), ...idsNamedByOutcome(outcome)])].filter((id) => this.meta.has(id));
    const observations = await withTimeout(() => this.system.observe(ids), this.timeoutMs, 'observe');
    if (!Array.isArray(observations)) throw new TypeError(`observe answered ${typeof observations}, not an array of observations`);
    const before = this.views;
    this.views = new Map();
    this.residentsInOrder = undefined;
    for (const o of observations) if (o.resident !== undefined) this.views.set(o.spanId, o.resident);
    const reported = reportedEvictions(outcome);
    for (const o of observations) {
      if (!before.has(o.spanId) || this.views.has(o.spanId)) continue;
      const mode = reported.get(o.spanId);
      const tokens = before.get(o.spanId)?.tokens ?? 0;
      if (mode === undefined) this.note(turn, 'silent-evict', `${o.spanId} (${tokens} tok) vanished during ${op.kind}: no eviction reported`);
      else this.note(turn, 'evict', `${o.spanId} (${tokens} tok) evicted ${mode}`);
      if (o.tombstone !== undefined) this.note(turn, 'tombstone', `tombstone ${o.spanId} sha256:${o.tombstone.digest.slice(0, 8)}`);
      if (o.index?.kind === 'lossy') this.addEvidence(o.spanId, 'lossy-marker');
    }
    if (op.kind === 'summarize' && outcome.kind === 'summarized') {
      for (const id of op.sourceIds) {
        const was = before.get(id)?.score;
        const now = this.views.get(id)?.score;
        if (was === undefined || now === undefined) continue;
        this.addEvidence(id, now < was ? 'score-lowered' : 'score-kept');
        if (now !== was) this.note(turn, 'rescore', `writing ${op.summaryId} changed ${id}'s retention score ${was} → ${Math.round(now * 1000) / 1000}`);
      }
    }
    this.occupancy.push({ turn, used: this.used });
  }
}

function reportedEvictions(outcome: Outcome): Map<string, string> {
  if (outcome.kind === 'evicted') return new Map([[outcome.spanId, outcome.mode]]);
  if (outcome.kind === 'compacted') return new Map(outcome.evicted.map((e) => [e.spanId, e.mode]));
  return new Map();
}
