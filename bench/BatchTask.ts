import type { Operation } from '../src/model/Operation.ts';
import type { Outcome } from '../src/model/Outcome.ts';
import type { BenchPathId, BenchSubject } from '../src/report/bench/BenchReport.ts';
import { BenchError } from './BenchError.ts';
import type { Fixture } from './Fixture.ts';
import type { Rng } from '../src/run/bench/Rng.ts';

/**
 * One measured path: `prepare` builds a batch of items (untimed), `run` is the timed part, `after` verifies
 * and undoes what it can (untimed) so the next batch again acts on fresh targets.
 */
export interface BatchTask<T = unknown, F extends TaskFixture = Fixture> {
  readonly subject: BenchSubject;
  readonly path: BenchPathId;
  /** How each measured operation acts on a fresh target; printed in the report. */
  readonly method: string;
  /** Items per batch given the run's default; a task whose pool is smaller asks for fewer. */
  batchSize(fx: F, base: number): number;
  /** Units each item's cost is divided by (re-frame: the resident spans it visits). Default 1. */
  unitsPerItem?(fx: F): number;
  /** Set when `run` and `after` answer promises (the checker's steps are asynchronous). */
  readonly async?: true;
  setup?(fx: F): void;
  teardown?(fx: F): void;
  prepare(fx: F, rng: Rng, count: number): T[];
  run(fx: F, items: readonly T[]): void | Promise<void>;
  after?(fx: F, items: readonly T[]): void | Promise<void>;
}

/** What every task's window offers the runner. */
export interface TaskFixture {
  readonly size: number;
  /** Rebuilds the window when tasks have grown its history too far (untimed). */
  refresh(): void;
}

/** What an operation task declares; `accept` says whether an outcome is the path being measured. */
export interface OpTaskSpec {
  readonly subject: BenchSubject;
  readonly path: BenchPathId;
  readonly method: string;
  readonly expected: string;
  batchSize?(fx: Fixture, base: number): number;
  unitsPerItem?(fx: Fixture): number;
  prepare(fx: Fixture, rng: Rng, count: number): Operation[];
  accept(outcome: Outcome, fx: Fixture): boolean;
  undo?(fx: Fixture, ops: readonly Operation[]): void;
}

/**
 * A task whose timed part is `apply(op)` on each prepared operation. Every outcome is checked after the batch:
 * a task that silently measured another path (a rejection where an eviction was meant) fails the run.
 */
export function opTask(spec: OpTaskSpec): BatchTask<Operation> {
  let outcomes: Outcome[] = [];
  const task: BatchTask<Operation> = {
    subject: spec.subject,
    path: spec.path,
    method: spec.method,
    batchSize: spec.batchSize ?? ((_fx, base) => base),
    prepare(fx, rng, count) {
      outcomes = new Array<Outcome>(count);
      return spec.prepare(fx, rng, count);
    },
    run(fx, ops) {
      const rt = fx.rt;
      const out = outcomes;
      for (let i = 0; i < ops.length; i += 1) out[i] = rt.apply(ops[i] as Operation);
    },
    after(fx, ops) {
      for (let i = 0; i < ops.length; i += 1) {
        const outcome = outcomes[i] as Outcome;
        if (!spec.accept(outcome, fx)) {
          throw new BenchError(
            'WRONG_PATH',
            `${spec.subject} ${spec.path} at ${fx.size} spans: ${JSON.stringify(ops[i]).slice(0, 160)} answered ` +
              `${JSON.stringify(outcome).slice(0, 200)}; the task measures ${spec.expected}`,
          );
        }
      }
      spec.undo?.(fx, ops);
    },
  };
  if (spec.unitsPerItem !== undefined) task.unitsPerItem = spec.unitsPerItem;
  return task;
}

/** A cursor cycling over `0..length-1`, for pools walked in (pre-shuffled) order so a batch never repeats a target. */
export class Cursor {
  private next = 0;

  take(length: number, count: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < count; i += 1) {
      out.push(this.next % length);
      this.next = (this.next + 1) % length;
    }
    return out;
  }
}
