import { cpus, loadavg } from 'node:os';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { findPolicyAdapter } from '../../subjects/policy/index.ts';
import { referenceAdapter } from '../../subjects/reference.ts';
import { resolveAdapter, type ResolvedAdapter } from '../../subjects/resolveAdapter.ts';
import { commandLine } from '../../util/shellQuote.ts';
import type { AdapterBenchReport } from './AdapterBenchReport.ts';
import { AdapterBenchError } from './AdapterBenchError.ts';
import type { BenchSubject } from './BenchSubject.ts';
import { ContentSource } from './ContentSource.ts';
import { FLOOR_PATHS, floorSubject } from './floorSubject.ts';
import type { MeasureBudget } from './measurePath.ts';
import { policyHistory, type PolicyHistory } from './policy/policyHistory.ts';
import { POLICY_PATHS, policySubject } from './policy/policySubject.ts';
import { checkSizes, DEFAULT_SIZES, runBench, type BenchProgress } from './runBench.ts';
import { RUNTIME_PATHS } from './runtime/runtimePaths.ts';
import { runtimeSubject } from './runtime/runtimeSubject.ts';
import { RUNTIME_WINDOW } from './runtime/RuntimeWindow.ts';

/** The seed `prunecheck bench` uses unless told otherwise (printed with every run). */
export const DEFAULT_BENCH_SEED = 20261203;

/** The policy-mode pruner measured beside a policy adapter: prunecheck's own, the one that passes every policy invariant. */
export const POLICY_REFERENCE = 'archiving-window';

export interface BenchAdapterOptions {
  /** History sizes (messages or resident spans); default 10³, 10⁴, 10⁵. */
  readonly sizes?: readonly number[];
  readonly seed?: number;
  /** Timed milliseconds per path and size, once `minIterations` are in (default 250). */
  readonly timeMs?: number;
  /** Iterations per path and size, each on fresh state (default 5). */
  readonly minIterations?: number;
  /** Wall seconds a path may take at one size, preparation included, before it stops with what it has (default 120). */
  readonly budgetSeconds?: number;
  /** Measure only these paths (ids from the report's `paths`; the floor's are `floor-hash`, `floor-copy`); default all. */
  readonly paths?: readonly string[];
  readonly onProgress?: (progress: BenchProgress) => void;
}

/**
 * Benchmarks any adapter (a runtime, a policy-mode pruner, or a `cmd:` child) beside the reference of its mode
 * and the floor of the same content, on histories built from the seed: each path's cost per call at each size,
 * its growth verdict, and the heap the subject keeps per item. Findings are data in the report; it throws only
 * for misuse (`AdapterBenchError`, `AdapterLoadError`).
 */
export async function benchAdapter(ref: string | { readonly ref: string; readonly resolved: ResolvedAdapter }, options: BenchAdapterOptions = {}): Promise<AdapterBenchReport> {
  const startedAt = new Date();
  const loadStart = loadavg()[0] ?? 0;
  const adapterRef = typeof ref === 'string' ? ref : ref.ref;
  const resolved = typeof ref === 'string' ? await resolveAdapter(ref) : ref.resolved;
  const sizes = checkSizes(options.sizes ?? DEFAULT_SIZES);
  const seed = options.seed ?? DEFAULT_BENCH_SEED;
  const transport = adapterRef.startsWith('cmd:') ? 'cmd' : 'in-process';
  const budget: MeasureBudget = { clock: transport === 'cmd' ? 'wall' : 'cpu', timeMs: options.timeMs ?? 250, minIterations: options.minIterations ?? 5, budgetMs: (options.budgetSeconds ?? 120) * 1000 };
  const known = [...(resolved.mode === 'runtime' ? RUNTIME_PATHS.map((p) => p.info.id) : POLICY_PATHS.map((p) => p.id)), ...FLOOR_PATHS.map((p) => p.id)];
  const unknown = (options.paths ?? []).filter((id) => !known.includes(id));
  if (unknown.length > 0 || options.paths?.length === 0) throw new AdapterBenchError('BAD_PATHS', `paths ${unknown.join(',') || '(none)'}: not a ${resolved.mode}-mode path; known: ${known.join(', ')}`);
  const { subjects, notes, reference } = resolved.mode === 'runtime' ? runtimeSubjects(resolved, seed, transport === 'in-process') : await policySubjects(resolved.adapter, seed);
  const figures = await runBench(subjects, { sizes, budget, ...(options.paths === undefined ? {} : { paths: options.paths }), ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }) });
  const paths = [...(resolved.mode === 'runtime' ? RUNTIME_PATHS.map((p) => p.info) : POLICY_PATHS), ...FLOOR_PATHS].filter((p) => options.paths === undefined || options.paths.includes(p.id));
  const words = ['prunecheck', 'bench', '--adapter', adapterRef, '--sizes', sizes.join(','), '--seed', String(seed), ...(options.paths === undefined ? [] : ['--paths', options.paths.join(',')])];
  if (transport === 'cmd') notes.push('The pruner is a child process over the line protocol: its costs are wall time and include the round trips (a batch of operations is one `batch` round trip where protocol 1.1 allows); the reference and the floor run in this process.');
  return {
    format: 'prunecheck-bench-adapter/1',
    adapter: adapterRef,
    name: resolved.adapter.name,
    version: resolved.adapter.version,
    mode: resolved.mode,
    transport,
    reference,
    seed,
    sizes,
    clock: budget.clock,
    command: commandLine(words),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    environment: { node: process.versions.node, platform: process.platform, arch: process.arch, cpu: cpus()[0]?.model.trim() ?? 'unknown', cores: cpus().length, loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 } },
    paths,
    ...figures,
    notes,
  };
}

function runtimeSubjects(resolved: Extract<ResolvedAdapter, { mode: 'runtime' }>, seed: number, inProcess: boolean): { subjects: BenchSubject[]; notes: string[]; reference: string } {
  const contentAt = (size: number): string[] => {
    const source = new ContentSource(seed, `runtime:${size}`);
    return Array.from({ length: size }, (_, i) => source.next(`s-${i}`));
  };
  return {
    subjects: [runtimeSubject(resolved.adapter, 'pruner', seed, inProcess), runtimeSubject(referenceAdapter, 'reference', seed, true), floorSubject(contentAt)],
    reference: referenceAdapter.name,
    notes: [`Window: ${RUNTIME_WINDOW}`, 'Memory: heap in use after a forced full GC, before and after building the window (content included), divided by N; measured for a runtime in this process only.'],
  };
}

async function policySubjects(adapter: PolicyAdapter, seed: number): Promise<{ subjects: BenchSubject[]; notes: string[]; reference: string }> {
  const entry = findPolicyAdapter(POLICY_REFERENCE);
  if (entry === undefined) throw new RangeError(`benchAdapter: the policy reference '${POLICY_REFERENCE}' is not registered in src/subjects/policy/index.ts`);
  const histories = new Map<number, PolicyHistory>();
  const historyAt = (size: number): PolicyHistory => {
    let history = histories.get(size);
    if (history === undefined) histories.set(size, (history = policyHistory(seed, size)));
    return history;
  };
  return {
    subjects: [policySubject(adapter, 'pruner', historyAt), policySubject(await entry.load(), 'reference', historyAt), floorSubject((size) => historyAt(size).messages.map((m) => m.content))],
    reference: POLICY_REFERENCE,
    notes: [
      'History: a tool-using conversation of N messages from the seed (a system prompt, user requests, read_log and issue_refund calls with their results of 200–1200 characters, replies), fed turn by turn where a path says so.',
      `The summarizer is a fake that answers a short summary at once: what is timed is the pruner, not a model. The reference is ${POLICY_REFERENCE}, prunecheck's own pruner that passes every policy invariant; it is a correctness reference, not a fast one.`,
      'Memory: heap in use after a forced full GC, before and after one compaction at N (the messages themselves were allocated before and are not counted), divided by N.',
    ],
  };
}
