import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PruningSystem } from '../src/adapters/Adapter.ts';
import { referenceAdapter } from '../src/adapters/reference.ts';
import { runtimeAdapter } from '../src/adapters/runtimeAdapter.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../src/model/ReferenceRuntime.ts';
import { EpisodeState } from '../src/gen/runtime/EpisodeState.ts';
import type { Operation, PruneOp } from '../src/model/Operation.ts';
import type { PropertyRunMeasurement } from '../src/report/BenchReport.ts';
import { checkAdapter, claimsOf, DEFAULTS } from '../src/run/runtime/checkAdapter.ts';
import { EpisodeDriver } from '../src/run/runtime/EpisodeDriver.ts';
import { Cursor, type BatchTask, type TaskFixture } from './BatchTask.ts';
import { BenchError } from './BenchError.ts';
import { ContentSource } from './ContentSource.ts';
import { BENCH_CAPACITY } from './Fixture.ts';
import { Rng } from './Rng.ts';

/**
 * The conformance engine's episode driver over a window of `size` resident spans: the harness's reference and
 * the system under test (the reference adapter) hold the same spans. The window is built by applying each
 * append to both and noting it in the episode state, which is the state `step` would leave after checking
 * those appends one by one with no finding (the reference adapter never has one), without its cost.
 */
export class CheckerFixture implements TaskFixture {
  readonly size: number;
  readonly state: EpisodeState;
  readonly system: PruningSystem;
  readonly driver: EpisodeDriver;
  /** Persisted raw spans, shuffled: the checked prunes' targets. */
  readonly targets: string[];

  constructor(size: number, seed: number) {
    this.size = size;
    const config = { capacity: BENCH_CAPACITY };
    this.state = new EpisodeState(config);
    this.system = referenceAdapter.create(config) as PruningSystem;
    this.driver = new EpisodeDriver(this.state, this.system, claimsOf(referenceAdapter), 5_000);
    const content = new ContentSource(seed, `checker:${size}`);
    const persisted: string[] = [];
    for (let i = 0; i < size; i += 1) {
      const id = `c-${i}`;
      const persist = i % 10 !== 9;
      const op: Operation = { kind: 'append', span: { id, kind: 'raw', rawKind: 'tool-output', content: content.next(id), persist } };
      const expected = this.state.reference.apply(op);
      const actual = this.system.apply(op);
      if (expected.kind !== 'appended' || (actual as { kind?: string }).kind !== 'appended') {
        throw new BenchError('BUILD_FAILED', `building the checker's window: '${id}' was not appended`);
      }
      this.state.note(op, expected);
      if (persist) persisted.push(`c-${String(i)}`);
    }
    this.targets = new Rng(seed, `checker-targets:${size}`).shuffle(persisted);
  }

  refresh(): void {
    // Checked prunes are undone by checked restores: the window never grows.
  }
}

/**
 * One checker step: `EpisodeDriver.step` on a prune of a persisted span, which applies it to the reference and
 * to the system under test, observes the touched ids before and after on both, and runs every checker.
 */
export function checkerStepTask(): BatchTask<PruneOp, CheckerFixture> {
  const cursor = new Cursor();
  const step = async (fx: CheckerFixture, op: Operation): Promise<void> => {
    const finding = await fx.driver.step(op);
    if (finding !== undefined) {
      throw new BenchError('WRONG_PATH', `checker step at ${fx.size} spans found ${finding.invariant} on the reference adapter: ${finding.because.join(' ')}`);
    }
  };
  return {
    subject: 'reference',
    path: 'checker-step',
    async: true,
    method:
      "`EpisodeDriver.step` of the conformance engine on a prune of a random persisted span, checking the reference adapter against the harness's reference: both applied, touched ids observed before and after on both, every checker run. After each batch (untimed) a checked `restore` puts every span back.",
    batchSize: (fx, base) => Math.min(base, fx.targets.length),
    prepare: (fx, _rng, count) => cursor.take(fx.targets.length, count).map((i) => ({ kind: 'prune', spanId: fx.targets[i] as string })),
    async run(fx, ops) {
      for (const op of ops) await step(fx, op);
    },
    async after(fx, ops) {
      for (const op of ops) await step(fx, { kind: 'restore', spanId: op.spanId });
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
