import type { PruningSystem } from '../../adapters/Adapter.ts';
import { checkObservations } from '../../check/runtime/checkObservations.ts';
import { checkOutcome } from '../../check/runtime/checkOutcome.ts';
import { describeOperation } from '../../check/runtime/describeOperation.ts';
import type { Finding } from '../../check/Finding.ts';
import type { StepFacts } from '../../check/runtime/StepFacts.ts';
import { idsNamedBy, idsNamedByOutcome } from '../../check/runtime/touchedIds.ts';
import { validateObservations, validateOutcome } from '../../check/runtime/validateOutcome.ts';
import type { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import { situationsOf, type Situation } from '../../gen/runtime/situations.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { FindingKind } from '../CheckReport.ts';
import { withTimeout, TimeoutError } from '../withTimeout.ts';

/** What the system answered at one step; an operation that threw is recorded as an adapter error. */
export type RecordedOutcome = Outcome | { readonly kind: 'adapter-error'; readonly message: string };

/** The engine's own timer, or an adapter's error that says it is a timeout (a protocol client's `TIMEOUT`). */
function isTimeout(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  const e = error as { code?: unknown; finding?: unknown } | null;
  return typeof e === 'object' && e !== null && (e.finding === 'TIMEOUT' || e.code === 'TIMEOUT');
}

/** Null (as JSON protocols send it) and undefined mean the same in observations. */
function normalizeObservation(o: SpanObservation): SpanObservation {
  return { spanId: o.spanId, resident: o.resident ?? undefined, index: o.index ?? undefined, tombstone: o.tombstone ?? undefined };
}

/**
 * Drives one episode: each operation goes to the reference and to the system under test, both are observed
 * around it (only the ids the step touches), and the checkers judge the step. The first finding ends the run.
 */
export class EpisodeDriver {
  readonly trace: Operation[] = [];
  readonly outcomes: RecordedOutcome[] = [];
  readonly situations = new Set<Situation>();
  /** Set when a finding concerns an invariant the adapter does not claim: the rest of the episode is skipped. */
  stopped = false;

  constructor(
    readonly state: EpisodeState,
    readonly system: PruningSystem,
    private readonly claims: (invariant: FindingKind) => boolean,
    private readonly opTimeoutMs: number,
  ) {}

  private fail(invariant: FindingKind, ...because: string[]): Finding {
    return { invariant, because: [`step ${this.trace.length}: ${describeOperation(this.trace.at(-1) as Operation)}`, ...because] };
  }

  private async observe(ids: readonly string[], when: string): Promise<Map<string, SpanObservation> | Finding> {
    if (ids.length === 0) return new Map();
    let raw: unknown;
    try {
      raw = await withTimeout(Promise.resolve(this.system.observe(ids)), this.opTimeoutMs, 'observe');
    } catch (error: unknown) {
      return this.adapterFailure(error, `observe(${ids.join(', ')}) ${when} the step`);
    }
    const problem = validateObservations(raw, ids);
    if (problem !== undefined) return this.fail('ADAPTER-ERROR', `malformed observation ${when} the step: ${problem}`);
    return new Map((raw as SpanObservation[]).map((o) => [o.spanId, normalizeObservation(o)]));
  }

  private adapterFailure(error: unknown, what: string): Finding {
    if (isTimeout(error)) return this.fail('TIMEOUT', `${what} did not answer within ${this.opTimeoutMs} ms; the verdict is unknown`);
    const message = error instanceof Error ? error.message : String(error);
    return this.fail('ADAPTER-ERROR', `${what} threw: ${message}`);
  }

  /** Runs one step; answers a finding the adapter claims, or undefined. */
  async step(op: Operation): Promise<Finding | undefined> {
    const named = [...new Set(idsNamedBy(op))];
    const refBefore = new Map(named.map((id) => [id, this.state.reference.observe(id)]));
    this.trace.push(op);
    const sutBefore = await this.observe(named, 'before');
    if (!(sutBefore instanceof Map)) return this.record({ kind: 'adapter-error', message: 'observe failed' }, sutBefore);

    const expected = this.state.reference.apply(op);
    for (const situation of situationsOf(op, expected, this.state)) this.situations.add(situation);
    let actual: Outcome;
    try {
      actual = await withTimeout(Promise.resolve(this.system.apply(op)), this.opTimeoutMs, 'apply');
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      if (expected.kind === 'window-full' && !isTimeout(error)) {
        return this.record({ kind: 'adapter-error', message }, this.fail('INV-13', `the window was full; the reference answered window-full, the system threw: ${message}`, 'INV-13: at capacity, answer "window full", never crash.'));
      }
      return this.record({ kind: 'adapter-error', message }, this.adapterFailure(error, 'apply'));
    }
    const malformed = validateOutcome(actual);
    if (malformed !== undefined) return this.record({ kind: 'adapter-error', message: malformed }, this.fail('ADAPTER-ERROR', `malformed outcome: ${malformed}`));

    const after = [...new Set([...named, ...idsNamedByOutcome(expected), ...idsNamedByOutcome(actual)])];
    const sutAfter = await this.observe(after, 'after');
    if (!(sutAfter instanceof Map)) return this.record(actual, sutAfter);
    let sutRequest: RequestRecord | undefined | 'unsupported' = 'unsupported';
    if (op.kind === 'callTool' && this.system.request !== undefined) {
      try {
        sutRequest = await withTimeout(Promise.resolve(this.system.request(op.signature)), this.opTimeoutMs, 'request');
      } catch (error: unknown) {
        return this.record(actual, this.adapterFailure(error, `request(${op.signature})`));
      }
    }
    const facts: StepFacts = {
      step: this.trace.length,
      op,
      expected,
      actual,
      refBefore,
      refAfter: new Map(after.map((id) => [id, this.state.reference.observe(id)])),
      sutBefore,
      sutAfter,
      sutRequest: sutRequest ?? undefined,
      reference: this.state.reference,
    };
    this.state.note(op, expected);
    return this.record(actual, checkOutcome(facts) ?? checkObservations(facts));
  }

  private record(outcome: RecordedOutcome, finding: Finding | undefined): Finding | undefined {
    this.outcomes.push(outcome);
    if (finding === undefined || this.claims(finding.invariant)) return finding;
    this.stopped = true;
    return undefined;
  }
}
