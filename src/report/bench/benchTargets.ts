import { BENCH_PATHS, benchPath, type BenchMeasurement, type BenchPathId, type BenchSubject, type MemoryMeasurement, type PropertyRunMeasurement, type ProtocolMeasurement, type TargetGroup, type TargetResult, type WorkersControl, type WorkersMeasurement } from './BenchReport.ts';
import type { PythonSketchReport } from './BenchReport.ts';
import { workerSpeedups } from './workerSpeedups.ts';
import { formatNs, formatPercent, formatSize } from './benchFormat.ts';
import { median, type StartUpMeasurement } from './StartUpMeasurement.ts';
import type { CheckedStepMeasurement } from './CheckedStepMeasurement.ts';
import { checkedStepTarget } from './checkedStepTarget.ts';

/** The targets of the benchmark issues, as constants so the report and its tests name the same figures. */
export const TARGETS = {
  smallSize: 1_000,
  largeSize: 1_000_000,
  /** Re-frame per span: the largest size's cost over the smallest's. */
  scalingLimit: 1.5,
  /** Reversible prune cost over the cost of sha256 alone on the same content, at every size, for both contents. */
  hashCostLimit: 2,
  /** Checked property run rate over the bare reference `apply` rate on the same episodes. */
  propertyRunFraction: 0.33,
  /** Checked operations/s on 2 worker threads over the same check on 1. */
  workersSpeedup: 1.7,
  /** Engine step over stdio (protocol 1.1) over the same step in-process. */
  protocolStepLimit: 10,
  naiveSize: 100_000,
  /** Naive cost over reference cost at `naiveSize`, on prune and lookup (the earlier issue's target). */
  naiveSpeedup: 20,
  memoryContentFactor: 1.5,
  memoryOverheadBytes: 300,
  /** Issue 26: CPU before a default check's first episode over the whole process's CPU. */
  startUpShare: 0.2,
  /** Issue 26: a default check's checked operations per CPU second over a 10,000-run check's. */
  defaultRateFraction: 0.5,
} as const;

/** The protocol workload the issue's target is about (`bench/protocolRoundTrip.ts`). */
export const PROTOCOL_STEP_WORKLOAD = 'engine step, protocol 1.1 (one step round trip)';

/** Prune and lookup paths the naive baseline has (it never rejects a prune, so it has no rejection path). */
const NAIVE_PATHS: readonly BenchPathId[] = ['prune-reversible', 'prune-lossy', 'lookup-resident', 'lookup-pruned', 'lookup-absent'];

/** What the targets are computed from: one run's measurements. */
export interface TargetInputs {
  readonly sizes: readonly number[];
  readonly measurements: readonly BenchMeasurement[];
  readonly memory: readonly MemoryMeasurement[];
  readonly propertyRuns?: readonly PropertyRunMeasurement[];
  readonly protocol?: readonly ProtocolMeasurement[];
  readonly workers?: readonly WorkersMeasurement[];
  readonly workersControl?: WorkersControl;
  readonly pythonSketch?: PythonSketchReport;
  readonly startUp?: StartUpMeasurement;
  readonly checkedStep?: readonly CheckedStepMeasurement[];
}

/** The memory ceiling per resident span for a given mean content size. */
export function memoryLimit(contentBytesPerSpan: number): number {
  return TARGETS.memoryContentFactor * contentBytesPerSpan + TARGETS.memoryOverheadBytes;
}

/**
 * The smallest mean content size for which a span's fixed overhead (heap per span less its content) stays
 * within the memory target: content + overhead < 1.5 × content + 300 B ⇔ content > (overhead − 300 B) / 0.5.
 */
export function memoryBreakEven(bytesPerSpan: number, contentBytesPerSpan: number): number {
  const overhead = bytesPerSpan - contentBytesPerSpan;
  return Math.max(0, (overhead - TARGETS.memoryOverheadBytes) / (TARGETS.memoryContentFactor - 1));
}

export function findMeasurement(
  measurements: readonly BenchMeasurement[],
  subject: BenchSubject,
  path: BenchPathId,
  size: number,
): BenchMeasurement | undefined {
  return measurements.find((m) => m.subject === subject && m.path === path && m.size === size);
}

/** Evaluates every target; a target whose inputs were not measured is `not-measured`, never dropped. */
export function computeTargets(inputs: TargetInputs): TargetResult[] {
  return [
    propertyRunTarget(inputs),
    workersTarget(inputs),
    protocolTarget(inputs),
    ...hashTargets(inputs),
    ...growthTargets(inputs),
    reframeTarget(inputs),
    ...memoryTargets(inputs),
    ...naiveTargets(inputs),
    ...pythonSketchTargets(inputs),
    startUpShareTarget(inputs),
    defaultRateTarget(inputs),
    checkedStepTarget(inputs.checkedStep),
  ];
}

/** Builds a target result from a measured ratio (or its absence). */
export function judge(
  id: string,
  group: TargetGroup,
  description: string,
  comparison: 'at-most' | 'at-least',
  threshold: number,
  measured: number | undefined,
  detail: string,
): TargetResult {
  if (measured === undefined || !Number.isFinite(measured)) {
    return { id, group, description, comparison, threshold, measured: undefined, status: 'not-measured', missBy: undefined, detail };
  }
  const met = comparison === 'at-most' ? measured <= threshold : measured >= threshold;
  const missBy = met ? undefined : Math.abs(measured - threshold) / threshold;
  return { id, group, description, comparison, threshold, measured, status: met ? 'met' : 'missed', missBy, detail };
}

/** The round whose checked run was fastest, with the bare apply rate measured beside it. */
export function bestPropertyRun(runs: readonly PropertyRunMeasurement[] = []): PropertyRunMeasurement | undefined {
  return runs.reduce<PropertyRunMeasurement | undefined>((best, run) => (best === undefined || run.opsPerSecond > best.opsPerSecond ? run : best), undefined);
}

function propertyRunTarget({ propertyRuns }: TargetInputs): TargetResult {
  const description = `checked property run ≥ ${TARGETS.propertyRunFraction * 100} % of the bare reference \`apply\` rate, same episodes`;
  const best = bestPropertyRun(propertyRuns);
  if (best?.bareApplyOpsPerSecond === undefined) return judge('property-run', 'property-run', description, 'at-least', TARGETS.propertyRunFraction, undefined, 'no checked property run with its bare apply rate in this run');
  const detail = `${best.opsPerSecond.toLocaleString('en-US')} checked ops/s / ${best.bareApplyOpsPerSecond.toLocaleString('en-US')} bare apply ops/s (${best.opsChecked.toLocaleString('en-US')} operations, ${best.runs} runs, seed ${best.seed})`;
  return judge('property-run', 'property-run', description, 'at-least', TARGETS.propertyRunFraction, best.opsPerSecond / best.bareApplyOpsPerSecond, detail);
}

function workersTarget({ workers = [] }: TargetInputs): TargetResult {
  const description = `2 workers ≥ ${TARGETS.workersSpeedup}× the checked operations/s of 1 worker`;
  const { perRound, median } = workerSpeedups(workers);
  if (median === undefined) return judge('workers', 'workers', description, 'at-least', TARGETS.workersSpeedup, undefined, 'the check on 1 and 2 workers was not measured in this run');
  const rate = (n: number) => workers.filter((m) => m.workers === n).map((m) => m.opsPerSecond.toLocaleString('en-US')).join(', ');
  const [first] = workers;
  const detail = `median of ${perRound.length} rounds (${perRound.map((r) => `${r.toFixed(2)}×`).join(', ')}): 2 workers ${rate(2)} checked ops/s, 1 worker ${rate(1)} (${first?.runs ?? 0} runs, seed ${first?.seed ?? 0}, wall clock, start-up included)`;
  return judge('workers', 'workers', description, 'at-least', TARGETS.workersSpeedup, median, detail);
}

function protocolTarget({ protocol = [] }: TargetInputs): TargetResult {
  const description = `engine step over stdio (protocol 1.1) ≤ ${TARGETS.protocolStepLimit}× in-process`;
  const step = protocol.find((p) => p.workload === PROTOCOL_STEP_WORKLOAD);
  if (step === undefined) return judge('protocol-step', 'protocol-step', description, 'at-most', TARGETS.protocolStepLimit, undefined, 'the protocol round trip was not measured in this run');
  const detail = `${step.stdioOpsPerSecond.toLocaleString('en-US')} steps/s over stdio, ${step.inProcessOpsPerSecond.toLocaleString('en-US')} in-process (reference as a child, wall clock)`;
  return judge('protocol-step', 'protocol-step', description, 'at-most', TARGETS.protocolStepLimit, step.ratio, detail);
}

/** Cost at the largest window over cost at the smallest; undefined unless both were measured. */
export function growthOf(measurements: readonly BenchMeasurement[], subject: BenchSubject, path: BenchPathId): { ratio: number; small: BenchMeasurement; large: BenchMeasurement } | undefined {
  const small = findMeasurement(measurements, subject, path, TARGETS.smallSize);
  const large = findMeasurement(measurements, subject, path, TARGETS.largeSize);
  return small === undefined || large === undefined ? undefined : { ratio: large.nsPerOp / small.nsPerOp, small, large };
}

/** Every directive's growth from 10³ to 10⁶ spans against a bare Map get + set's over the same sizes. */
function growthTargets({ measurements }: TargetInputs): TargetResult[] {
  const { smallSize, largeSize } = TARGETS;
  const map = growthOf(measurements, 'ceiling', 'map-get-set');
  return BENCH_PATHS.filter((path) => path.directive).map((path) => {
    const description = `${path.label}: growth ${formatSize(smallSize)} → ${formatSize(largeSize)} spans ≤ a bare Map get + set's`;
    const own = growthOf(measurements, 'reference', path.id);
    if (own === undefined || map === undefined) {
      return judge(`growth:${path.id}`, 'directive-growth', description, 'at-most', map?.ratio ?? Number.NaN, undefined, `${own === undefined ? path.label : 'the Map ceiling'} not measured at both ${formatSize(smallSize)} and ${formatSize(largeSize)}`);
    }
    const detail = `${formatNs(own.large.nsPerOp)} at ${formatSize(largeSize)} / ${formatNs(own.small.nsPerOp)} at ${formatSize(smallSize)}; the Map: ${formatNs(map.large.nsPerOp)} / ${formatNs(map.small.nsPerOp)}`;
    return judge(`growth:${path.id}`, 'directive-growth', description, 'at-most', map.ratio, own.ratio, detail);
  });
}

/** The content sizes the reversible prune is judged at: the window's own (~1 KB) and a ~250 B window's. */
const HASH_PAIRS = [
  { prune: 'prune-reversible', hash: 'sha256', content: '~1 KB' },
  { prune: 'prune-reversible-small', hash: 'sha256-small', content: '~250 B' },
] as const satisfies readonly { prune: BenchPathId; hash: BenchPathId; content: string }[];

function hashTargets({ sizes, measurements }: TargetInputs): TargetResult[] {
  return HASH_PAIRS.flatMap((pair) =>
    sizes.map((size) => {
      const prune = findMeasurement(measurements, 'reference', pair.prune, size);
      const hash = findMeasurement(measurements, 'ceiling', pair.hash, size);
      const description = `reversible prune ≤ ${TARGETS.hashCostLimit}× the cost of sha256 of the same content, ${pair.content} content, at ${formatSize(size)}`;
      const id = `prune-vs-sha256@${size}${pair.prune === 'prune-reversible' ? '' : ':small'}`;
      if (prune === undefined || hash === undefined) return judge(id, 'prune-vs-sha256', description, 'at-most', TARGETS.hashCostLimit, undefined, 'prune or sha256 not measured at this size');
      const detail = `prune ${formatNs(prune.nsPerOp)} / sha256 ${formatNs(hash.nsPerOp)}`;
      return judge(id, 'prune-vs-sha256', description, 'at-most', TARGETS.hashCostLimit, prune.nsPerOp / hash.nsPerOp, detail);
    }),
  );
}

function reframeTarget({ sizes, measurements }: TargetInputs): TargetResult {
  const points = sizes.flatMap((size) => {
    const m = findMeasurement(measurements, 'reference', 'reframe', size);
    return m === undefined ? [] : [m];
  });
  const description = `re-frame cost per span flat across sizes: max ≤ ${TARGETS.scalingLimit}× min`;
  if (points.length < 2) return judge('reframe-flat', 'reframe-flat', description, 'at-most', TARGETS.scalingLimit, undefined, 'fewer than two sizes measured');
  const costs = points.map((m) => m.nsPerOp);
  const detail = points.map((m) => `${formatNs(m.nsPerOp)} at ${formatSize(m.size)}`).join(', ');
  return judge('reframe-flat', 'reframe-flat', description, 'at-most', TARGETS.scalingLimit, Math.max(...costs) / Math.min(...costs), detail);
}

function naiveTargets({ measurements }: TargetInputs): TargetResult[] {
  const size = TARGETS.naiveSize;
  return NAIVE_PATHS.map((id) => {
    const ref = findMeasurement(measurements, 'reference', id, size);
    const naive = findMeasurement(measurements, 'naive', id, size);
    const description = `${benchPath(id).label}: reference ≥ ${TARGETS.naiveSpeedup}× faster than naive at ${formatSize(size)}`;
    if (ref === undefined || naive === undefined) {
      return judge(`naive:${id}`, 'naive', description, 'at-least', TARGETS.naiveSpeedup, undefined, `${ref === undefined ? 'reference' : 'naive baseline'} not measured at ${formatSize(size)}`);
    }
    const detail = `naive ${formatNs(naive.nsPerOp)} / reference ${formatNs(ref.nsPerOp)}`;
    return judge(`naive:${id}`, 'naive', description, 'at-least', TARGETS.naiveSpeedup, naive.nsPerOp / ref.nsPerOp, detail);
  });
}

function memoryTargets({ memory }: TargetInputs): TargetResult[] {
  return memory
    .filter((m) => m.subject === 'reference')
    .map((m) => {
      const description = `memory per resident span ≤ ${TARGETS.memoryContentFactor}× content bytes + ${TARGETS.memoryOverheadBytes} B, at ${formatSize(m.size)}`;
      const detail = `${Math.round(m.bytesPerSpan)} B per span for ${Math.round(m.contentBytesPerSpan)} B of content (limit ${Math.round(m.limitBytesPerSpan)} B)`;
      return judge(`memory@${m.size}`, 'memory', description, 'at-most', m.limitBytesPerSpan, m.bytesPerSpan, detail);
    });
}

/** The window sizes issue 26 compares the reference's reversible prune with the seed-000 Python sketch at. */
export const PYTHON_SKETCH_SIZES: readonly number[] = [1_000, 10_000, 100_000];

/**
 * Issue 26: the reference's reversible prune faster than a plain Python sketch of seed 000's `prune` (which also
 * hashes) on the same ~250 B content: reference CPU time per prune over Python's, below 1 at each size.
 */
function pythonSketchTargets({ pythonSketch }: TargetInputs): TargetResult[] {
  return PYTHON_SKETCH_SIZES.map((size) => {
    const description = `reversible prune faster than a plain Python sketch of seed 000's \`prune\` (which also hashes), same ~250 B content, at ${formatSize(size)}`;
    const m = pythonSketch?.measurements.find((x) => x.size === size);
    if (m === undefined) {
      const why =
        pythonSketch === undefined
          ? 'the Python comparison was not run'
          : pythonSketch.measurements.length === 0 && pythonSketch.skipped[0] !== undefined
            ? pythonSketch.skipped[0]
            : `not measured at ${formatSize(size)}: this run's sizes did not include it (\`--quick\` runs 10³ and 10⁴)`;
      return judge(`prune-vs-python@${size}`, 'prune-vs-python', description, 'at-most', 1, undefined, why);
    }
    const detail = `reference ${formatNs(m.referenceNsPerPrune)} / Python ${pythonSketch?.python ?? ''} ${formatNs(m.pythonNsPerPrune)} per prune (CPU, median of ${m.referenceRounds.length} and ${m.pythonRounds.length} rounds of ${m.prunes.toLocaleString('en-US')} prunes, ${Math.round(m.meanContentBytes)} B mean content)`;
    return judge(`prune-vs-python@${size}`, 'prune-vs-python', description, 'at-most', 1, m.referenceNsPerPrune / m.pythonNsPerPrune, detail);
  });
}

/** Issue 26: the median default check's start-up CPU over its whole CPU, as a user runs it from dist/. */
function startUpShareTarget({ startUp }: TargetInputs): TargetResult {
  const description = `default \`check --adapter reference\`: start-up ≤ ${formatPercent(TARGETS.startUpShare)} of its CPU`;
  const checks = startUp?.defaultChecks ?? [];
  const share = median(checks.map((c) => c.startUpCpuMs / c.cpuMs));
  if (share === undefined) return judge('start-up-share', 'start-up', description, 'at-most', TARGETS.startUpShare, undefined, 'no default check was traced in this run');
  const sources = checks.some((c) => c.build === 'sources') ? '; ran from the sources through tsx (dist/ missing or stale), not as a user runs it' : '';
  const detail = `median of ${checks.length}: ${checks.map((c) => `${(c.startUpCpuMs / 1000).toFixed(2)} s of ${(c.cpuMs / 1000).toFixed(2)} s`).join(', ')} CPU before the first episode (${checks[0]?.runs ?? 0} runs, seed ${checks[0]?.seed ?? 0})${sources}`;
  return judge('start-up-share', 'start-up', description, 'at-most', TARGETS.startUpShare, share, detail);
}

/** Issue 26: the median default check's checked operations per CPU second over a 10,000-run check's, same seed, one worker each. */
function defaultRateTarget({ startUp }: TargetInputs): TargetResult {
  const long = startUp?.longCheck;
  const description = `a default check's operations/s ≥ ${formatPercent(TARGETS.defaultRateFraction)} of the ${(long?.runs ?? 10_000).toLocaleString('en-US')}-run rate`;
  const rate = median((startUp?.defaultChecks ?? []).map((c) => c.opsPerCpuSecond));
  if (rate === undefined || long === undefined) return judge('default-rate', 'default-rate', description, 'at-least', TARGETS.defaultRateFraction, undefined, 'the default and the long check were not both traced in this run');
  const detail = `${rate.toLocaleString('en-US')} checked ops per CPU second (median of ${startUp?.defaultChecks.length ?? 0} default checks) / ${long.opsPerCpuSecond.toLocaleString('en-US')} at ${long.runs.toLocaleString('en-US')} runs on 1 worker (seed ${long.seed}; CPU from the first episode to exit; the reports' own wall-clock rates ${(startUp?.defaultChecks ?? []).map((c) => c.reportedOpsPerSecond.toLocaleString('en-US')).join(', ')} and ${long.reportedOpsPerSecond.toLocaleString('en-US')})`;
  return judge('default-rate', 'default-rate', description, 'at-least', TARGETS.defaultRateFraction, rate / long.opsPerCpuSecond, detail);
}
