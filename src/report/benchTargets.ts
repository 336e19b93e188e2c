import { BENCH_PATHS, benchPath, type BenchMeasurement, type BenchPathId, type BenchSubject, type MemoryMeasurement, type TargetResult } from './BenchReport.ts';
import { formatNs, formatRatio, formatSize } from './benchFormat.ts';

/** The targets of the benchmark issue, as constants so the report and its tests name the same figures. */
export const TARGETS = {
  smallSize: 1_000,
  largeSize: 1_000_000,
  /** Cost at the large window over cost at the small window, per directive path; also re-frame per span. */
  scalingLimit: 1.5,
  /** Reversible prune rate over sha256-only rate on the same content. */
  hashFraction: 0.4,
  naiveSize: 100_000,
  /** Naive cost over reference cost at `naiveSize`, on prune and lookup. */
  naiveSpeedup: 20,
  memoryContentFactor: 1.5,
  memoryOverheadBytes: 300,
} as const;

/** Prune and lookup paths the naive baseline has (it never rejects a prune, so it has no rejection path). */
const NAIVE_PATHS: readonly BenchPathId[] = ['prune-reversible', 'prune-lossy', 'lookup-resident', 'lookup-pruned', 'lookup-absent'];

/** What the targets are computed from: one run's measurements. */
export interface TargetInputs {
  readonly sizes: readonly number[];
  readonly measurements: readonly BenchMeasurement[];
  readonly memory: readonly MemoryMeasurement[];
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
  return [...scalingTargets(inputs), ...hashTargets(inputs), reframeTarget(inputs), ...naiveTargets(inputs), ...memoryTargets(inputs)];
}

/** Builds a target result from a measured ratio (or its absence). */
export function judge(
  id: string,
  description: string,
  comparison: 'at-most' | 'at-least',
  threshold: number,
  measured: number | undefined,
  detail: string,
): TargetResult {
  if (measured === undefined || !Number.isFinite(measured)) {
    return { id, description, comparison, threshold, measured: undefined, status: 'not-measured', missBy: undefined, detail };
  }
  const met = comparison === 'at-most' ? measured <= threshold : measured >= threshold;
  const missBy = met ? undefined : Math.abs(measured - threshold) / threshold;
  return { id, description, comparison, threshold, measured, status: met ? 'met' : 'missed', missBy, detail };
}

function scalingTargets({ measurements }: TargetInputs): TargetResult[] {
  const { smallSize, largeSize, scalingLimit } = TARGETS;
  return BENCH_PATHS.filter((path) => path.directive).map((path) => {
    const small = findMeasurement(measurements, 'reference', path.id, smallSize);
    const large = findMeasurement(measurements, 'reference', path.id, largeSize);
    const description = `${path.label}: cost at ${formatSize(largeSize)} spans ≤ ${scalingLimit}× cost at ${formatSize(smallSize)}`;
    if (small === undefined || large === undefined) {
      return judge(`scaling:${path.id}`, description, 'at-most', scalingLimit, undefined, `not measured at both ${formatSize(smallSize)} and ${formatSize(largeSize)}`);
    }
    const mapSmall = findMeasurement(measurements, 'ceiling', 'map-get-set', smallSize);
    const mapLarge = findMeasurement(measurements, 'ceiling', 'map-get-set', largeSize);
    // The Map ceiling's own ratio shows how much of the growth is the memory hierarchy, not the model.
    const context = mapSmall === undefined || mapLarge === undefined ? '' : `; a bare Map get + set grows ${formatRatio(mapLarge.nsPerOp / mapSmall.nsPerOp)} over the same sizes`;
    const detail = `${formatNs(large.nsPerOp)} at ${formatSize(largeSize)} / ${formatNs(small.nsPerOp)} at ${formatSize(smallSize)}${context}`;
    return judge(`scaling:${path.id}`, description, 'at-most', scalingLimit, large.nsPerOp / small.nsPerOp, detail);
  });
}

function hashTargets({ sizes, measurements }: TargetInputs): TargetResult[] {
  return sizes.map((size) => {
    const prune = findMeasurement(measurements, 'reference', 'prune-reversible', size);
    const hash = findMeasurement(measurements, 'ceiling', 'sha256', size);
    const description = `reversible prune rate ≥ ${TARGETS.hashFraction * 100} % of the sha256-only rate on the same content, at ${formatSize(size)}`;
    if (prune === undefined || hash === undefined) {
      return judge(`hash-fraction@${size}`, description, 'at-least', TARGETS.hashFraction, undefined, 'prune or sha256 not measured at this size');
    }
    const detail = `sha256 ${formatNs(hash.nsPerOp)} / prune ${formatNs(prune.nsPerOp)}`;
    return judge(`hash-fraction@${size}`, description, 'at-least', TARGETS.hashFraction, hash.nsPerOp / prune.nsPerOp, detail);
  });
}

function reframeTarget({ sizes, measurements }: TargetInputs): TargetResult {
  const points = sizes.flatMap((size) => {
    const m = findMeasurement(measurements, 'reference', 'reframe', size);
    return m === undefined ? [] : [m];
  });
  const description = `re-frame cost per span flat across sizes: max ≤ ${TARGETS.scalingLimit}× min`;
  if (points.length < 2) return judge('reframe-flat', description, 'at-most', TARGETS.scalingLimit, undefined, 'fewer than two sizes measured');
  const costs = points.map((m) => m.nsPerOp);
  const detail = points.map((m) => `${formatNs(m.nsPerOp)} at ${formatSize(m.size)}`).join(', ');
  return judge('reframe-flat', description, 'at-most', TARGETS.scalingLimit, Math.max(...costs) / Math.min(...costs), detail);
}

function naiveTargets({ measurements }: TargetInputs): TargetResult[] {
  const size = TARGETS.naiveSize;
  return NAIVE_PATHS.map((id) => {
    const ref = findMeasurement(measurements, 'reference', id, size);
    const naive = findMeasurement(measurements, 'naive', id, size);
    const description = `${benchPath(id).label}: reference ≥ ${TARGETS.naiveSpeedup}× faster than naive at ${formatSize(size)}`;
    if (ref === undefined || naive === undefined) {
      return judge(`naive:${id}`, description, 'at-least', TARGETS.naiveSpeedup, undefined, `${ref === undefined ? 'reference' : 'naive baseline'} not measured at ${formatSize(size)}`);
    }
    const detail = `naive ${formatNs(naive.nsPerOp)} / reference ${formatNs(ref.nsPerOp)}`;
    return judge(`naive:${id}`, description, 'at-least', TARGETS.naiveSpeedup, naive.nsPerOp / ref.nsPerOp, detail);
  });
}

function memoryTargets({ memory }: TargetInputs): TargetResult[] {
  return memory
    .filter((m) => m.subject === 'reference')
    .map((m) => {
      const description = `memory per resident span < ${TARGETS.memoryContentFactor}× content bytes + ${TARGETS.memoryOverheadBytes} B, at ${formatSize(m.size)}`;
      const detail = `${Math.round(m.bytesPerSpan)} B per span for ${Math.round(m.contentBytesPerSpan)} B of content (limit ${Math.round(m.limitBytesPerSpan)} B)`;
      return judge(`memory@${m.size}`, description, 'at-most', m.limitBytesPerSpan, m.bytesPerSpan, detail);
    });
}
