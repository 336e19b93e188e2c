import type { PruningSystem } from '../../adapters/Adapter.ts';
import { referenceClause, systemClause } from '../../check/Clause.ts';
import type { AnsweredStep } from '../../check/runtime/checkAuditLog.ts';
import { visitObservationFindings } from '../../check/runtime/checkObservations.ts';
import type { AuditEntry } from '../../model/AuditLog.ts';
import { checkOutcome } from '../../check/runtime/checkOutcome.ts';
import { describeOperation } from '../../check/runtime/describeOperation.ts';
import { exercisedBy } from '../../check/runtime/exercisedBy.ts';
import { FollowSystem, type Deviation } from '../../check/runtime/FollowSystem.ts';
import { IssuedHandles } from '../../check/runtime/IssuedHandles.ts';
import { findingOf, type Finding } from '../../check/Finding.ts';
import type { StepFacts } from '../../check/runtime/StepFacts.ts';
import { ruleClause } from '../../check/runtime/stepClauses.ts';
import { idsNamedBy, idsNamedByOutcome } from '../../adapters/touchedIds.ts';
import { validateObservations, validateOutcome } from '../../check/runtime/validateOutcome.ts';
import type { EpisodeState } from '../../gen/runtime/EpisodeState.ts';
import { situationsOf, type Situation } from '../../gen/runtime/situations.ts';
import { ModelError } from '../../model/ModelError.ts';
import { validateOperation } from '../../model/validateOperation.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import { deepFreeze } from '../../util/deepFreeze.ts';
import { runMaybeAsync } from '../../util/runMaybeAsync.ts';
import { TimeLimitError, turnIfDue, watchCall, type Answered } from '../../util/withTimeout.ts';
import { ExercisedCounts } from './ExercisedCounts.ts';
import { DEFAULT_RECHECK_EVERY, Recheck, type RecheckHost } from './Recheck.ts';
import { isTimeout, naturalOutcome, normalizeObservation, stateOf } from './systemAnswers.ts';

/** The system's observation of some ids, or the finding its call (or its malformed answer) raised. */
type Observed = Map<string, SpanObservation> | Finding;

/** What observing before a step and applying it answered; `before` undefined when a combined step failed as a whole. */
interface Ran {
  readonly before: Observed | undefined;
  readonly outcome?: Outcome;
  readonly thrown?: { readonly error: unknown };
}

/** What applying answered, with what the system held before. */
function ranWith(before: Observed, applied: Answered<Outcome>): Ran {
  return 'error' in applied ? { before, thrown: { error: applied.error } } : { before, outcome: applied.value };
}

/** What the system answered at one step; an operation that threw is recorded as an adapter error. */
export type RecordedOutcome = Outcome | { readonly kind: 'adapter-error'; readonly message: string };

/** A finding on an invariant the adapter does not claim: where, and whether the run went on past it. */
export interface UnclaimedFinding {
  readonly invariant: FindingKind;
  readonly step: number;
  readonly resumed: boolean;
}

/**
 * The ids observed after a step, each once, in the order named: the operation's, then those either outcome names,
 * then the entries the reference folded. Most steps name one id and nothing more, so nothing is copied then.
 */
function idsAfter(named: readonly string[], expected: readonly string[], actual: readonly string[], folded: readonly string[]): readonly string[] {
  if (expected.length === 0 && actual.length === 0 && folded.length === 0) return named;
  const all = new Set(named);
  addEach(all, expected);
  addEach(all, actual);
  addEach(all, folded);
  return [...all];
}

/**
 * Adds each id, by index. Loops on the step path walk lists by index, not with for-of: a default check runs
 * mostly before TurboFan optimizes anything, and there for-of pays an iterator and a result object per element.
 */
function addEach<T>(into: Set<T>, items: readonly T[]): void {
  for (let i = 0; i < items.length; i += 1) into.add(items[i] as T);
}

/** The ids in first-named order, each once: most operations name one id, or a few distinct ones, and are answered as named. */
function distinct(ids: string[]): string[] {
  if (ids.length > 8) return [...new Set(ids)];
  for (let i = 1; i < ids.length; i += 1) if (ids.indexOf(ids[i] as string) < i) return [...new Set(ids)];
  return ids;
}

/** The reference's observation of each id. */
function referenceObservations(reference: EpisodeState['reference'], ids: readonly string[]): Map<string, SpanObservation> {
  const seen = new Map<string, SpanObservation>();
  for (const id of ids) seen.set(id, reference.observe(id));
  return seen;
}

/** Queries and world events whose divergence leaves the reference's state as the system's: a run goes on past them. */
const QUERY_LIKE: ReadonlySet<Operation['kind']> = new Set(['lookup', 'claim', 'callTool', 'setVersion']);

/**
 * Drives one episode: each operation goes to the system under test, then to the reference, which takes every
 * choice the system made where spec/SPEC.md §7 allows it (so both stay in lock-step); both are observed around
 * it (only the ids the step touches), and the checkers judge the step. The first finding on a claimed invariant
 * ends the run. A finding on an invariant the adapter does not claim is recorded; the run goes on where the
 * reference can follow the system (its own choice forced on the reference, a query, a difference only in what
 * the system shows, a retention score), and is cut short otherwise.
 */
export class EpisodeDriver {
  readonly trace: Operation[] = [];
  readonly outcomes: RecordedOutcome[] = [];
  /** The system's observations after each step (of the ids it touched). */
  readonly observations: ReadonlyMap<string, SpanObservation>[] = [];
  readonly situations = new Set<Situation>();
  /** How many operations of this run exercised each invariant's checks, in first-met order. */
  readonly exercised = new ExercisedCounts();
  readonly unclaimed: UnclaimedFinding[] = [];
  /** Choices the system made differently from the reference that the spec allows, adopted by the reference. */
  adopted = 0;
  /** Set when the reference could not follow the system past a finding on an unclaimed invariant. */
  cutShort: UnclaimedFinding | undefined;
  /** What the episode touched, and its rechecks of all of it. */
  readonly recheck: Recheck;
  /** The backing-copy handles the system issued, for the staleness check of a later eviction. */
  private readonly issued = new IssuedHandles();

  constructor(
    readonly state: EpisodeState,
    readonly system: PruningSystem,
    private readonly claims: (invariant: FindingKind) => boolean,
    private readonly opTimeoutMs: number,
    /** `Date.now()` ms at which the check's --time-limit ends the run (a `TimeLimitError`, not a finding). */
    private readonly deadline?: number,
    /** Recheck every touched id and signature after every this many steps, and at `finish` (0: never). */
    recheckEvery: number = DEFAULT_RECHECK_EVERY,
  ) {
    this.recheck = new Recheck(recheckEvery);
  }

  /**
   * Set when a fixed trace (a recorded incident, a counterexample) names what the reference cannot take in the
   * state it reached by following the system (an id appended twice): the trace was recorded on another course.
   */
  inapplicable: string | undefined;

  /** Whether the rest of the episode is skipped (the run was cut short, or its trace no longer applies). */
  get stopped(): boolean {
    return this.cutShort !== undefined || this.inapplicable !== undefined;
  }

  private fail(invariant: FindingKind, ...because: string[]): Finding {
    return { invariant, because: [`step ${this.trace.length}: ${describeOperation(this.trace.at(-1) as Operation)}`, ...because] };
  }

  /**
   * An adapter call under the watchdog (`watchCall`): answered at once when the adapter answers synchronously (an
   * in-process runtime), so a step runs without a hop; a promise of the same answer otherwise.
   */
  private watched<T>(call: () => T | PromiseLike<T>, what: string): Answered<Awaited<T>> | Promise<Answered<Awaited<T>>> {
    return watchCall(call, this.opTimeoutMs, what, this.deadline);
  }

  /** The system's observation of `ids`, or the finding its call raised: at once when the system answered synchronously. */
  private observe(ids: readonly string[], when: string): Observed | Promise<Observed> {
    if (ids.length === 0) return new Map();
    const answer = this.watched(() => this.system.observe(ids), 'observe');
    return answer instanceof Promise ? answer.then((a) => this.observedAnswer(a, ids, when)) : this.observedAnswer(answer, ids, when);
  }

  private observedAnswer(answer: Answered<unknown>, ids: readonly string[], when: string): Observed {
    if ('error' in answer) return this.adapterFailure(answer.error, `observe(${ids.join(', ')}) ${when} the step`);
    return this.observed(answer.value, ids, when);
  }

  private observed(raw: unknown, ids: readonly string[], when: string): Map<string, SpanObservation> | Finding {
    const problem = validateObservations(raw, ids);
    if (problem !== undefined) return this.fail('ADAPTER-ERROR', `malformed observation ${when} the step: ${problem}`);
    const seen = new Map<string, SpanObservation>();
    const list = raw as SpanObservation[];
    for (let i = 0; i < list.length; i += 1) {
      const o = list[i] as SpanObservation;
      seen.set(o.spanId, normalizeObservation(o));
    }
    return seen;
  }

  /**
   * Observes the named ids and applies the operation: one call to a system that offers `step` (a child over
   * protocol 1.1: one round trip), else `observe` then `apply`. `before` is undefined when a combined step
   * failed as a whole, so what the system held before is unknown; `thrown` is what the operation threw.
   */
  private observeAndApply(named: readonly string[], op: Operation): Ran | Promise<Ran> {
    if (this.system.step !== undefined) {
      const stepping = this.watched(() => this.system.step?.(named, op, named), 'apply');
      return stepping instanceof Promise ? stepping.then((answer) => this.stepped(answer, named)) : this.stepped(stepping, named);
    }
    const observing = this.observe(named, 'before');
    return observing instanceof Promise ? observing.then((before) => this.applyAfter(before, op)) : this.applyAfter(observing, op);
  }

  /** Applies the operation once what the system held before it is known (not when observing it failed). */
  private applyAfter(before: Observed, op: Operation): Ran | Promise<Ran> {
    if (!(before instanceof Map)) return { before };
    const applying = this.watched(() => this.system.apply(op), 'apply');
    return applying instanceof Promise ? applying.then((applied) => ranWith(before, applied)) : ranWith(before, applying);
  }

  /** What a combined step (protocol 1.1) answered: what the system held before, and the outcome or what it threw. */
  private stepped(answer: Answered<unknown>, named: readonly string[]): Ran {
    if ('error' in answer) return { before: undefined, thrown: { error: answer.error } };
    const ran = (typeof answer.value === 'object' && answer.value !== null ? answer.value : {}) as { before?: unknown; outcome?: Outcome; thrown?: unknown };
    const before = this.observed(ran.before, named, 'before');
    if (!(before instanceof Map) || 'thrown' in ran) return { before, thrown: { error: ran.thrown } };
    return { before, outcome: ran.outcome as Outcome };
  }

  private adapterFailure(error: unknown, what: string): Finding {
    if (error instanceof TimeLimitError) throw error;
    if (isTimeout(error)) return this.fail('TIMEOUT', `${what} did not answer within ${this.opTimeoutMs} ms; the verdict is unknown (raise --op-timeout, now ${this.opTimeoutMs} ms, if the runtime is slow rather than stuck)`);
    const message = error instanceof Error ? error.message : String(error);
    // A supervised process that ended answered nothing: the call failed, it did not throw.
    const ended = (error as { readonly code?: unknown } | null)?.code === 'SUBJECT_EXITED';
    return this.fail('ADAPTER-ERROR', `${what} ${ended ? 'failed' : 'threw'}: ${message}`);
  }

  /**
   * Runs one step; answers a finding the adapter claims, or undefined. After every `recheckEvery`-th step, every id
   * and signature the episode touched is rechecked against the reference.
   */
  step(op: Operation): Finding | undefined | Promise<Finding | undefined> {
    // Synchronous when the system answered synchronously and no recheck is due (issue 26: the synchronous path).
    const running = runMaybeAsync(this.runStep(op));
    if (running instanceof Promise) return running.then((found) => found ?? this.recheckIfDue(false));
    return running ?? (this.recheckDue(false) ? this.recheckIfDue(false) : undefined);
  }

  private recheckDue(final: boolean): boolean {
    return !this.stopped && this.recheck.due(this.trace.length, final);
  }

  /** The end of the episode: a last recheck of everything it touched, unless one just ran. */
  async finish(): Promise<Finding | undefined> {
    return this.recheckIfDue(true);
  }

  private async recheckIfDue(final: boolean): Promise<Finding | undefined> {
    if (!this.recheckDue(final)) return undefined;
    this.recheckHost ??= this.makeRecheckHost();
    this.recheckHost.step = this.trace.length;
    return this.recheck.run(this.recheckHost);
  }

  /** What the episode's rechecks ask of it: made at its first recheck and kept, its step set before each. */
  private recheckHost: { -readonly [K in keyof RecheckHost]: RecheckHost[K] } | undefined;

  private makeRecheckHost(): { -readonly [K in keyof RecheckHost]: RecheckHost[K] } {
    const { system } = this;
    // Bound methods, not named closures: under tsx each named closure costs a defineProperty (esbuild's __name).
    return {
      step: this.trace.length,
      reference: this.state.reference,
      observations: this.observations,
      observe: this.observeAtRecheck.bind(this),
      request: system.request === undefined ? undefined : this.requestAtRecheck.bind(this),
      auditLog: system.auditLog === undefined ? undefined : this.auditLog.bind(this),
      answered: this.answeredSteps.bind(this),
      judge: this.judgeAtRecheck.bind(this),
      stopped: this.isStopped.bind(this),
      adoptScores: this.adoptScores.bind(this),
    };
  }

  private async observeAtRecheck(ids: readonly string[]): Promise<Observed> {
    return this.observe(ids, 'at the recheck after');
  }

  private async requestAtRecheck(signature: string): Promise<RequestRecord | undefined | Finding> {
    return this.requestRecord(signature, ' at the recheck');
  }

  private judgeAtRecheck(finding: Finding): Finding | undefined {
    return this.judge(finding, finding.resume);
  }

  private isStopped(): boolean {
    return this.stopped;
  }

  /** The system's audit log (under the watchdog), or the adapter finding its call raised. */
  private async auditLog(): Promise<readonly AuditEntry[] | Finding> {
    const reading = this.watched(() => this.system.auditLog?.(), 'auditLog');
    const read = reading instanceof Promise ? await reading : reading;
    return 'error' in read ? this.adapterFailure(read.error, 'auditLog() at the recheck') : (read.value ?? []);
  }

  /**
   * Every step the system answered with an outcome (not a throw), for its audit log to hold: kept as steps are
   * recorded (`record`), not gathered anew from every outcome at each recheck.
   */
  private readonly answered: AnsweredStep[] = [];

  private answeredSteps(): readonly AnsweredStep[] {
    return this.answered;
  }

  /** The system's ledger record of `signature` (under the watchdog), or the adapter finding its call raised. */
  private requestRecord(signature: string, when = ''): RequestRecord | undefined | Finding | Promise<RequestRecord | undefined | Finding> {
    const asking = this.watched(() => this.system.request?.(signature), 'request');
    return asking instanceof Promise ? asking.then((asked) => this.heldRecord(asked, signature, when)) : this.heldRecord(asking, signature, when);
  }

  /** What `request(signature)` answered: the record (or none), or the adapter finding its call raised. */
  private heldRecord(asked: Answered<RequestRecord | undefined>, signature: string, when: string): RequestRecord | undefined | Finding {
    return 'error' in asked ? this.adapterFailure(asked.error, `request(${signature})${when}`) : (asked.value ?? undefined);
  }

  /** One step as a generator that yields what it waits for (`runMaybeAsync`): synchronous while the system is. */
  private *runStep(op: Operation): Generator<unknown, Finding | undefined, unknown> {
    // Adapters that answer synchronously never hand the event loop a turn on their own: every 50 ms, a step does.
    const turn = turnIfDue();
    if (turn !== undefined) yield turn;
    deepFreeze(op);
    const reference = this.state.reference;
    try {
      validateOperation(op, reference);
    } catch (error: unknown) {
      if (!(error instanceof ModelError)) throw error;
      this.inapplicable = `step ${this.trace.length + 1} no longer applies: ${error.message}`;
      return undefined;
    }
    const named = distinct(idsNamedBy(op));
    const refBefore = referenceObservations(reference, named);
    this.trace.push(op);
    addEach(this.recheck.touched, named);
    if (op.kind === 'callTool') this.recheck.called.add(op.signature);
    const step = this.trace.length;
    const running = this.observeAndApply(named, op);
    const ran = (running instanceof Promise ? yield running : running) as Ran;
    const sutBefore = ran.before;
    if (sutBefore !== undefined && !(sutBefore instanceof Map)) return this.record({ kind: 'adapter-error', message: 'observe failed' }, sutBefore);

    let actual: Outcome;
    try {
      if (ran.thrown !== undefined) throw ran.thrown.error;
      actual = ran.outcome as Outcome;
    } catch (error: unknown) {
      const expected = reference.applyValidated(op); // validated above, against this very state
      addEach(this.situations, situationsOf(op, expected, this.state));
      const message = error instanceof Error ? error.message : String(error);
      if (expected.kind === 'window-full' && !isTimeout(error)) {
        // Unclaimed, the run goes on when the throw changed nothing the step touched, as window-full would.
        const observing = this.observe(named, 'after');
        const after = (observing instanceof Promise ? yield observing : observing) as Observed;
        const unchanged = sutBefore !== undefined && after instanceof Map && named.every((id) => JSON.stringify(stateOf(sutBefore.get(id))) === JSON.stringify(stateOf(after.get(id))));
        const clauses = [
          { about: 'step' as const, text: `step ${step}: ${describeOperation(op)}`, facts: [] },
          referenceClause(`the window was full: the reference answered window-full (needed ${expected.needed}, used ${expected.used} of ${expected.capacity})`),
          systemClause(`the system threw: ${message}`, { kind: 'answered', step, shape: { kind: 'adapter-error' } }),
          ruleClause('INV-13'),
        ];
        const finding = findingOf('INV-13', clauses);
        if (!unchanged || this.claims('INV-13')) return this.record({ kind: 'adapter-error', message }, finding);
        this.judge(finding, 'continue');
        return this.record({ kind: 'adapter-error', message }, undefined, after);
      }
      return this.record({ kind: 'adapter-error', message }, this.adapterFailure(error, 'apply'));
    }
    const malformed = validateOutcome(actual);
    if (malformed !== undefined) return this.record({ kind: 'adapter-error', message: malformed }, this.fail('ADAPTER-ERROR', `malformed outcome: ${malformed}`));

    const follow = new FollowSystem(actual, reference, op, this.claims);
    const expected = reference.applyValidated(op, follow); // validated above; the system's calls cannot change the reference
    this.adopted += follow.adopted;
    addEach(this.situations, situationsOf(op, naturalOutcome(op, expected, follow.deviations), this.state));

    // The entries the reference folded into its gap marker too (INV-29): they must be folded in the system as well.
    const after = idsAfter(named, idsNamedByOutcome(expected), idsNamedByOutcome(actual), reference.folded);
    addEach(this.recheck.touched, after);
    const observing = this.observe(after, 'after');
    const sutAfter = (observing instanceof Promise ? yield observing : observing) as Observed;
    if (!(sutAfter instanceof Map)) return this.record(actual, sutAfter);
    let sutRequest: RequestRecord | undefined | 'unsupported' = 'unsupported';
    if (op.kind === 'callTool' && this.system.request !== undefined) {
      const holding = this.requestRecord(op.signature);
      const held = (holding instanceof Promise ? yield holding : holding) as RequestRecord | undefined | Finding;
      if (held !== undefined && 'invariant' in held) return this.record(actual, held);
      sutRequest = held;
    }
    const facts: StepFacts = {
      step,
      op,
      expected,
      actual,
      refBefore,
      refAfter: referenceObservations(reference, after),
      sutBefore: sutBefore as ReadonlyMap<string, SpanObservation>, // an outcome always comes with what was seen before it
      sutAfter,
      sutRequest: sutRequest ?? undefined,
      reference,
      deviations: follow.deviations,
      issued: this.issued,
    };
    this.state.note(op, expected);
    const { deviations } = follow;
    for (let i = 0; i < deviations.length; i += 1) {
      const d = deviations[i] as Deviation;
      if (d.forced) this.unclaimed.push({ invariant: d.rule, step, resumed: true });
    }

    const onOutcome = checkOutcome(facts);
    const found = onOutcome === undefined ? undefined : this.judge(onOutcome, onOutcome.resume ?? (QUERY_LIKE.has(op.kind) ? 'continue' : undefined));
    if (found !== undefined || this.stopped) return this.record(actual, found, sutAfter);
    this.claimed = undefined;
    this.judgedAfter = sutAfter;
    const ranThrough = visitObservationFindings(facts, this.visitFinding);
    this.judgedAfter = undefined;
    if (!ranThrough) return this.record(actual, this.claimed, sutAfter);
    this.exercised.begin(step);
    exercisedBy(op, expected, refBefore, reference, this.exercised);
    return this.record(actual, undefined, sutAfter);
  }

  /** The claimed finding an observation check made at the step being judged (`visitFinding`). */
  private claimed: Finding | undefined;
  /** The observations after the step being judged, while its observation checks run. */
  private judgedAfter: ReadonlyMap<string, SpanObservation> | undefined;
  /** `onObservationFinding`, bound once per episode instead of a closure per step. */
  private readonly visitFinding = this.onObservationFinding.bind(this);

  /** One finding of the observation checks: judged; false stops them (claimed, or the run is cut short). */
  private onObservationFinding(finding: Finding): boolean {
    this.claimed = this.judge(finding, finding.resume);
    if (this.claimed !== undefined || this.stopped) return false;
    if (finding.resume === 'adopt-scores') this.adoptScores(this.judgedAfter as ReadonlyMap<string, SpanObservation>);
    return true;
  }

  /** A claimed finding is answered; an unclaimed one is recorded, and cuts the run short unless it can resume. */
  private judge(finding: Finding, resume: Finding['resume']): Finding | undefined {
    if (this.claims(finding.invariant)) return finding;
    const record: UnclaimedFinding = { invariant: finding.invariant, step: this.trace.length, resumed: resume !== undefined };
    this.unclaimed.push(record);
    if (resume === undefined) this.cutShort = record;
    return undefined;
  }

  /** The reference takes the retention scores the system shows for the touched spans. */
  private adoptScores(shown: ReadonlyMap<string, SpanObservation>): void {
    for (const [id, sut] of shown) {
      const span = this.state.reference.window.get(id);
      if (span !== undefined && sut.resident !== undefined && typeof sut.resident.score === 'number') span.score = sut.resident.score;
    }
  }

  private record(outcome: RecordedOutcome, finding: Finding | undefined, observed: ReadonlyMap<string, SpanObservation> = new Map()): Finding | undefined {
    this.outcomes.push(outcome);
    const op = this.trace[this.outcomes.length - 1];
    if (op !== undefined && outcome.kind !== 'adapter-error') this.answered.push({ step: this.outcomes.length, op, outcome });
    this.issued.note(this.outcomes.length, outcome);
    this.observations.push(observed);
    if (finding === undefined || this.claims(finding.invariant)) return finding;
    // An adapter-level finding is always claimed; an unclaimed INV-13 throw leaves the system's state unknown.
    const record: UnclaimedFinding = { invariant: finding.invariant, step: this.trace.length, resumed: false };
    this.unclaimed.push(record);
    this.cutShort = record;
    return undefined;
  }
}
