import { pathToFileURL } from 'node:url';
import type { Adapter, PruningSystem } from '../src/adapters/Adapter.ts';
import { commandAdapter } from '../src/adapters/protocol/commandAdapter.ts';
import { referenceAdapter } from '../src/subjects/reference.ts';
import { idsNamedBy, idsNamedByOutcome } from '../src/adapters/touchedIds.ts';
import type { Operation } from '../src/model/Operation.ts';
import type { Outcome } from '../src/model/Outcome.ts';
import { PROTOCOL_STEP_WORKLOAD } from '../src/report/bench/benchTargets.ts';
import { supervisedCost, SUPERVISED_CHECK_WORKLOAD, SUPERVISED_DEFAULT_CHECK_WORKLOAD, SUPERVISED_STEP_WORKLOAD, SUPERVISED_UNBATCHED_WORKLOAD } from '../src/report/bench/supervisedCost.ts';
import { checkAdapter } from '../src/run/runtime/checkAdapter.ts';
import { measureCliBoundary } from './cliBoundary.ts';
import { protocolEpisode } from './protocolEpisode.ts';
import { loadSupervised } from '../src/adapters/supervise/loadSupervised.ts';
import type { SupervisedAdapter } from '../src/adapters/supervise/supervisedRuntime.ts';
import { plannerOf, type PlannedStep } from '../src/adapters/supervise/StepPlanner.ts';
import { ReferenceRuntime } from '../src/model/ReferenceRuntime.ts';

/** The reference runtime as a child process over stdio (spec/PROTOCOL.md). */
export const REFERENCE_CHILD = 'node --import tsx examples/node/reference_runtime.ts';
/** A runtime that does nothing, as a child: the cost of the round trips alone. */
export const TRIVIAL_CHILD = 'node --import tsx bench/children/trivialRuntime.ts';
/** The reference adapter as a user's module: `--adapter ./module.ts` runs it in a supervised process (issue 25). */
export const REFERENCE_MODULE = 'bench/children/referenceModule.ts';

export interface RoundTripOptions {
  /** Episodes per round, each a fresh `create`. */
  readonly episodes?: number;
  readonly episodeLength?: number;
  readonly rounds?: number;
  readonly seed?: string;
  /** Also time a whole `checkAdapter` run in-process and over stdio (slower). */
  readonly check?: { readonly runs: number; readonly seed: number } | false;
  /** Also time a whole `checkAdapter` run of the reference in-process and as a supervised module. */
  readonly supervisedCheck?: { readonly runs: number; readonly seed: number; readonly cliRounds?: number } | false;
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

/**
 * What the engine's lookahead (src/run/runtime/Lookahead.ts) hands a supervised system at one step: the ids named,
 * the operation, and the ids observed after it as the reference alone answers it. Timed with the episode: the
 * prediction is part of what batching costs prunecheck's process.
 */
function predicted(reference: ReferenceRuntime, op: Operation): PlannedStep {
  const named = [...new Set(idsNamedBy(op))];
  const expected = reference.apply(op);
  return { before: named, op, after: [...new Set([...named, ...idsNamedByOutcome(expected), ...reference.folded])] };
}

async function secondsFor(adapter: Adapter, episode: readonly Operation[], workload: Workload, batched = false): Promise<number> {
  const started = process.hrtime.bigint();
  const system = await adapter.create({ capacity: CAPACITY });
  const planner = batched ? plannerOf(system) : undefined;
  const reference = new ReferenceRuntime({ capacity: CAPACITY });
  let planned = 0;
  let chunk = 64;
  for (const [i, op] of episode.entries()) {
    // As the lookahead plans a run: a stretch at a time, each twice the last, once the last was taken.
    if (planner?.canPlan === true && i === planned) {
      const steps = episode.slice(i, i + chunk).map((next) => predicted(reference, next));
      planned = i + steps.length;
      chunk = Math.min(chunk * 2, 128);
      await planner.planSteps(steps);
    }
    await workload(system, op);
  }
  await system.close?.();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** One measured workload: what is run per operation, and on which subjects besides the reference in-process. */
interface Measured {
  readonly workload: Workload;
  readonly rows: readonly { readonly label: string; readonly subject: Adapter; readonly batched?: boolean }[];
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
        { label: SUPERVISED_UNBATCHED_WORKLOAD, subject: supervised },
        { label: SUPERVISED_STEP_WORKLOAD, subject: supervised, batched: true },
      ],
    },
  ];
  try {
    // Warm the JIT on both sides for every workload before the first measurement.
    for (const { workload, rows } of measured) for (const { subject, batched } of [{ subject: referenceAdapter as Adapter, batched: false }, ...rows]) for (const trace of traces.slice(0, 5)) await secondsFor(subject, trace, workload, batched);
    for (const { workload, rows } of measured) {
      const subjects = [{ subject: referenceAdapter as Adapter, batched: false }, ...rows];
      const perRound: number[][] = [];
      for (let round = 0; round < rounds; round++) {
        const seconds = subjects.map(() => 0);
        for (const trace of traces) for (const [i, { subject, batched }] of subjects.entries()) seconds[i] = (seconds[i] as number) + (await secondsFor(subject, trace, workload, batched));
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
      results.push(...(await measureSupervisedCheck(supervised, supervisedCheck)));
      results.push(await measureCliBoundary({ seed: supervisedCheck.seed, rounds: supervisedCheck.cliRounds ?? 3 }));
    }
  } finally {
    await Promise.all([child.drain(), child10.drain(), trivial.drain(), supervised.drain()]);
  }
  return results;
}

/** One whole check's cost: wall clock and CPU time (this process, and the adapter's process when supervised). */
interface CheckCost {
  readonly ops: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
}

async function checkCost(adapter: Adapter, supervised: SupervisedAdapter | undefined, options: Parameters<typeof checkAdapter>[1]): Promise<CheckCost> {
  const childBefore = (await supervised?.childCpuMs()) ?? 0;
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  const report = await checkAdapter(adapter, options);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const own = process.cpuUsage(cpu);
  const child = ((await supervised?.childCpuMs()) ?? 0) - childBefore;
  return { ops: report.opsChecked, seconds, cpuSeconds: (own.user + own.system) / 1e6 + child / 1000 };
}

/**
 * The whole check (engine, reference and checkers included) of the reference in-process and as a supervised
 * module: what a user pays for the boundary. Both warmed up first, then rounds alternating which goes first;
 * the medians of the rounds' ratios, on wall clock and on CPU time (both processes counted for the module).
 */
async function measureSupervisedCheck(supervised: SupervisedAdapter, check: { readonly runs: number; readonly seed: number }): Promise<RoundTripResult[]> {
  const options = { ...check, examples: false, reruns: 0, outDir: 'reports/counterexamples' };
  await checkAdapter(referenceAdapter, { ...options, runs: 20 });
  await checkAdapter(supervised, { ...options, runs: 20 });
  const boundaryCost = async (batching: boolean): Promise<CheckCost> => {
    supervised.batching = batching;
    try {
      return await checkCost(supervised, supervised, options);
    } finally {
      supervised.batching = true;
    }
  };
  // A default check runs the recorded incidents first (five fixed traces, each handed over whole); the rows
  // above leave them out, so the per-step cost is the generated runs' alone.
  const withIncidents = { ...options, examples: true };
  type Round = { inProcess: CheckCost; boundary: CheckCost; unbatched: CheckCost; inProcessDefault: CheckCost; boundaryDefault: CheckCost };
  const sides = ['inProcess', 'boundary', 'unbatched', 'inProcessDefault', 'boundaryDefault'] as const;
  const measure = (side: (typeof sides)[number]): Promise<CheckCost> => {
    switch (side) {
      case 'inProcess': return checkCost(referenceAdapter, undefined, options);
      case 'boundary': return boundaryCost(true);
      case 'unbatched': return boundaryCost(false);
      case 'inProcessDefault': return checkCost(referenceAdapter, undefined, withIncidents);
      case 'boundaryDefault': return checkCost(supervised, supervised, withIncidents);
    }
  };
  const rounds: Round[] = [];
  for (let round = 0; round < 3; round += 1) {
    // Each round starts with another of them, so load on the machine falls on each alike.
    const costs: Partial<Round> = {};
    for (let k = 0; k < sides.length; k += 1) {
      const side = sides[(k + round) % sides.length] as (typeof sides)[number];
      costs[side] = await measure(side);
    }
    rounds.push(costs as Round);
  }
  const label = `${SUPERVISED_CHECK_WORKLOAD} (${check.runs} runs, seed ${check.seed})`;
  const rate = (cost: (c: CheckCost) => number, side: keyof Round) => median(rounds.map((r) => r[side].ops / cost(r[side])));
  const ratio = (cost: (c: CheckCost) => number, side: keyof Round, base: keyof Round = 'inProcess') => median(rounds.map((r) => cost(r[side]) / r[side].ops / (cost(r[base]) / r[base].ops)));
  const wall = (c: CheckCost) => c.seconds;
  const cpu = (c: CheckCost) => c.cpuSeconds;
  const defaultLabel = `${SUPERVISED_DEFAULT_CHECK_WORKLOAD} (${check.runs} runs, seed ${check.seed})`;
  return [
    result(label, rate(wall, 'inProcess'), rate(wall, 'boundary'), ratio(wall, 'boundary')),
    result(`${label}, CPU time of both processes (ops per CPU second)`, rate(cpu, 'inProcess'), rate(cpu, 'boundary'), ratio(cpu, 'boundary')),
    result(`${label}, unbatched (one IPC round trip per step)`, rate(wall, 'inProcess'), rate(wall, 'unbatched'), ratio(wall, 'unbatched')),
    result(`${label}, unbatched, CPU time of both processes (ops per CPU second)`, rate(cpu, 'inProcess'), rate(cpu, 'unbatched'), ratio(cpu, 'unbatched')),
    result(defaultLabel, rate(wall, 'inProcessDefault'), rate(wall, 'boundaryDefault'), ratio(wall, 'boundaryDefault', 'inProcessDefault')),
    result(`${defaultLabel}, CPU time of both processes (ops per CPU second)`, rate(cpu, 'inProcessDefault'), rate(cpu, 'boundaryDefault'), ratio(cpu, 'boundaryDefault', 'inProcessDefault')),
  ];
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
  process.stdout.write(`\n${supervisedCost(results).join('\n')}\n`);
}
