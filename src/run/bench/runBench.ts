import type { GrowthVerdict, MemoryFigure, PathCost, PathSkip } from './AdapterBenchReport.ts';
import { AdapterBenchError } from './AdapterBenchError.ts';
import type { BenchSubject } from './BenchSubject.ts';
import { fitExponent } from './fitGrowth.ts';
import { judgeGrowth } from './judgeGrowth.ts';
import { measurePath, type MeasureBudget } from './measurePath.ts';

/** What the engine reports as it goes: one line's worth per measured (or skipped) path. */
export interface BenchProgress {
  /** Paths finished so far, and the paths the run will measure (an estimate until every subject has prepared). */
  readonly done: number;
  readonly total: number;
  readonly size: number;
  readonly subject: string;
  readonly path: string;
  readonly outcome: { readonly kind: 'measured'; readonly nsPerCall: number; readonly samples: number } | { readonly kind: 'skipped'; readonly reason: string };
}

export interface RunBenchOptions {
  readonly sizes: readonly number[];
  readonly budget: MeasureBudget;
  /** Measure only these paths (ids); default every path. */
  readonly paths?: readonly string[];
  readonly onProgress?: (progress: BenchProgress) => void;
}

/** The figures of one run over several subjects. */
export interface BenchFigures {
  readonly costs: PathCost[];
  readonly growth: GrowthVerdict[];
  readonly memory: MemoryFigure[];
  readonly skipped: PathSkip[];
}

export const DEFAULT_SIZES: readonly number[] = [1_000, 10_000, 100_000];

/** The size each subject is prepared at once, untimed, before the run. */
const WARM_UP_SIZE = 10;

/** Sizes a run accepts: at least two distinct ones (a growth needs two points), each from 10 to 10⁷. */
export function checkSizes(sizes: readonly number[]): readonly number[] {
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  if (sorted.length < 2) throw new AdapterBenchError('BAD_SIZES', `sizes ${sizes.join(',')}: give at least two distinct sizes, so a growth can be fitted; e.g. 1000,10000,100000`);
  const bad = sorted.find((s) => !Number.isSafeInteger(s) || s < 10 || s > 10_000_000);
  if (bad !== undefined) throw new AdapterBenchError('BAD_SIZES', `size ${bad}: every size must be an integer from 10 to 10000000; e.g. 1000,10000,100000`);
  return sorted;
}

/**
 * Measures every subject's paths at every size, size by size, one subject's history in memory at a time (the
 * garbage of a bigger one would otherwise be charged to it), then fits each path's growth.
 */
export async function runBench(subjects: readonly BenchSubject[], options: RunBenchOptions): Promise<BenchFigures> {
  const sizes = checkSizes(options.sizes);
  const figures: BenchFigures = { costs: [], growth: [], memory: [], skipped: [] };
  const wanted = (id: string): boolean => options.paths === undefined || options.paths.includes(id);
  const total = sizes.length * subjects.reduce((n, s) => n + s.pathIds.filter(wanted).length, 0);
  let done = 0;
  // Each path's slowest iteration by size, to predict the next size's before starting one that cannot end in time.
  const iterations = new Map<string, { size: number; ns: number }[]>();
  const prepared = new Map<string, { size: number; ns: number }[]>();
  // Each subject prepared once at a tiny size first, untimed: a library's first call pays its lazy imports and
  // compilation, which would otherwise be charged to the smallest size and inflate every prediction from it.
  for (const subject of subjects) await (await subject.at(WARM_UP_SIZE)).close();
  for (const size of sizes) {
    for (const subject of subjects) {
      // Preparing a subject's history at a size (its build and the heap measurement) cannot be stopped either.
      // From one smaller size, a build between linear and quadratic (most are linear; a library whose every add
      // re-reads its history is quadratic, and its paths' own predictions stop it at the next size).
      const preparing = predictIteration(prepared.get(subject.name) ?? [], size, 1.5);
      if (preparing > options.budget.budgetMs) {
        const reason = `not run: preparing its history of ${size} was predicted to take ${Math.round(preparing / 1000)} s (extrapolated from the smaller sizes), over the budget of ${Math.round(options.budget.budgetMs / 1000)} s`;
        for (const id of subject.pathIds.filter(wanted)) {
          done += 1;
          figures.skipped.push({ role: subject.role, subject: subject.name, path: id, size, reason });
          options.onProgress?.({ done, total, size, subject: subject.name, path: id, outcome: { kind: 'skipped', reason } });
        }
        continue;
      }
      const started = performance.now();
      const at = await subject.at(size);
      prepared.set(subject.name, [...(prepared.get(subject.name) ?? []), { size, ns: performance.now() - started }]);
      try {
        const memory = at.memory();
        if (memory !== undefined) figures.memory.push(memory);
        for (const p of at.paths.filter((x) => wanted(x.id))) {
          done += 1;
          const report = (outcome: BenchProgress['outcome']): void => options.onProgress?.({ done, total, size, subject: subject.name, path: p.id, outcome });
          if ('skip' in p) {
            figures.skipped.push({ role: subject.role, subject: subject.name, path: p.id, size, reason: p.skip });
            report({ kind: 'skipped', reason: p.skip });
            continue;
          }
          const predicted = predictIteration(iterations.get(`${subject.name}\u0000${p.id}`) ?? [], size);
          if (predicted > options.budget.budgetMs) {
            const reason = `not run: one iteration at ${size} was predicted to take ${Math.round(predicted / 1000)} s (extrapolated from the smaller sizes), over the path's budget of ${Math.round(options.budget.budgetMs / 1000)} s`;
            figures.skipped.push({ role: subject.role, subject: subject.name, path: p.id, size, reason });
            report({ kind: 'skipped', reason });
            continue;
          }
          const result = await measurePath(`${subject.name} ${p.id} @ ${size}`, p.timed, options.budget);
          if (result.kind === 'wrong-path') {
            figures.skipped.push({ role: subject.role, subject: subject.name, path: p.id, size, reason: result.reason });
            report({ kind: 'skipped', reason: result.reason });
            continue;
          }
          iterations.set(`${subject.name}\u0000${p.id}`, [...(iterations.get(`${subject.name}\u0000${p.id}`) ?? []), { size, ns: result.iterationMs }]);
          figures.costs.push({ role: subject.role, subject: subject.name, path: p.id, size, nsPerCall: result.nsPerCall, samples: result.samples, calls: result.calls });
          report({ kind: 'measured', nsPerCall: result.nsPerCall, samples: result.samples });
        }
      } finally {
        await at.close();
      }
    }
  }
  figures.growth.push(...judgeGrowth(figures.costs));
  return figures;
}

/**
 * How long one iteration at `size` will take, from the iterations at smaller sizes: the growth fitted over them,
 * or `fromOne` (default quadratic: an episode of N turns of a pruner linear per turn) from a single one, so one that cannot
 * finish within the budget is not started (an iteration cannot be stopped once it runs).
 */
export function predictIteration(known: readonly { readonly size: number; readonly ns: number }[], size: number, fromOne = 2): number {
  const last = known[known.length - 1];
  if (last === undefined || last.size >= size) return 0;
  const fitted = known.length >= 2 ? fitExponent(known) : fromOne;
  const exponent = Number.isFinite(fitted) ? Math.max(1, fitted) : fromOne;
  return last.ns * (size / last.size) ** exponent;
}
