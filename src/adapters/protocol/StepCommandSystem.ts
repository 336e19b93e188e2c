import type { StepAnswer } from '../Adapter.ts';
import type { Operation } from '../../model/Operation.ts';
import type { RequestRecord } from '../../model/Outcome.ts';
import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import { CommandSystem, labelOf, preview } from './CommandSystem.ts';
import type { StepParams } from './messages.ts';
import { isErrorBody, type CallOutcome } from './ProtocolClient.ts';
import { afterIds, plannedStep, stepParams } from './stepParams.ts';
import { unwrapAnswer } from './unwrapAnswer.ts';

/** A trace the child ran ahead in one `batch`: its steps, the answers, and how many the engine has taken. */
interface Plan {
  readonly steps: readonly StepParams[];
  readonly answers: readonly CallOutcome[];
  next: number;
}

/**
 * A run of a child that speaks protocol 1.1: each engine step is one `step` round trip (observations before,
 * the operation, observations after, the ledger record of a `callTool`), and a fixed trace may be run ahead in
 * one `batch`, its answers then given to the engine step by step.
 *
 * A batch never decides a verdict on its own: when it fails, times out or answers out of shape, the run goes on
 * step by step on a fresh episode, so a fault is found at the step where it happens. When the engine needs
 * what the batch did not observe (an id only the reference's outcome names), the child, being ahead, is reset and
 * brought back to where the engine is by re-applying the steps taken, which must answer as they did in the batch.
 */
export class StepCommandSystem extends CommandSystem {
  private ahead: Plan | undefined;
  /** Why the child could not be restarted after a failed batch: thrown by the next call. */
  private broken: unknown;

  async step(before: readonly string[], op: Operation, after: readonly string[]): Promise<StepAnswer> {
    const label = labelOf(op);
    const plan = this.ahead;
    if (plan !== undefined) {
      const planned = plan.steps[plan.next];
      const answer = plan.answers[plan.next];
      if (planned !== undefined && answer !== undefined && sameStep(planned, before, op, after)) {
        plan.next += 1;
        if (plan.next === plan.answers.length) this.ahead = undefined; // the child is where the engine is again
        this.forget();
        return this.take(planned, answer, label);
      }
      await this.rewind();
    }
    this.usable();
    this.forget();
    const params = stepParams(before, op, after);
    return this.take(params, await this.client.call('step', params), label);
  }

  /** Runs a fixed trace ahead in one `batch` round trip, within `timeoutMs` (a child that promised `reset` only). */
  async plan(operations: readonly Operation[], timeoutMs: number): Promise<void> {
    if (this.ahead !== undefined || operations.length < 2 || !this.client.hello.reset) return;
    const steps: StepParams[] = [];
    for (const op of operations) {
      const step = plannedStep(op);
      if (step === undefined) break; // too malformed to name its ids: the engine stops there
      steps.push(step);
    }
    if (steps.length < 2) return;
    let answers: readonly CallOutcome[] | undefined;
    try {
      answers = batchAnswers(await this.client.call('batch', { steps }, timeoutMs), steps.length);
    } catch {
      answers = undefined; // the batch faulted (an exit, a timeout, a bad line): step by step instead
    }
    if (answers === undefined) await this.restart();
    else this.ahead = { steps, answers, next: 0 };
  }

  override async apply(op: Operation): ReturnType<CommandSystem['apply']> {
    await this.rewind();
    this.usable();
    return super.apply(op);
  }

  override async observe(spanIds: readonly string[]): Promise<readonly SpanObservation[]> {
    if (!spanIds.every((id) => this.cache.has(id))) await this.rewind();
    return super.observe(spanIds);
  }

  override async request(signature: string): Promise<RequestRecord | undefined> {
    if (this.requested?.signature !== signature) await this.rewind();
    return super.request(signature);
  }

  /** One step's answer, from a `step` round trip or a batch entry, as the engine takes it. */
  private take(params: StepParams, answer: CallOutcome, label: string): StepAnswer {
    if (!answer.ok) {
      let thrown: unknown;
      try {
        unwrapAnswer(answer, this.client, label);
      } catch (error: unknown) {
        thrown = error;
      }
      // Without what it saw before, the step failed before the operation ran: it failed as a whole.
      if (answer.error.before === undefined) throw thrown;
      return { before: this.observationsOf(params.before, answer.error.before, `error.before of the ${label} step answer`), thrown };
    }
    const result = answer.result as Record<string, unknown> | undefined;
    const outcome = this.outcomeOf(result, `${label} (step)`);
    const before = this.observationsOf(params.before, result?.['before'], `before of the ${label} step answer`);
    this.remember(afterIds(params.after, outcome), result?.['after'], `after of the ${label} step answer (the ids of params.after, then those the outcome names)`);
    if (params.request !== undefined) this.requested = { signature: params.request, record: this.recordOf(result?.['request'], `request of the ${label} step answer`) };
    return { before, outcome };
  }

  /**
   * The child ran ahead of the engine (a batch): start a fresh episode and re-apply the steps the engine has
   * taken, so the child is where the engine is. What was read at the current step stays valid.
   */
  private async rewind(): Promise<void> {
    const plan = this.ahead;
    if (plan === undefined) return;
    this.ahead = undefined;
    const cache = new Map(this.cache);
    const requested = this.requested;
    await this.restart();
    this.usable();
    for (const [i, step] of plan.steps.slice(0, plan.next).entries()) {
      const again = await this.client.call('apply', { operation: step.operation });
      const before = plan.answers[i] as CallOutcome;
      const was = before.ok ? (before.result as Record<string, unknown> | undefined)?.['outcome'] : before.error.code;
      const now = again.ok ? (again.result as Record<string, unknown> | undefined)?.['outcome'] : again.error.code;
      if (canonical(was) !== canonical(now)) {
        throw this.client.failWith('NONDETERMINISTIC', `re-applied on a fresh episode to observe more, step ${i + 1} (${labelOf(step.operation)}) answered ${preview(now)}, but ${preview(was)} in the batch; a runtime must answer the same trace the same way`, 'apply');
      }
    }
    for (const [id, observation] of cache) this.cache.set(id, observation);
    this.requested = requested;
  }

  /** A fresh episode: `reset` on the same child when it is healthy, else on another from the pool. */
  private async restart(): Promise<void> {
    this.forget();
    try {
      if (!this.client.idle) {
        await this.pool.release(this.client);
        this.client = await this.pool.acquire();
      }
      unwrapAnswer(await this.client.call('reset', { config: this.config }), this.client, 'reset');
    } catch (error: unknown) {
      this.broken = error;
    }
  }

  private usable(): void {
    if (this.broken !== undefined) throw this.broken;
  }
}

/** Whether the engine's step is the planned one (the same operation, observing the same ids). */
export function sameStep(planned: StepParams, before: readonly string[], op: Operation, after: readonly string[]): boolean {
  const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);
  return (planned.operation === op || JSON.stringify(planned.operation) === JSON.stringify(op)) && same(planned.before, before) && same(planned.after, after);
}

/**
 * The answers of a `batch` (spec/PROTOCOL.md §4.7), one per step the child ran, as `step` answers: the child
 * stops after the first step that failed. Undefined when the answer is out of shape.
 */
function batchAnswers(answer: CallOutcome, asked: number): readonly CallOutcome[] | undefined {
  if (!answer.ok) return undefined;
  const entries = (answer.result as { steps?: unknown } | undefined)?.steps;
  if (!Array.isArray(entries) || entries.length === 0 || entries.length > asked) return undefined;
  const answers: CallOutcome[] = [];
  for (const entry of entries as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const error = (entry as { error?: unknown }).error;
    if (error === undefined) answers.push({ ok: true, result: entry });
    else if (isErrorBody(error)) answers.push({ ok: false, error });
    else return undefined;
  }
  const failedAt = answers.findIndex((a) => !a.ok);
  if (failedAt !== -1 && failedAt !== answers.length - 1) return undefined;
  if (failedAt === -1 && answers.length !== asked) return undefined;
  return answers;
}

/** JSON with sorted keys: key order is not part of the protocol (spec/PROTOCOL.md §3). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v)) ?? 'undefined';
}
