import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { findPolicyAdapter } from '../../subjects/policy/index.ts';
import type { BenchPathInfo, GrowthVerdict, MemoryFigure, PathCost, PathSkip } from './AdapterBenchReport.ts';
import { POLICY_REFERENCE } from './benchAdapter.ts';
import { FLOOR_PATHS, floorSubject } from './floorSubject.ts';
import { policyHistory, type PolicyHistory } from './policy/policyHistory.ts';
import { POLICY_PATHS, policySubject } from './policy/policySubject.ts';
import { runBench, type BenchProgress } from './runBench.ts';

/** The sizes `npm run ecosystem` benchmarks the npm pruners at: 10², 10³, 10⁴ messages. */
export const ECOSYSTEM_BENCH_SIZES: readonly number[] = [100, 1_000, 10_000];

/** The benchmark part of the ecosystem report: every npm pruner in one run, beside the reference and the floor. */
export interface EcosystemBench {
  readonly format: 'prunecheck-ecosystem-bench/1';
  readonly seed: number;
  readonly sizes: readonly number[];
  readonly clock: 'cpu';
  readonly reference: string;
  /** Each pruner's package and version, by name. */
  readonly pruners: readonly { readonly name: string; readonly package: string; readonly version: string }[];
  readonly paths: readonly BenchPathInfo[];
  readonly costs: readonly PathCost[];
  readonly growth: readonly GrowthVerdict[];
  readonly memory: readonly MemoryFigure[];
  readonly skipped: readonly PathSkip[];
}

export interface EcosystemBenchOptions {
  readonly seed: number;
  readonly sizes?: readonly number[];
  readonly timeMs?: number;
  readonly minIterations?: number;
  readonly budgetSeconds?: number;
  readonly onProgress?: (progress: BenchProgress) => void;
}

/**
 * Benchmarks npm pruners side by side on the same seeded conversations: a step that prunes, one that only
 * decides, and a whole episode per turn, with prunecheck's own pruner as the reference and the floor beside them.
 */
export async function benchEcosystem(adapters: readonly PolicyAdapter[], options: EcosystemBenchOptions): Promise<EcosystemBench> {
  const entry = findPolicyAdapter(POLICY_REFERENCE);
  if (entry === undefined) throw new RangeError(`benchEcosystem: the policy reference '${POLICY_REFERENCE}' is not registered in src/subjects/policy/index.ts`);
  const histories = new Map<number, PolicyHistory>();
  const historyAt = (size: number): PolicyHistory => {
    let history = histories.get(size);
    if (history === undefined) histories.set(size, (history = policyHistory(options.seed, size)));
    return history;
  };
  const sizes = options.sizes ?? ECOSYSTEM_BENCH_SIZES;
  const subjects = [...adapters.map((a) => policySubject(a, 'pruner', historyAt)), policySubject(await entry.load(), 'reference', historyAt), floorSubject((size) => historyAt(size).messages.map((m) => m.content))];
  const figures = await runBench(subjects, {
    sizes,
    budget: { clock: 'cpu', timeMs: options.timeMs ?? 200, minIterations: options.minIterations ?? 3, budgetMs: (options.budgetSeconds ?? 120) * 1000 },
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  return {
    format: 'prunecheck-ecosystem-bench/1',
    seed: options.seed,
    sizes: [...sizes].sort((a, b) => a - b),
    clock: 'cpu',
    reference: POLICY_REFERENCE,
    pruners: adapters.map((a) => ({ name: a.name, package: a.package, version: a.version })),
    paths: [...POLICY_PATHS, ...FLOOR_PATHS],
    ...figures,
  };
}
