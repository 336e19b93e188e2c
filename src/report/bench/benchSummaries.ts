import { BENCH_PATHS, type PropertyRunMeasurement, type TargetGroup, type TargetResult, type TargetSummary } from './BenchReport.ts';
import { formatNs, formatPercent, formatRatio, formatSize } from './benchFormat.ts';
import { bestPropertyRun, findMeasurement, growthOf, PROTOCOL_STEP_WORKLOAD, TARGETS, type TargetInputs } from './benchTargets.ts';
import { workerSpeedups } from './workerSpeedups.ts';
import { CHECKED_STEP_DESCRIPTION } from './checkedStepTarget.ts';
import { checkedStepReason } from './checkedStepReason.ts';

/** Issue 14's table, row by row, then the earlier issue's targets still held. */
const GROUPS: readonly { readonly group: TargetGroup; readonly description: string }[] = [
  { group: 'property-run', description: 'checked property run ≥ 33 % of the bare reference `apply` rate, same episodes' },
  { group: 'workers', description: '2 workers ≥ 1.7× the checked operations/s of 1 worker' },
  { group: 'protocol-step', description: 'engine step over stdio (protocol 1.1) ≤ 10× in-process' },
  { group: 'prune-vs-sha256', description: 'reversible prune ≤ 2× the cost of sha256 of the same content, at 10³…10⁶, for ~250 B and ~1 KB content' },
  { group: 'directive-growth', description: "every directive's 10⁶/10³ growth ≤ the bare Map get + set growth in the same run" },
  { group: 'reframe-flat', description: 're-frame cost per span flat within 1.5× across 10³…10⁶' },
  { group: 'memory', description: 'memory per span ≤ 1.5× content + 300 B at every size' },
  { group: 'naive', description: 'reference ≥ 20× faster than the naive baseline at 10⁵ on prune and lookup (the earlier issue)' },
  { group: 'prune-vs-python', description: "reversible prune faster than a plain Python sketch of seed 000's `prune` (which also hashes), same ~250 B content, at 10³, 10⁴ and 10⁵ (issue 26)" },
  { group: 'start-up', description: 'default `check --adapter reference`: start-up ≤ 20 % of its CPU (issue 26)' },
  { group: 'default-rate', description: "a default check's operations/s ≥ 50 % of the 10,000-run rate (issue 26)" },
  { group: 'checked-step', description: CHECKED_STEP_DESCRIPTION },
];

/** One summary per row of the issue's table: met when every ratio behind it is, with the worst ratio and a reason. */
export function summarizeTargets(targets: readonly TargetResult[], inputs: TargetInputs): TargetSummary[] {
  return GROUPS.map(({ group, description }) => {
    const rows = targets.filter((t) => t.group === group);
    const measured = rows.filter((t) => t.status !== 'not-measured');
    const missed = rows.filter((t) => t.status === 'missed');
    const met = measured.length - missed.length;
    const status = missed.length > 0 ? 'missed' : measured.length > 0 && measured.length === rows.length ? 'met' : 'not-measured';
    const worst = missed.length > 0 ? maxBy(missed, (t) => t.missBy ?? 0) : maxBy(measured, closeness);
    return { group, description, status, worst, met, missed: missed.length, reason: reasonFor(group, rows, worst, inputs) };
  });
}

/** How close a met ratio came to its limit: 1 at the limit, less below it. */
function closeness(t: TargetResult): number {
  const measured = t.measured ?? 0;
  return t.comparison === 'at-most' ? measured / t.threshold : t.threshold / Math.max(measured, Number.MIN_VALUE);
}

function maxBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>((best, item) => (best === undefined || key(item) > key(best) ? item : best), undefined);
}

function reasonFor(group: TargetGroup, rows: readonly TargetResult[], worst: TargetResult | undefined, inputs: TargetInputs): string {
  const unmeasured = rows.filter((t) => t.status === 'not-measured').length;
  const partial = unmeasured > 0 && unmeasured < rows.length ? ` (${unmeasured} of ${rows.length} ratios not measured in this run)` : '';
  switch (group) {
    case 'property-run':
      return propertyRunReason(inputs);
    case 'workers':
      return workersReason(inputs);
    case 'protocol-step':
      return protocolReason(inputs);
    case 'prune-vs-sha256':
      return `${hashReason(worst, inputs)}${partial}`;
    case 'directive-growth':
      return `${growthReason(rows, inputs)}${partial}`;
    case 'reframe-flat':
      return reframeReason(inputs);
    case 'memory':
      return `${memoryReason(inputs)}${partial}`;
    case 'start-up':
    case 'default-rate':
      return startUpReason(group, worst);
    case 'naive':
      return `The naive baseline scans the window on every prune and lookup, the reference answers from tables keyed by id${partial}.`;
    case 'prune-vs-python':
      return `${pythonSketchReason(inputs)}${partial}`;
    case 'checked-step':
      return checkedStepReason(inputs);
  }
}

function propertyRunReason(inputs: TargetInputs): string {
  const best = bestPropertyRun(inputs.propertyRuns);
  if (best?.bareApplyOpsPerSecond === undefined) return 'Not run.';
  const checked = 1e9 / Math.max(best.opsPerSecond, 1);
  const bare = 1e9 / Math.max(best.bareApplyOpsPerSecond, 1);
  return (
    `A checked operation costs ${formatNs(checked)} against ${formatNs(bare)} of bare \`apply\` (${formatRatio(checked / bare)}): the engine applies it to the system and to its own ` +
    'reference, observes the ids it touches on both before and after, runs every checker and draws the episode with fast-check; the model is a small part of it.' +
    generationClause(best)
  );
}

/** What drawing the episodes alone costs, and the rate it would cap the check at if checking cost nothing. */
function generationClause(run: PropertyRunMeasurement): string {
  if (run.generationMs === undefined || run.bareApplyOpsPerSecond === undefined || run.durationMs <= 0) return '';
  const cap = run.opsChecked / Math.max(run.generationMs / 1000, 1e-9);
  return (
    ` Drawing the same episodes alone, with nothing run, takes ${run.generationMs.toLocaleString('en-US')} ms of the run's ${run.durationMs.toLocaleString('en-US')} ms ` +
    `(${formatPercent(run.generationMs / run.durationMs)}): with checking free, generation would still cap the check at ${Math.round(cap).toLocaleString('en-US')} ops/s, ` +
    `${formatPercent(cap / run.bareApplyOpsPerSecond)} of bare \`apply\`.`
  );
}

function workersReason({ workers = [], workersControl }: TargetInputs): string {
  const { median } = workerSpeedups(workers);
  if (median === undefined) return 'Not run.';
  const load = Math.max(...workers.map((m) => m.loadAverage));
  const control =
    workersControl === undefined
      ? ''
      : ` As a control, the same single-thread check in two processes at once ran at ${formatRatio(workersControl.speedup)} the rate of one alone: what the machine's cores gave in parallel during this run, whatever prunecheck does.`;
  return (
    `Two worker threads ran the check ${formatRatio(median)} as fast as one (1-minute load average up to ${load.toFixed(1)} during these checks). Each thread loads prunecheck and the adapter again, ` +
    "warms up its own JIT and draws its runs' episodes itself; the main thread hands out chunks and counts them in run order." +
    control
  );
}

function protocolReason({ protocol = [] }: TargetInputs): string {
  const step = protocol.find((p) => p.workload === PROTOCOL_STEP_WORKLOAD);
  if (step === undefined) return 'Not run.';
  const floor = protocol.find((p) => p.workload === `${PROTOCOL_STEP_WORKLOAD}, runtime that does nothing (floor)`);
  const old = protocol.find((p) => p.workload.startsWith('engine step, protocol 1.0'));
  const parts = [`One round trip per step (${formatRatio(step.ratio)})`];
  if (old !== undefined) parts.push(`where protocol 1.0 took two (${formatRatio(old.ratio)})`);
  const tail =
    floor === undefined
      ? '.'
      : `; a child whose runtime does nothing costs ${formatRatio(floor.ratio)}: the round trip itself, two process wake-ups per step, is most of the cost, and it waits for a free core when the machine is loaded.`;
  return `${parts.join(', ')}${tail}`;
}

function hashReason(worst: TargetResult | undefined, inputs: TargetInputs): string {
  if (worst === undefined || worst.measured === undefined) return 'Not run.';
  const size = Number(/@(\d+)/.exec(worst.id)?.[1]);
  const small = worst.id.endsWith(':small');
  const prune = findMeasurement(inputs.measurements, 'reference', small ? 'prune-reversible-small' : 'prune-reversible', size);
  const hash = findMeasurement(inputs.measurements, 'ceiling', small ? 'sha256-small' : 'sha256', size);
  const map = findMeasurement(inputs.measurements, 'ceiling', 'map-get-set', size);
  if (prune === undefined || hash === undefined) return 'Not run.';
  const beyond = prune.nsPerOp - hash.nsPerOp;
  const mapText = map === undefined ? '' : `; a bare Map get + set costs ${formatNs(map.nsPerOp)} there`;
  return (
    `${worst.status === 'missed' ? 'Missed by most' : 'Closest to the limit'} at ${formatSize(size)} with ${small ? '~250 B' : '~1 KB'} content: beyond the hash a prune costs ` +
    `${formatNs(beyond)} (the gate's check of the backing copy, the tombstone, the marker, the outcome and its audit-log entry)${mapText}.`
  );
}

/** Below this a cell's cost at 10³ is a few hundred nanoseconds, where run-to-run noise moves a growth ratio. */
const SMALL_CELL_NS = 1_000;

function growthReason(rows: readonly TargetResult[], inputs: TargetInputs): string {
  const map = growthOf(inputs.measurements, 'ceiling', 'map-get-set');
  if (map === undefined) return 'Not run at both 10³ and 10⁶.';
  const over = rows.filter((t) => t.status === 'missed');
  const head = `A bare Map get + set grows ${formatRatio(map.ratio)} from 10³ to 10⁶ spans on this machine (cache and TLB misses)`;
  if (over.length === 0) return `${head}; every directive grows less, so none is O(n): what growth there is, is the memory hierarchy.`;
  const label = (t: TargetResult) => t.description.split(':')[0] ?? t.id;
  // A path that costs a few hundred ns at 10³ has its ratio moved by tens of ns of noise there: say so, with the cell.
  const small = over.flatMap((t) => {
    const path = BENCH_PATHS.find((p) => `growth:${p.id}` === t.id);
    const own = path === undefined ? undefined : growthOf(inputs.measurements, 'reference', path.id);
    return own !== undefined && own.small.nsPerOp < SMALL_CELL_NS ? [`${label(t)} ${formatNs(own.small.nsPerOp)}`] : [];
  });
  const noise = small.length === 0 ? '' : ` At 10³ ${small.join(', ')} per operation: cells that small move by tens of nanoseconds between runs, and the ratio with them.`;
  return (
    `${head}; ${over.map((t) => `${label(t)} grows ${formatRatio(t.measured ?? 0)}`).join(', ')}: above the Map's, though far below the ~1000× of a path linear in the window, ` +
    `so cache misses on more random accesses per operation than one get and one set.${noise}`
  );
}

function reframeReason({ sizes, measurements }: TargetInputs): string {
  const points = sizes.flatMap((size) => findMeasurement(measurements, 'reference', 'reframe', size) ?? []);
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined || first === last) return 'Not run at two sizes.';
  const map = growthOf(measurements, 'ceiling', 'map-get-set');
  return (
    `Per resident span from ${formatNs(first.nsPerOp)} at ${formatSize(first.size)} to ${formatNs(last.nsPerOp)} at ${formatSize(last.size)}. A re-frame visits only the resident derived spans (a tenth of this window) and the ids its directive names; ` +
    `the bench's re-declares every derived span with its sources by id, and every id is a random access into tables that no longer fit in the caches` +
    `${map === undefined ? '' : ` (a bare Map get + set grows ${formatRatio(map.ratio)} from 10³ to 10⁶)`}.`
  );
}

function memoryReason({ memory }: TargetInputs): string {
  const reference = memory.filter((m) => m.subject === 'reference');
  if (reference.length === 0) return 'Not measured (run through `npm run bench`, which exposes the GC).';
  const overheads = reference.map((m) => m.bytesPerSpan - m.contentBytesPerSpan);
  const content = reference[0]?.contentBytesPerSpan ?? 0;
  const room = (TARGETS.memoryContentFactor - 1) * content + TARGETS.memoryOverheadBytes;
  const low = Math.round(Math.min(...overheads));
  const high = Math.round(Math.max(...overheads));
  return (
    `A span costs ${low === high ? low : `${low}–${high}`} B beyond its content (the span record, its table entries, the backing copy's ` +
    `handle and digest, the audit-log entry of its append); the limit leaves ${Math.round(room)} B for it at ${Math.round(content)} B of content.`
  );
}

function pythonSketchReason({ pythonSketch }: TargetInputs): string {
  const rows = pythonSketch?.measurements ?? [];
  if (pythonSketch === undefined || rows.length === 0) return pythonSketch?.skipped[0] ?? 'Not run.';
  const figures = rows.map((m) => `${formatNs(m.referenceNsPerPrune)} against ${formatNs(m.pythonNsPerPrune)} at ${formatSize(m.size)}`).join(', ');
  return (
    `Per prune, CPU time: ${figures} (Python ${pythonSketch.python}, \`bench/python/seedPrune.py\`). Both hash the content with sha256; ` +
    "the sketch then writes a dict and deletes a key, the reference also verifies the backing copy, writes the tombstone and the in-window marker, answers the outcome and logs it."
  );
}

/** Issue 26's rows: what the traced default checks show. */
function startUpReason(group: 'start-up' | 'default-rate', worst: TargetResult | undefined): string {
  if (worst === undefined || worst.measured === undefined) return 'Not measured in this run (bench/startUpShare.ts traces `bin/prunecheck.js check` processes).';
  if (group === 'start-up') return `Loading the CLI, the engine and the reference adapter takes ${formatPercent(worst.measured)} of a default check's CPU: ${worst.detail}.`;
  return `A default check runs at ${formatPercent(worst.measured)} of a long check's rate per CPU second; the difference is its first runs, compiled while they run: ${worst.detail}.`;
}
