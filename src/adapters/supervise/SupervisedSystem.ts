import type { StepAnswer } from '../Adapter.ts';
import { canonical } from '../protocol/StepCommandSystem.ts';
import { samePlain } from './plainCopy.ts';
import type { AuditEntry } from '../../model/AuditLog.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { sameElements } from '../../util/sameElements.ts';
import { SubjectDivergedError } from './SubjectDivergedError.ts';
import { SubjectExitedError } from './SubjectExitedError.ts';
import type { SubjectProcess } from './SubjectProcess.ts';
import { settle, StepReads, type Settled } from './StepReads.ts';
import type { PlannedStep, StepPlanner } from './StepPlanner.ts';
import type { Supervisor } from './Supervisor.ts';
import type { WireBatchEntry, WireSettled, WireStep } from './wire.ts';
import { LogReceiver, type DecodedLog } from './LogReceiver.ts';
import { ObservationReceiver } from './ObservationReceiver.ts';
import { decodeEntries, decodedAnswer, type DecodedEntry, type DecodedStep } from './decodeEntries.ts';

/** A stretch the child ran ahead in one batch: the steps planned, the answers, and how many the engine has taken. */
interface Ahead {
  readonly steps: readonly PlannedStep[];
  readonly entries: readonly DecodedEntry[];
  /** Each entry's audit log, rebuilt as it arrived (`LogReceiver.ts`), when its recheck read one. */
  readonly logs: readonly (DecodedLog | undefined)[];
  next: number;
}

/**
 * A step the engine took: its operation and what it answered (an outcome, or `THREW`), to bring a fresh system
 * back to it; compared in canonical form only then, so taking a step costs no serialization.
 */
interface Taken {
  readonly op: Operation;
  readonly said: unknown;
}

const THREW = Symbol('threw');

/**
 * One run's system in the supervised process. A step is one round trip (`step`: the observations before, the
 * operation, the observations after and a `callTool`'s ledger record), or none: a predicted stretch of the run
 * (`planSteps`, from the engine's lookahead) goes in one `batch` message and its answers, recheck reads included,
 * are given to the engine step by step, as protocol 1.1 does for a `cmd:` child (spec/PROTOCOL.md §4.7).
 *
 * A batch never decides a verdict on its own. When it fails as a whole (the process exits or crashes, falls
 * silent past the timeout, answers out of shape), planning stops for the run and a fresh system, on a fresh
 * process if need be, is brought to where the engine is by re-applying the steps taken: the fault then happens
 * again at the step where it happens, one round trip each. When the engine takes another step or reads what the
 * batch did not (the prediction was wrong: the system made a choice the reference followed), the same is done:
 * the child, being ahead, is brought back; a re-applied step that answers otherwise is a nondeterminism error.
 */
export class SupervisedSystem implements StepPlanner {
  private here: StepReads | undefined;
  private ahead: Ahead | undefined;
  /** What `close()` answered when the child closed this system with the last step the engine took from a batch. */
  private closedAhead: WireSettled | undefined;
  private readonly taken: Taken[] = [];
  private planning = true;
  /** The audit logs of this system's batches, each rebuilt from the last. */
  private logs = new LogReceiver();
  /** The observations of this system's batches, each rebuilt from those held. */
  private observations = new ObservationReceiver();
  private inflight: { readonly steps: readonly PlannedStep[]; readonly entries: Promise<readonly WireBatchEntry[] | undefined> } | undefined;
  /** Why no fresh system could be brought back to the engine's step: thrown by every later call. */
  private broken: unknown;

  constructor(
    private readonly supervisor: Supervisor,
    private proc: SubjectProcess,
    private sys: number,
    private readonly config: RuntimeConfig,
  ) {}

  get canPlan(): boolean {
    return this.planning && this.supervisor.batching && this.inflight === undefined && this.ahead === undefined && this.broken === undefined && this.proc.alive;
  }

  private call(method: string, args: readonly unknown[], timeoutMs = this.supervisor.opTimeoutMs): Promise<unknown> {
    return this.supervisor.call(this.proc, { t: 'call', id: this.proc.id(), sys: this.sys, method, args }, method, timeoutMs);
  }

  /** Runs a predicted stretch of the run in one round trip; on any failure, goes on step by step instead. */
  async planSteps(steps: readonly PlannedStep[], until?: number): Promise<void> {
    if (!this.canPlan || steps.length === 0) return;
    const answer = this.supervisor.call(this.proc, { t: 'batch', id: this.proc.id(), sys: this.sys, steps, beatMs: beatMsOf(this.supervisor.opTimeoutMs), ...(until === undefined ? {} : { until }) }, 'batch', this.supervisor.opTimeoutMs);
    await this.adopt(steps, await answer.then((a) => batchEntries(a, steps.length), () => undefined));
  }

  /** The batch sent right behind this system's `create`, still running: taken by `settle`. */
  startedWith(steps: readonly PlannedStep[], answer: Promise<unknown>): void {
    this.inflight = { steps, entries: answer.then((a) => batchEntries(a, steps.length), () => undefined) };
  }

  settle(): void | Promise<void> {
    const inflight = this.inflight;
    if (inflight === undefined) return undefined;
    this.inflight = undefined;
    return inflight.entries.then((entries) => this.adopt(inflight.steps, entries));
  }

  /** A batch's answers, for the engine to take step by step; or, when it faulted, step by step from here. */
  private async adopt(steps: readonly PlannedStep[], answered: readonly WireBatchEntry[] | undefined): Promise<void> {
    const entries = answered === undefined ? undefined : decodeEntries(this.observations, steps, answered);
    const logs = entries === undefined ? undefined : this.decodeLogs(entries);
    if (entries !== undefined && logs !== undefined) {
      this.ahead = { steps, entries, logs, next: 0 };
      return;
    }
    // The batch faulted: the fault is found again step by step, on a system brought back to the engine's step.
    this.planning = false;
    if (!this.proc.alive) this.supervisor.batching = false;
    await this.bringBack().catch((error: unknown) => void (this.broken = error));
  }

  /** The audit logs of a batch's rechecks, in the order the child sent them; undefined when one is out of shape. */
  private decodeLogs(entries: readonly DecodedEntry[]): (DecodedLog | undefined)[] | undefined {
    const logs: (DecodedLog | undefined)[] = [];
    for (const entry of entries) {
      const tail = entry.recheck?.auditLogTail;
      const log = tail === undefined ? undefined : this.logs.decode(tail);
      if (tail !== undefined && log === undefined) return undefined;
      logs.push(log);
    }
    return logs;
  }

  async apply(op: Operation): Promise<Outcome> {
    await this.settle();
    await this.toEngine();
    this.here = undefined;
    try {
      const outcome = (await this.call('apply', [op])) as Outcome;
      this.taken.push({ op, said: outcome });
      return outcome;
    } catch (error: unknown) {
      this.taken.push({ op, said: THREW });
      throw error;
    }
  }

  /*
   * A read or a step the last batch answered is answered synchronously, as an in-process runtime answers: the
   * engine's watchdog then arms no timer and takes no hop for it (`watchCall`); the rest go across, awaited.
   */

  observe(ids: readonly string[]): readonly SpanObservation[] | Promise<readonly SpanObservation[]> {
    return this.read((here) => here.observe(ids), 'observe', [ids]);
  }

  request(signature: string): RequestRecord | undefined | Promise<RequestRecord | undefined> {
    return this.read((here) => here.request(signature), 'request', [signature]);
  }

  /** The system's audit log (SPEC INV-11, INV-12), when its module exposes one: read across the boundary. */
  auditLog(): readonly AuditEntry[] | Promise<readonly AuditEntry[]> {
    return this.read((here) => here.auditLog(), 'auditLog', []);
  }

  /** A read the reads of this step hold (`StepReads`), answered at once; else asked across once no batch is in flight. */
  private read<T>(held: (here: StepReads) => Settled | undefined, method: 'observe' | 'request' | 'auditLog', args: readonly unknown[]): T | Promise<T> {
    const answer = this.inflight === undefined && this.here !== undefined ? held(this.here) : undefined;
    if (answer !== undefined) return settle(answer) as T;
    return this.readAcross(held, method, args);
  }

  private async readAcross<T>(held: (here: StepReads) => Settled | undefined, method: 'observe' | 'request' | 'auditLog', args: readonly unknown[]): Promise<T> {
    await this.settle();
    const answer = this.here === undefined ? undefined : held(this.here);
    if (answer !== undefined) return settle(answer) as T;
    await this.toEngine();
    return (await this.call(method, args)) as T;
  }

  step(before: readonly string[], op: Operation, after: readonly string[]): StepAnswer | Promise<StepAnswer> {
    if (this.inflight === undefined) {
      const held = this.fromBatch(before, op, after);
      if (held !== undefined) return this.took(op, held.entry, held.log);
    }
    return this.stepAcross(before, op, after);
  }

  /** The next entry of the batch ahead, taken, when it is this very step: one the engine predicted. */
  private fromBatch(before: readonly string[], op: Operation, after: readonly string[]): { readonly entry: DecodedEntry; readonly log: DecodedLog | undefined } | undefined {
    const plan = this.ahead;
    if (plan === undefined) return undefined;
    const planned = plan.steps[plan.next];
    const entry = plan.entries[plan.next];
    if (planned === undefined || entry === undefined || !sameElements(planned.before, before) || !sameElements(planned.before, after) || !(planned.op === op || samePlain(op, planned.op))) return undefined;
    const log = plan.logs[plan.next];
    plan.next += 1;
    if (plan.next === plan.entries.length) {
      this.ahead = undefined; // the child is where the engine is again
      this.closedAhead = entry.closed; // and, after the run's last step, has closed the system
    }
    this.supervisor.stats.stepsFromBatches += 1;
    return { entry, log };
  }

  private async stepAcross(before: readonly string[], op: Operation, after: readonly string[]): Promise<StepAnswer> {
    await this.settle();
    const held = this.fromBatch(before, op, after);
    if (held !== undefined) return this.took(op, held.entry, held.log);
    if (this.ahead !== undefined) await this.toEngine();
    if (this.broken !== undefined) throw this.broken;
    this.here = undefined;
    const signature = op.kind === 'callTool' && typeof op.signature === 'string' ? op.signature : undefined;
    let answer: WireStep;
    try {
      answer = (await this.supervisor.call(this.proc, { t: 'step', id: this.proc.id(), sys: this.sys, before, op, after, ...(signature === undefined ? {} : { request: signature }) }, 'apply', this.supervisor.opTimeoutMs)) as WireStep;
    } catch (error: unknown) {
      this.taken.push({ op, said: THREW });
      throw error;
    }
    return this.took(op, decodedAnswer(answer));
  }

  async close(): Promise<void> {
    await this.settle();
    const closed = this.closedAhead;
    this.closedAhead = undefined;
    this.here = undefined;
    this.ahead = undefined;
    if (closed?.ok === true) {
      this.supervisor.stats.closedWithBatches += 1;
      return;
    }
    // A close that failed in the batch decides nothing there: a fresh system brought to the engine's step is closed
    // as any other, and the failure happens again where it happens.
    if (closed !== undefined) await this.bringBack();
    // A process still busy with this run (a call the engine gave up on) cannot be asked to close: stop it.
    if (this.proc.busy) return this.proc.kill('a call of the previous run was still running when it closed');
    await this.call('close', [], Math.max(this.supervisor.opTimeoutMs, 2_000));
  }

  /** One step's answer as the engine takes it; what was read with it answers the engine's reads at this step. */
  private took(op: Operation, entry: DecodedEntry, log?: DecodedLog): StepAnswer {
    if (entry.failed !== undefined) {
      this.here = undefined;
      this.taken.push({ op, said: THREW });
      throw this.proc.thrown(entry.failed);
    }
    const answer = entry.step as DecodedStep;
    const reads = new StepReads();
    this.here = reads;
    if (answer.thrown !== undefined) {
      this.taken.push({ op, said: THREW });
      return { before: answer.before as readonly SpanObservation[], thrown: this.proc.thrown(answer.thrown) };
    }
    this.taken.push({ op, said: answer.outcome });
    if (answer.after !== undefined) reads.observedAs(answer.afterIds ?? [], this.settled(answer.after));
    const signature = op.kind === 'callTool' ? op.signature : undefined;
    if (signature !== undefined && answer.request !== undefined) reads.requestedAs(signature, this.settled(answer.request));
    const recheck = entry.recheck;
    if (recheck !== undefined) {
      reads.observedAs(recheck.ids, this.settled(recheck.observed));
      for (const [sig, record] of recheck.requests) reads.requestedAs(sig, this.settled(record));
      if (recheck.auditLog !== undefined) reads.auditLogAs(this.settled(recheck.auditLog));
      if (log !== undefined) reads.auditLogAs(this.withOps(log));
    }
    return { before: answer.before as readonly SpanObservation[], outcome: answer.outcome as Outcome };
  }

  /**
   * A rebuilt audit log with the engine's own operations put back where the system logged the very operation it
   * was given, as an in-process runtime's log holds them. Every step named was taken before this recheck.
   */
  private withOps(log: DecodedLog): Settled {
    for (const [entry, step] of log.refs) {
      const taken = this.taken[step];
      if (taken === undefined) return { ok: false, thrown: new SubjectDivergedError(`the audit log read at step ${this.taken.length} named step ${step + 1}, which was not taken`) };
      entry['operation'] = taken.op;
    }
    return { ok: true, value: log.value };
  }

  private settled(answer: WireSettled): Settled {
    return answer.ok ? answer : { ok: false, thrown: this.proc.thrown(answer.error) };
  }

  /**
   * The child ran ahead of the engine (a batch the engine left), or closed the system after the run's last planned
   * step while the engine goes on: bring a fresh system back to the engine's step.
   */
  private async toEngine(): Promise<void> {
    if (this.broken !== undefined) throw this.broken;
    if (this.ahead === undefined && this.closedAhead === undefined) return;
    this.ahead = undefined;
    this.closedAhead = undefined;
    this.planning = false;
    const reads = this.here;
    try {
      await this.bringBack();
    } catch (error: unknown) {
      this.broken = error;
      throw error;
    }
    this.here = reads; // what was read at this step still holds: the fresh system is at the same step
  }

  /**
   * A fresh system, on the same process when it runs, else on a new one, brought to the engine's step by
   * re-applying the steps taken, each of which must answer as it did.
   */
  private async bringBack(): Promise<void> {
    this.supervisor.stats.broughtBack += 1;
    this.logs = new LogReceiver();
    this.observations = new ObservationReceiver();
    if (this.proc.alive && !this.proc.busy) await this.call('close', [], Math.max(this.supervisor.opTimeoutMs, 2_000)).catch(() => undefined);
    const proc = await this.supervisor.process();
    const id = proc.id();
    const created = (await this.supervisor.call(proc, { t: 'create', id, config: this.config }, 'create', Math.max(this.supervisor.opTimeoutMs, 30_000))) as { shape?: unknown };
    if (typeof created.shape !== 'object' || created.shape === null) throw new SubjectExitedError(`create() answered no system when a fresh one was needed to go on step by step (${describeThrown(created.shape)})`);
    this.proc = proc;
    this.sys = id;
    for (const [i, { op, said }] of this.taken.entries()) {
      let now: unknown;
      try {
        now = await this.call('apply', [op]);
      } catch (error: unknown) {
        if (error instanceof SubjectExitedError) throw error;
        now = THREW;
      }
      const [was, is] = [said === THREW ? 'by throwing' : canonical(said), now === THREW ? 'by throwing' : canonical(now)];
      if (was !== is) throw new SubjectDivergedError(`brought back to step ${this.taken.length} on a fresh system, step ${i + 1} (${op.kind}) answered ${is}, but ${was} before; a runtime must answer the same trace the same way`);
    }
  }
}

/** How often a running batch says it is alive: four times per step timeout, so a slow but live one is not killed. */
export function beatMsOf(opTimeoutMs: number): number {
  return Math.max(1, Math.floor(opTimeoutMs / 4));
}

/**
 * The entries of a batch answer, one per step the child ran, at least one and at most those asked; only the last
 * may end the batch early. Undefined when the answer is out of shape.
 */
function batchEntries(answer: unknown, asked: number): readonly WireBatchEntry[] | undefined {
  if (!Array.isArray(answer) || answer.length === 0 || answer.length > asked) return undefined;
  const entries = answer as unknown[];
  for (const [i, entry] of entries.entries()) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { step, failed, closed } = entry as WireBatchEntry;
    if ((step === undefined) === (failed === undefined)) return undefined;
    // A close's answer ends a batch, after a step that ran.
    if (closed !== undefined && (i !== entries.length - 1 || step === undefined || typeof closed !== 'object' || closed === null || typeof closed.ok !== 'boolean')) return undefined;
  }
  return entries as WireBatchEntry[];
}
