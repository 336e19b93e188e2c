import { pathToFileURL } from 'node:url';
import type { Adapter, PruningSystem } from '../src/adapters/Adapter.ts';
import { commandAdapter } from '../src/adapters/protocol/commandAdapter.ts';
import { referenceAdapter } from '../src/subjects/reference.ts';
import { idsNamedBy, idsNamedByOutcome } from '../src/adapters/touchedIds.ts';
import type { Operation } from '../src/model/Operation.ts';
import type { Outcome } from '../src/model/Outcome.ts';
import { PROTOCOL_STEP_WORKLOAD } from '../src/report/bench/benchTargets.ts';
import { checkAdapter } from '../src/run/runtime/checkAdapter.ts';
import { protocolEpisode } from './protocolEpisode.ts';
import { loadSupervised } from '../src/adapters/supervise/loadSupervised.ts';
import type { SupervisedAdapter } from '../src/adapters/supervise/supervisedRuntime.ts';

/** The reference runtime as a child process over stdio (spec/PROTOCOL.md). */
export const REFERENCE_CHILD = 'node --import tsx examples/node/reference_runtime.ts';
/** A runtime that does nothing, as a child: the cost of the round trips alone. */
export const TRIVIAL_CHILD = 'node --import tsx bench/children/trivialRuntime.ts';
/** The reference adapter as a user's module: `--adapter ./module.ts` runs it in a supervised process (issue 25). */
export const REFERENCE_MODULE = 'bench/children/referenceModule.ts';
/** The row the supervised boundary's cost is read from: an engine step to a module in its supervised process. */
export const SUPERVISED_STEP_WORKLOAD = 'engine step, adapter module in its supervised process (--adapter ./module.ts, the default; one IPC round trip)';

export interface RoundTripOptions {
  /** Episodes per round, each a fresh `create`. */
  readonly episodes?: number;
  readonly episodeLength?: number;
  readonly rounds?: number;
  readonly seed?: string;
  /** Also time a whole `checkAdapter` run in-process and over stdio (slower). */
  readonly check?: { readonly runs: number; readonly seed: number } | false;
  /** Also time a whole `checkAdapter` run of the reference in-process and as a supervised module. */
  readonly supervisedCheck?: { readonly runs: number; readonly seed: number } | false;
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

/**
 * What the engine does per step (src/run/runtime/EpisodeDriver.ts): observe the named ids and apply (one `step`
 * call where the system offers it: protocol 1.1's single round trip), observe what the outcome names too, and
 * read the ledger after a `callTool`.
 */
const engineStep: Workload = async (system, op) => {
  const named = [...new Set(idsNamedBy(op))];
  let outcome: Outcome;
  if (system.step !== undefined) {
    const answer = await system.step(named, op, named);
    if (!('outcome' in answer)) throw answer.thrown;
    outcome = answer.outcome;
  } else {
    if (named.length > 0) await system.observe(named);
    outcome = await system.apply(op);
  }
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

/** One measured workload: what is run per operation, and on which subjects besides the reference in-process. */
interface Measured {
  readonly workload: Workload;
  readonly rows: readonly { readonly label: string; readonly subject: Adapter }[];
}

/**
 * Measures what the line protocol costs: the same seeded episodes through the reference in-process, through
 * the reference wrapped as a child (examples/node/reference_runtime.ts), over protocol 1.1 and held to 1.0, and,
 * as the floor, through a child whose runtime does nothing. Subjects alternate episode by episode, so load on
 * the machine falls on all of them alike; each figure is the median over rounds.
 */
export async function measureProtocolRoundTrip(options: RoundTripOptions = {}): Promise<RoundTripResult[]> {
  const { episodes = 20, episodeLength = 200, rounds = 5, seed = 'protocol', check = false, supervisedCheck = false } = options;
  const traces = Array.from({ length: episodes }, (_, i) => protocolEpisode(`${seed}-${i}`, episodeLength, CAPACITY));
  const ops = episodes * episodeLength;
  const [child, child10, trivial] = await Promise.all([commandAdapter(REFERENCE_CHILD), commandAdapter(REFERENCE_CHILD, { step: false }), commandAdapter(TRIVIAL_CHILD)]);
  const supervised = (await loadSupervised(REFERENCE_MODULE, 'runtime')).adapter as SupervisedAdapter;
  const results: RoundTripResult[] = [];
  const measured: readonly Measured[] = [
    {
      workload: applyOnly,
      rows: [
        { label: 'apply only', subject: child },
        { label: 'apply only, runtime that does nothing (floor)', subject: trivial },
        { label: 'apply only, adapter module in its supervised process', subject: supervised },
      ],
    },
    {
      workload: engineStep,
      rows: [
        { label: ENGINE_STEP_11, subject: child },
        { label: 'engine step, protocol 1.0 (observe, then apply with the observations after)', subject: child10 },
        { label: `${ENGINE_STEP_11}, runtime that does nothing (floor)`, subject: trivial },
        { label: SUPERVISED_STEP_WORKLOAD, subject: supervised },
      ],
    },
  ];
  try {
    // Warm the JIT on both sides for every workload before the first measurement.
    for (const { workload, rows } of measured) for (const subject of [referenceAdapter, ...rows.map((r) => r.subject)]) for (const trace of traces.slice(0, 5)) await secondsFor(subject, trace, workload);
    for (const { workload, rows } of measured) {
      const subjects = [referenceAdapter, ...rows.map((r) => r.subject)];
      const perRound: number[][] = [];
      for (let round = 0; round < rounds; round++) {
        const seconds = subjects.map(() => 0);
        for (const trace of traces) for (const [i, subject] of subjects.entries()) seconds[i] = (seconds[i] as number) + (await secondsFor(subject, trace, workload));
        perRound.push(seconds);
      }
      const inProcess = median(perRound.map((r) => ops / (r[0] as number)));
      rows.forEach((row, i) => results.push(result(row.label, inProcess, median(perRound.map((r) => ops / (r[i + 1] as number))), median(perRound.map((r) => (r[i + 1] as number) / (r[0] as number))))));
    }
    if (check !== false) {
      const inProcess = await checkAdapter(referenceAdapter, { ...check, outDir: 'reports/counterexamples' });
      const stdio = await checkAdapter(child, { ...check, outDir: 'reports/counterexamples' });
      results.push(result(`checkAdapter (${check.runs} runs, seed ${check.seed})`, inProcess.opsPerSecond, stdio.opsPerSecond, inProcess.opsPerSecond / stdio.opsPerSecond));
    }
    if (supervisedCheck !== false) {
      // The whole check, engine and reference included: what a user pays per checked step for the boundary.
      const options = { ...supervisedCheck, examples: false, outDir: 'reports/counterexamples' };
      const inProcess = await checkAdapter(referenceAdapter, options);
      const boundary = await checkAdapter(supervised, options);
      results.push(result(`checkAdapter, adapter module in its supervised process (${supervisedCheck.runs} runs, seed ${supervisedCheck.seed})`, inProcess.opsPerSecond, boundary.opsPerSecond, inProcess.opsPerSecond / boundary.opsPerSecond));
    }
  } finally {
    await Promise.all([child.drain(), child10.drain(), trivial.drain(), supervised.drain()]);
  }
  return results;
}

/** The workload the target is about: an engine step over protocol 1.1. */
const ENGINE_STEP_11 = PROTOCOL_STEP_WORKLOAD;

function result(workload: string, inProcessOpsPerSecond: number, stdioOpsPerSecond: number, ratio: number): RoundTripResult {
  return { workload, inProcessOpsPerSecond: Math.round(inProcessOpsPerSecond), stdioOpsPerSecond: Math.round(stdioOpsPerSecond), ratio: Math.round(ratio * 10) / 10 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const results = await measureProtocolRoundTrip(quick ? { episodes: 5, rounds: 3, check: false, supervisedCheck: { runs: 100, seed: 42 } } : { check: { runs: 100, seed: 42 }, supervisedCheck: { runs: 300, seed: 42 } });
  process.stdout.write('protocol round trip: reference in-process vs reference as a child over stdio (target: ratio <= 10)\n\n');
  process.stdout.write('| workload | in-process ops/s | stdio ops/s | ratio |\n| --- | ---: | ---: | ---: |\n');
  for (const r of results) process.stdout.write(`| ${r.workload} | ${r.inProcessOpsPerSecond} | ${r.stdioOpsPerSecond} | ${r.ratio}× |\n`);
}
