import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { basename } from 'node:path';
import { NaiveRuntime } from '../src/subjects/naive/NaiveRuntime.ts';
import { ReferenceRuntime } from '../src/model/ReferenceRuntime.ts';
import type { BenchMeasurement, BenchPathId, BenchReport, MemoryMeasurement, PropertyRunMeasurement } from '../src/report/bench/BenchReport.ts';
import { formatNs, formatSize } from '../src/report/bench/benchFormat.ts';
import { renderBenchChart } from '../src/report/bench/benchChart.ts';
import { renderBenchMarkdown, targetStatus } from '../src/report/bench/benchMarkdown.ts';
import { computeTargets, memoryLimit } from '../src/report/bench/benchTargets.ts';
import { summarizeTargets } from '../src/report/bench/benchSummaries.ts';
import { jsonText, writeReport } from '../src/util/writeReport.ts';
import type { BatchTask, TaskFixture } from './BatchTask.ts';
import { BenchError } from './BenchError.ts';
import { ceilingTasks, sha256Task } from './ceilingTasks.ts';
import { CheckerFixture, checkerStepTask, measurePropertyRun, recheckTask } from './checkerBenches.ts';
import { combineRounds, type RoundResult } from './combineRounds.ts';
import { CONTENT_MAX_BYTES, CONTENT_MIN_BYTES } from '../src/run/bench/ContentSource.ts';
import { directiveTasks, NAIVE_SKIPS, pruneReversible } from './directiveTasks.ts';
import { BENCH_CAPACITY, Fixture, SMALL_CONTENT, WINDOW_COMPOSITION, type ContentRange, type SubjectFactory } from './Fixture.ts';
import { measureProtocolRoundTrip } from './protocolRoundTrip.ts';
import { supervisedCost } from '../src/report/bench/supervisedCost.ts';
import { measureControl, measureWorkers } from './workersScaling.ts';
import { measurePythonSketch, PYTHON_SKETCH_RUNS } from './pythonSketch.ts';
import { measureStartUp } from './startUpShare.ts';
import { CHECKED_STEP_RUNS, measureCheckedStep } from './checkedStepVsModelRun.ts';
import { heapAfterGc } from '../src/run/bench/heapAfterGc.ts';
import { measureTask } from './measureTask.ts';
import { BENCH_USAGE, parseBenchArgs, type BenchOptions } from './parseBenchArgs.ts';

const BATCH = { reference: 100, naive: 10, ceiling: 100 } as const;

const reference: SubjectFactory = {
  subject: 'reference',
  create: () => new ReferenceRuntime({ capacity: BENCH_CAPACITY }),
  // What a first lookup does to a persisted raw span (it verifies the pointer, memoizing the digest), unlogged.
  warm(runtime, spanId) {
    const rt = runtime as ReferenceRuntime;
    const span = rt.span(spanId);
    if (span !== undefined) rt.hasResolvablePointer(span);
  },
};

const naive: SubjectFactory = {
  subject: 'naive',
  create: () => new NaiveRuntime({ capacity: BENCH_CAPACITY }),
  // Each naive prune copies the whole window; its lookup of a pruned id scans the whole window whatever the
  // pool's size, so a small pool measures the same thing without a quadratic build.
  prunedPool: () => 100,
};

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function replayCommand(options: BenchOptions): string {
  const parts = ['npm run bench --'];
  if (options.mode === 'quick') parts.push('--quick');
  parts.push(`--seed ${options.seed}`, `--sizes ${options.sizes.join(',')}`);
  return parts.join(' ');
}

interface Collected {
  readonly measurements: BenchMeasurement[];
  readonly memory: MemoryMeasurement[];
  readonly methods: Partial<Record<BenchPathId, string>>;
  readonly missing: string[];
}

/** A built window and the tasks measured on it, with each task's rounds so far. */
interface Stage {
  readonly fx: TaskFixture;
  readonly tasks: readonly BatchTask<unknown, TaskFixture>[];
  readonly rounds: Map<BatchTask<unknown, TaskFixture>, RoundResult[]>;
}

// Enough runs that JIT warm-up is a small part of a round (at 200 runs, a quarter-second round moved the rate 3x).
const PROPERTY_RUNS = { full: 2_000, quick: 20 } as const;
const WORKER_RUNS = { full: { runs: 20_000, rounds: 3 }, quick: { runs: 400, rounds: 1 } } as const;
const PROTOCOL_RUNS = {
  full: { episodes: 20, episodeLength: 200, rounds: 5, supervisedCheck: { runs: 300, seed: 42, cliRounds: 5 } },
  quick: { episodes: 5, episodeLength: 200, rounds: 3, supervisedCheck: { runs: 100, seed: 42, cliRounds: 2 } },
} as const;

function checkerStage(size: number, options: BenchOptions): Stage {
  const started = performance.now();
  const fx = new CheckerFixture(size, options.seed);
  log(`  checker window of ${formatSize(size)} spans (reference adapter + harness reference) built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const tasks = [checkerStepTask(), recheckTask()] as unknown as BatchTask<unknown, TaskFixture>[];
  return { fx, tasks, rounds: new Map(tasks.map((task) => [task, []])) };
}

/** Builds one subject's window at one size and records its memory (for the default content only). */
function buildStage(factory: SubjectFactory, tasks: readonly BatchTask[], size: number, options: BenchOptions, into: Collected, content?: ContentRange): Stage {
  const started = performance.now();
  const fx = new Fixture(factory, size, options.seed, content);
  const built = (performance.now() - started) / 1000;
  if (fx.bytesPerSpan !== undefined && content === undefined) {
    into.memory.push({
      subject: factory.subject,
      size,
      bytesPerSpan: fx.bytesPerSpan,
      contentBytesPerSpan: fx.contentBytesPerSpan,
      limitBytesPerSpan: memoryLimit(fx.contentBytesPerSpan),
    });
  }
  const memory = fx.bytesPerSpan === undefined ? 'memory not measured' : `${Math.round(fx.bytesPerSpan)} B per resident span`;
  log(`  ${factory.subject} window of ${formatSize(size)} spans${content === undefined ? '' : ` (${content.label} content)`} built in ${built.toFixed(1)} s (${memory})`);
  const erased = tasks as readonly BatchTask<unknown, TaskFixture>[];
  return { fx, tasks: erased, rounds: new Map(erased.map((task) => [task, []])) };
}

async function measureStage(stage: Stage, options: BenchOptions, round: number, into: Collected): Promise<void> {
  for (const task of stage.tasks) {
    const result = await measureTask(stage.fx, task, { seed: options.seed, timeMs: options.timeMs, minBatches: options.minBatches, batch: BATCH[task.subject] }, round);
    stage.rounds.get(task)?.push(result);
    if (task.subject !== 'naive') into.methods[task.path] ??= task.method;
    const unit = task.unitsPerItem === undefined ? 'op' : 'span';
    log(`    ${`${task.subject} ${task.path} @ ${formatSize(stage.fx.size)}`.padEnd(36)} ${formatNs(result.nsPerOp).padStart(10)} per ${unit}  (${result.samples} batches)`);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseBenchArgs(argv);
  } catch (error) {
    if (!(error instanceof BenchError)) throw error;
    process.stderr.write(`${error.message}\n\n${BENCH_USAGE}`);
    return 2;
  }
  if (options.help) {
    log(BENCH_USAGE);
    return 0;
  }
  if (options.renderFrom !== undefined) return rerender(options.renderFrom, options.out);
  const startedAt = new Date();
  const gcExposed = heapAfterGc() !== undefined;
  log(`prunecheck bench (${options.mode}): sizes ${options.sizes.map(formatSize).join(', ')}, seed ${options.seed}`);
  log(`replay: ${replayCommand(options)}`);
  if (!gcExposed) log('warning: global.gc is not exposed, memory is not measured; run through `npm run bench`, which passes --expose-gc');

  const into: Collected = { measurements: [], memory: [], methods: {}, missing: [...NAIVE_SKIPS] };
  const loadStart = loadavg()[0] ?? 0;
  log('warming up');
  // A throwaway build first: the first window would otherwise be charged the heap of compiled code and
  // type feedback, which is paid once per process, not per span.
  for (const factory of [reference, naive]) new Fixture(factory, 1_000, options.seed + 1);
  new CheckerFixture(1_000, options.seed + 1);
  heapAfterGc();
  // One window at a time: built, its tasks measured in interleaved rounds, then dropped, so each size is
  // measured with only its own window in the heap (GC work on a bigger one would be charged to it).
  const builders: (() => Stage)[] = [];
  for (const size of options.sizes) {
    builders.push(() => buildStage(reference, [...directiveTasks('reference'), ...ceilingTasks()], size, options, into));
    builders.push(() => buildStage(reference, [pruneReversible('reference', 'prune-reversible-small'), sha256Task('sha256-small')], size, options, into, SMALL_CONTENT));
    if (size <= options.naiveMaxSize) builders.push(() => buildStage(naive, directiveTasks('naive'), size, options, into));
    builders.push(() => checkerStage(size, options));
  }
  for (const build of builders) {
    let stage: Stage | undefined = build();
    for (let round = 1; round <= options.rounds; round += 1) {
      log(`    round ${round} of ${options.rounds} (load average ${(loadavg()[0] ?? 0).toFixed(1)})`);
      await measureStage(stage, options, round, into);
    }
    for (const [task, rounds] of stage.rounds) into.measurements.push(combineRounds(task.subject, task.path, stage.fx.size, rounds));
    stage = undefined;
    heapAfterGc();
  }
  const propertyRuns: PropertyRunMeasurement[] = [];
  const propertyRunsWithoutRecheck: PropertyRunMeasurement[] = [];
  for (let round = 1; round <= options.rounds; round += 1) {
    const run = await measurePropertyRun(options.seed, PROPERTY_RUNS[options.mode]);
    propertyRuns.push(run);
    log(`  checked property run ${round} of ${options.rounds}: ${run.opsPerSecond.toLocaleString('en-US')} ops/s, bare apply ${run.bareApplyOpsPerSecond?.toLocaleString('en-US') ?? '—'} ops/s (${run.opsChecked} ops, ${run.runs} runs, ${run.verdict})`);
    // The same episodes without rechecks (issue 11): what re-observing every touched id and signature costs.
    const off = await measurePropertyRun(options.seed, PROPERTY_RUNS[options.mode], 0);
    propertyRunsWithoutRecheck.push(off);
    log(`    without rechecks: ${off.opsPerSecond.toLocaleString('en-US')} ops/s (${off.opsChecked} ops, ${off.verdict})`);
  }
  log(`  the same check on 1 and 2 worker threads, ${WORKER_RUNS[options.mode].runs} runs`);
  const workers = await measureWorkers({ ...WORKER_RUNS[options.mode], seed: options.seed }, log);
  const workersControl = await measureControl(WORKER_RUNS[options.mode].runs, options.seed);
  log(`    control: two single-thread checks in two processes at once ran at ${workersControl.speedup}× one alone`);
  log(`  protocol round trip (load average ${(loadavg()[0] ?? 0).toFixed(1)})`);
  const protocol = await measureProtocolRoundTrip(PROTOCOL_RUNS[options.mode]);
  for (const p of protocol) log(`    ${p.workload.padEnd(90)} ${p.ratio}×`);
  for (const line of supervisedCost(protocol)) log(`    ${line}`);
  const pythonSketch = measurePythonSketch({ seed: options.seed, sizes: options.sizes, ...PYTHON_SKETCH_RUNS[options.mode] }, log);
  log(`  checked operation against a bare fc.asyncModelRun step over a Map (CPU, ${CHECKED_STEP_RUNS[options.mode].runs} runs)`);
  const checkedStep = await measureCheckedStep({ seed: options.seed, ...CHECKED_STEP_RUNS[options.mode] }, log);
  if (options.sizes.some((size) => size > options.naiveMaxSize)) {
    into.missing.push(`naive baseline above ${formatSize(options.naiveMaxSize)} spans: its append sums every resident span's tokens, so building the window is quadratic`);
  }

  const contentBytes = { min: CONTENT_MIN_BYTES, max: CONTENT_MAX_BYTES, mean: meanContent(into.memory) };
  const report: BenchReport = {
    format: 'prunecheck-bench/1',
    mode: options.mode,
    seed: options.seed,
    command: replayCommand(options),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    environment: {
      node: process.versions.node,
      v8: process.versions.v8,
      platform: process.platform,
      arch: process.arch,
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: cpus().length,
      totalMemoryGiB: Math.round(totalmem() / 2 ** 30),
      gcExposed,
      loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
    },
    method: {
      batch: BATCH,
      timeMs: options.timeMs,
      minBatches: options.minBatches,
      rounds: options.rounds,
      contentBytes,
      naiveMaxSize: options.naiveMaxSize,
      window: WINDOW_COMPOSITION,
      tasks: into.methods,
      notes: [
        'Tasks that add spans (lossy prune, summarize) rebuild the window from scratch (untimed) once they have added more than max(100, N/4) spans, so small windows are not measured with a history many times their size.',
        "The naive baseline's pruned pool holds 100 spans, not N/10: its lookup of a pruned id scans the whole window whatever the pool's size, and each naive prune copies the window, so a large pool would only make its build slower.",
        'The reversible-prune target is also judged on a second window of the same mix with ~250 B content (128–384 B per span), on which only the reversible prune and sha256 are measured; its memory is not.',
        'Protocol: the engine step over stdio is timed on its own seeded episodes (bench/protocolRoundTrip.ts: the reference in-process against the reference as a child, interleaved, wall clock, median of rounds), since a round trip waits for the other process.',
        'Workers: the reference checked on 1 and on 2 worker threads (bench/workersScaling.ts, also `npm run bench:workers`), same seed and runs, interleaved round by round with the order swapped, wall clock from the start of the check to its report (worker start-up included, the recorded incidents left out); the target is the median of the rounds\' ratios.',
        'Checked property run: beside it, the bare reference `apply` rate on the same episodes (every operation the run applied, read back from the runtimes it created and replayed through fresh ones, best of three passes, wall clock like the run itself).',
        'Memory: heap in use after a forced full GC, before and after appending the N resident spans (digests memoized for the read pool), divided by N. It counts everything the runtime keeps for a span: the span record, window and known-id map entries, the backing-store record, handle and digest, and the audit-log entry of its append.',
        "Seed-000 Python sketch (issue 26, `bench/pythonSketch.ts`): at 10³, 10⁴ and 10⁵ spans, the same ~250 B contents and the same seeded order handed to the reference (`apply(prune)` on persisted raw spans, in a fresh single-threaded Node process of its own, `bench/children/referencePruneRounds.ts`, as the Python side has: the bench process's own large heap, and collector threads sweeping after the untimed set-up, inflated the prunes' CPU time) and to `bench/python/seedPrune.py` (the seed's `ContextWindow.prune` transcribed, its own python3 process) by a JSON file; each side builds a fresh window per round (untimed), then times the loop that prunes every span once, CPU time; warm-up rounds (at least 20,000 prunes) are dropped, the sides alternate block by block, and each side's cost is its median round.",
        'Start-up (issue 26): `node bin/prunecheck.js check --adapter reference` in child processes as a user runs it (dist/, the default 300 runs, a seed and --out only), traced with PRUNECHECK_TRACE_STARTUP=1; CPU (user + system, every thread) before the first episode over CPU at exit, median of 3; the rate is checked operations per CPU second after the first episode, against the same check with 10,000 runs (2,000 in --quick) on 1 worker, run between the default ones (bench/startUpShare.ts).',
      ],
    },
    sizes: options.sizes,
    measurements: into.measurements,
    memory: into.memory,
    propertyRuns,
    propertyRunsWithoutRecheck,
    protocol,
    workers,
    workersControl,
    pythonSketch,
    startUp: await measureStartUp({ seed: options.seed, rounds: 3, longRuns: options.mode === 'full' ? 10_000 : 2_000 }, log),
    checkedStep,
    targets: [],
    missing: into.missing,
  };
  const targets = computeTargets(report);
  await writeAll({ ...report, targets, summaries: summarizeTargets(targets, report) }, options.out);
  return 0;
}

async function writeAll(report: BenchReport, out: string): Promise<void> {
  const paths = await Promise.all([
    writeReport(`${out}.json`, jsonText(report)),
    writeReport(`${out}.md`, renderBenchMarkdown(report, `${basename(out)}.svg`)),
    writeReport(`${out}.svg`, renderBenchChart(report.measurements)),
  ]);
  log('\ntargets:');
  for (const target of report.targets) log(`  ${targetStatus(target).replace(/\*/g, '').padEnd(22)} ${target.description} (${target.detail})`);
  log('\nissue 14:');
  for (const summary of report.summaries ?? []) log(`  ${summary.status.padEnd(13)} ${summary.description}`);
  log(`\nwrote ${paths.join(', ')}`);
}

/** Re-renders an earlier run's reports from its JSON; the measurements are untouched, the targets re-judged. */
async function rerender(path: string, out: string): Promise<number> {
  let report: BenchReport;
  try {
    report = JSON.parse(readFileSync(path, 'utf8')) as BenchReport;
  } catch (error) {
    throw new BenchError('BAD_ARGUMENT', `--render-from ${path}: ${(error as Error).message}; name a bench JSON report`, { cause: error });
  }
  if (report.format !== 'prunecheck-bench/1') {
    throw new BenchError('BAD_ARGUMENT', `--render-from ${path}: format is ${JSON.stringify(report.format)}, expected "prunecheck-bench/1"`);
  }
  const targets = computeTargets(report);
  await writeAll({ ...report, targets, summaries: summarizeTargets(targets, report) }, out);
  return 0;
}

function meanContent(memory: readonly MemoryMeasurement[]): number {
  const reference = memory.filter((m) => m.subject === 'reference');
  return reference.length === 0 ? 1024 : reference.reduce((sum, m) => sum + m.contentBytesPerSpan, 0) / reference.length;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exitCode = error instanceof BenchError && error.code === 'BAD_ARGUMENT' ? 2 : 1;
  },
);
