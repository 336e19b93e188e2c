import { pathToFileURL } from 'node:url';
import type { Adapter, PruningSystem } from '../src/adapters/Adapter.ts';
import { commandAdapter } from '../src/adapters/protocol/commandAdapter.ts';
import { referenceAdapter } from '../src/adapters/reference.ts';
import { idsNamedBy, idsNamedByOutcome } from '../src/check/runtime/touchedIds.ts';
import type { Operation } from '../src/model/Operation.ts';
import type { Outcome } from '../src/model/Outcome.ts';
import { checkAdapter } from '../src/run/runtime/checkAdapter.ts';
import { protocolEpisode } from './protocolEpisode.ts';

/** The reference runtime as a child process over stdio (spec/PROTOCOL.md). */
export const REFERENCE_CHILD = 'node --import tsx examples/node/reference_runtime.ts';
/** A runtime that does nothing, as a child: the cost of the round trips alone. */
export const TRIVIAL_CHILD = 'node --import tsx bench/children/trivialRuntime.ts';

export interface RoundTripOptions {
  /** Episodes per round, each a fresh `create`. */
  readonly episodes?: number;
  readonly episodeLength?: number;
  readonly rounds?: number;
  readonly seed?: string;
  /** Also time a whole `checkAdapter` run in-process and over stdio (slower). */
  readonly check?: { readonly runs: number; readonly seed: number } | false;
}

/** Operations per second of one workload, in-process and over stdio, and the median ratio (stdio time / in-process time). */
export interface RoundTripResult {
  readonly workload: string;
  readonly inProcessOpsPerSecond: number;
  readonly stdioOpsPerSecond: number;
  readonly ratio: number;
}

const CAPACITY = 4096;

type Workload = (system: PruningSystem, op: Operation) => Promise<unknown>;

/** The runtime alone: one `apply` per operation. */
const applyOnly: Workload = (system, op) => Promise.resolve(system.apply(op));

/** What the engine does per step (src/run/runtime/EpisodeDriver.ts): observe the named ids, apply, observe again. */
const engineStep: Workload = async (system, op) => {
  const named = [...new Set(idsNamedBy(op))];
  if (named.length > 0) await system.observe(named);
  const outcome: Outcome = await system.apply(op);
  const after = [...new Set([...named, ...idsNamedByOutcome(outcome)])];
  if (after.length > 0) await system.observe(after);
  if (op.kind === 'callTool') await system.request?.(op.signature);
};

async function secondsFor(adapter: Adapter, episode: readonly Operation[], workload: Workload): Promise<number> {
  const started = process.hrtime.bigint();
  const system = await adapter.create({ capacity: CAPACITY });
  for (const op of episode) await workload(system, op);
  await system.close?.();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Measures what the line protocol costs: the same seeded episodes through the reference in-process, through
 * the reference wrapped as a child (examples/node/reference_runtime.ts) and, as the floor, through a child
 * whose runtime does nothing. Subjects alternate episode by episode, so load on the machine falls on all of
 * them alike; each figure is the median over rounds.
 */
export async function measureProtocolRoundTrip(options: RoundTripOptions = {}): Promise<RoundTripResult[]> {
  const { episodes = 20, episodeLength = 200, rounds = 5, seed = 'protocol', check = false } = options;
  const traces = Array.from({ length: episodes }, (_, i) => protocolEpisode(`${seed}-${i}`, episodeLength, CAPACITY));
  const ops = episodes * episodeLength;
  const child = await commandAdapter(REFERENCE_CHILD);
  const trivial = await commandAdapter(TRIVIAL_CHILD);
  const subjects = [referenceAdapter, child, trivial] as const;
  const results: RoundTripResult[] = [];
  try {
    const workloads = [['apply only', applyOnly], ['engine step (observe, apply, observe)', engineStep]] as const;
    // Warm the JIT on both sides for every workload before the first measurement.
    for (const [, run] of workloads) for (const subject of subjects) for (const trace of traces.slice(0, 5)) await secondsFor(subject, trace, run);
    for (const [workload, run] of workloads) {
      const perRound: [number, number, number][] = [];
      for (let round = 0; round < rounds; round++) {
        const seconds: [number, number, number] = [0, 0, 0];
        for (const trace of traces) for (const [i, subject] of subjects.entries()) seconds[i] = (seconds[i] as number) + (await secondsFor(subject, trace, run));
        perRound.push(seconds);
      }
      const inProcess = median(perRound.map((r) => ops / r[0]));
      results.push(result(workload, inProcess, median(perRound.map((r) => ops / r[1])), median(perRound.map((r) => r[1] / r[0]))));
      results.push(result(`${workload}, runtime that does nothing (floor)`, inProcess, median(perRound.map((r) => ops / r[2])), median(perRound.map((r) => r[2] / r[0]))));
    }
    if (check !== false) {
      const inProcess = await checkAdapter(referenceAdapter, { ...check, outDir: 'reports/counterexamples' });
      const stdio = await checkAdapter(child, { ...check, outDir: 'reports/counterexamples' });
      results.push(result(`checkAdapter (${check.runs} runs, seed ${check.seed})`, inProcess.opsPerSecond, stdio.opsPerSecond, inProcess.opsPerSecond / stdio.opsPerSecond));
    }
  } finally {
    await Promise.all([child.drain(), trivial.drain()]);
  }
  return results;
}

function result(workload: string, inProcessOpsPerSecond: number, stdioOpsPerSecond: number, ratio: number): RoundTripResult {
  return { workload, inProcessOpsPerSecond: Math.round(inProcessOpsPerSecond), stdioOpsPerSecond: Math.round(stdioOpsPerSecond), ratio: Math.round(ratio * 10) / 10 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const results = await measureProtocolRoundTrip(quick ? { episodes: 5, rounds: 3, check: false } : { check: { runs: 100, seed: 42 } });
  process.stdout.write('protocol round trip: reference in-process vs reference as a child over stdio (target: ratio <= 10)\n\n');
  process.stdout.write('| workload | in-process ops/s | stdio ops/s | ratio |\n| --- | ---: | ---: | ---: |\n');
  for (const r of results) process.stdout.write(`| ${r.workload} | ${r.inProcessOpsPerSecond} | ${r.stdioOpsPerSecond} | ${r.ratio}× |\n`);
}
