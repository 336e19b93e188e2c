import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PruningSystem } from '../src/adapters/Adapter.ts';
import { referenceAdapter } from '../src/subjects/reference.ts';
import { runtimeAdapter } from '../src/adapters/runtimeAdapter.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../src/model/ReferenceRuntime.ts';
import { EpisodeState } from '../src/gen/runtime/EpisodeState.ts';
import type { Operation, PruneOp } from '../src/model/Operation.ts';
import type { PropertyRunMeasurement } from '../src/report/bench/BenchReport.ts';
import { checkAdapter, claimsOf, DEFAULTS, episodeShape } from '../src/run/runtime/checkAdapter.ts';
import { episodeProperty } from '../src/run/runtime/episodeArbitrary.ts';
import { EpisodeDriver } from '../src/run/runtime/EpisodeDriver.ts';
import { Cursor, type BatchTask, type TaskFixture } from './BatchTask.ts';
import { BenchError } from './BenchError.ts';
import { ContentSource } from '../src/run/bench/ContentSource.ts';
import { BENCH_CAPACITY } from './Fixture.ts';
import { Rng } from '../src/run/bench/Rng.ts';

/** How many ids the recheck fixture's episode has touched, a tenth of them evicted (at most the window's size). */
export const RECHECK_TOUCHED = 1_000;

/**
 * The conformance engine's episode driver over a window of `size` resident spans: the harness's reference and
 * the system under test (the reference adapter) hold the same spans. The window is built by applying each
 * append to both and noting it in the episode state, which is the state `step` would leave after checking
 * those appends one by one with no finding (the reference adapter never has one), without its cost.
 *
 * Two drivers share that episode: `driver` steps with rechecks off, so a step's cost is the step's alone; the
 * `rechecker` rechecks after every step an episode that has touched `recheckIds` (drawn across the whole window, a
 * tenth of them pruned before measuring), so its cost is the recheck's, which grows with what an episode touched.
 */
export class CheckerFixture implements TaskFixture {
  readonly size: number;
  readonly state: EpisodeState;
  readonly system: PruningSystem;
  readonly driver: EpisodeDriver;
  readonly rechecker: EpisodeDriver;
  /** Persisted raw spans, shuffled: the checked prunes' targets. */
  readonly targets: string[];
  /** What the rechecker's episode touched: resident spans, then the evicted ones. */
  readonly recheckIds: string[];
  /** The resident spans among `recheckIds`: the rechecker's lookups name them. */
  readonly recheckResident: string[];

  constructor(size: number, seed: number) {
    this.size = size;
    const config = { capacity: BENCH_CAPACITY };
    this.state = new EpisodeState(config);
    this.system = referenceAdapter.create(config) as PruningSystem;
    this.driver = new EpisodeDriver(this.state, this.system, claimsOf(referenceAdapter), 5_000, undefined, 0);
    this.rechecker = new EpisodeDriver(this.state, this.system, claimsOf(referenceAdapter), 5_000, undefined, 1);
    const content = new ContentSource(seed, `checker:${size}`);
    const persisted: string[] = [];
    const all: string[] = [];
    for (let i = 0; i < size; i += 1) {
      const id = `c-${i}`;
      const persist = i % 10 !== 9;
      this.both({ kind: 'append', span: { id, kind: 'raw', rawKind: 'tool-output', content: content.next(id), persist } }, 'appended');
      all.push(id);
      if (persist) persisted.push(id);
    }
    const shuffled = new Rng(seed, `checker-targets:${size}`).shuffle(persisted);
    const touched = Math.min(RECHECK_TOUCHED, size);
    const evicted = shuffled.splice(0, Math.floor(touched / 10));
    for (const id of evicted) this.both({ kind: 'prune', spanId: id }, 'evicted');
    this.targets = shuffled;
    const gone = new Set(evicted);
    this.recheckResident = new Rng(seed, `recheck-ids:${size}`).shuffle(all.filter((id) => !gone.has(id))).slice(0, touched - evicted.length);
    this.recheckIds = [...this.recheckResident, ...evicted];
    for (const id of this.recheckIds) this.rechecker.recheck.touched.add(id);
  }

  /** Applies `op` to the reference and the system and notes it, as a checked step with no finding would. */
  private both(op: Operation, kind: string): void {
    const expected = this.state.reference.apply(op);
    const actual = this.system.apply(op);
    if (expected.kind !== kind || (actual as { kind?: string }).kind !== kind) {
      throw new BenchError('BUILD_FAILED', `building the checker's window: ${JSON.stringify(op).slice(0, 80)} was not ${kind}`);
    }
    this.state.note(op, expected);
  }

  refresh(): void {
    // Checked prunes are undone by checked restores, and rechecks change nothing: the window never grows.
  }
}

async function checkedStep(driver: EpisodeDriver, fx: CheckerFixture, op: Operation): Promise<void> {
  const finding = await driver.step(op);
  if (finding !== undefined) {
    throw new BenchError('WRONG_PATH', `checker step at ${fx.size} spans found ${finding.invariant} on the reference adapter: ${finding.because.join(' ')}`);
  }
}

/**
 * One checker step: `EpisodeDriver.step` on a prune of a persisted span, which applies it to the reference and
 * to the system under test, observes the touched ids before and after on both, and runs every checker.
 */
export function checkerStepTask(): BatchTask<PruneOp, CheckerFixture> {
  const cursor = new Cursor();
  return {
    subject: 'reference',
    path: 'checker-step',
    async: true,
    method:
      "`EpisodeDriver.step` of the conformance engine on a prune of a random persisted span, checking the reference adapter against the harness's reference: both applied, touched ids observed before and after on both, every checker run; rechecks apart (measured per touched id on their own). After each batch (untimed) a checked `restore` puts every span back.",
    batchSize: (fx, base) => Math.min(base, fx.targets.length),
    prepare: (fx, _rng, count) => cursor.take(fx.targets.length, count).map((i) => ({ kind: 'prune', spanId: fx.targets[i] as string })),
    async run(fx, ops) {
      for (const op of ops) await checkedStep(fx.driver, fx, op);
    },
    async after(fx, ops) {
      for (const op of ops) await checkedStep(fx.driver, fx, { kind: 'restore', spanId: op.spanId });
    },
  };
}

/** Rechecks per batch: each re-observes every touched id (1,000 at most), so a batch of ten is already long. */
const RECHECK_BATCH = 10;

/**
 * A recheck (issue 11) per touched id: `EpisodeDriver.step` on a lookup of a touched resident span, after which
 * every id the episode touched is re-observed on the system and judged against the reference; the item's cost is
 * divided by the ids rechecked. A step's share of an episode's rechecks is this times the ids touched so far,
 * over the steps between rechecks (16 by default).
 */
export function recheckTask(): BatchTask<Operation, CheckerFixture> {
  const cursor = new Cursor();
  return {
    subject: 'reference',
    path: 'recheck-id',
    async: true,
    method:
      "A checked lookup of a touched resident span, then a recheck of every id the episode touched (1,000 drawn across the window, a tenth of them pruned, or the whole window when smaller): each re-observed on the system and judged against the harness's reference (residency, tombstone and marker, floor flag, content and score); the cost divided by the ids rechecked.",
    batchSize: (_fx, base) => Math.min(base, RECHECK_BATCH),
    unitsPerItem: (fx) => fx.recheckIds.length,
    prepare: (fx, _rng, count) => cursor.take(fx.recheckResident.length, count).map((i) => ({ kind: 'lookup', spanId: fx.recheckResident[i] as string })),
    async run(fx, ops) {
      for (const op of ops) await checkedStep(fx.rechecker, fx, op);
    },
  };
}

/**
 * A checked property run of the reference adapter (rechecking every `recheckEvery` steps; 0: never): `checkAdapter`'s
 * own operations per second, and beside it the
 * bare reference `apply` rate on the same episodes (every operation the run applied to the system under test,
 * read back from each runtime's audit log and replayed through a fresh `ReferenceRuntime`, nothing else timed).
 */
export async function measurePropertyRun(seed: number, runs: number, recheckEvery: number = DEFAULTS.recheckEvery): Promise<PropertyRunMeasurement> {
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-'));
  const runtimes: { readonly config: RuntimeConfig; readonly runtime: ReferenceRuntime }[] = [];
  const recording = runtimeAdapter(referenceAdapter.name, referenceAdapter.description ?? '', (config) => {
    const runtime = new ReferenceRuntime(config);
    runtimes.push({ config, runtime });
    return runtime;
  });
  try {
    const report = await checkAdapter(recording, { runs, seed, outDir, recheckEvery });
    const episodes = runtimes.map(({ config, runtime }) => ({ config, ops: runtime.log.all().map((entry) => entry.operation) }));
    return {
      adapter: report.adapter,
      seed: report.seed,
      runs: report.runs,
      opsChecked: report.opsChecked,
      durationMs: report.durationMs,
      opsPerSecond: report.opsPerSecond,
      verdict: report.verdict,
      bareApplyOpsPerSecond: bareApplyRate(episodes),
      generationMs: await generationMs(seed, runs),
      recheckEvery,
      ...(report.evidence?.rechecks === undefined ? {} : { rechecks: report.evidence.rechecks }),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Operations per second of `ReferenceRuntime.apply` alone over `episodes`, the best of three passes (wall clock). */
function bareApplyRate(episodes: readonly { readonly config: RuntimeConfig; readonly ops: readonly Operation[] }[]): number {
  const total = episodes.reduce((sum, e) => sum + e.ops.length, 0);
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass += 1) {
    let ns = 0;
    for (const { config, ops } of episodes) {
      const runtime = new ReferenceRuntime(config);
      const started = process.hrtime.bigint();
      for (const op of ops) runtime.apply(op);
      ns += Number(process.hrtime.bigint() - started);
    }
    best = Math.min(best, ns);
  }
  return Math.round(total / (Math.max(best, 1) / 1e9));
}

/**
 * Wall ms fast-check takes to draw the episodes of a default check of the reference (same seed and runs) when the
 * property's body only walks the drawn steps: what generation alone costs, best of three passes.
 */
export async function generationMs(seed: number, runs: number): Promise<number> {
  let steps = 0;
  const property = episodeProperty(referenceAdapter.capabilities.operations, episodeShape({}), async (commands) => {
    for (const _ of commands) steps += 1;
    return undefined;
  });
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass += 1) {
    const started = process.hrtime.bigint();
    const details = await fc.check(property, { seed, numRuns: runs });
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
    if (details.failed || steps === 0) throw new BenchError('WRONG_PATH', `drawing the episodes alone (seed ${seed}, ${runs} runs) ${details.failed ? 'failed' : 'drew no steps'}`);
  }
  return Math.round(best * 10) / 10;
}
