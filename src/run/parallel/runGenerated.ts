import fc from 'fast-check';
import { FindingError } from '../FindingError.ts';
import type { EvidenceTally } from '../runtime/EvidenceTally.ts';
import type { SavedCounterexample } from '../writeCounterexample.ts';
import { chunkRuns } from './partition.ts';
import type { ChunkSink, FindingData, RunPlan } from './RunPlan.ts';
import { totalsSince } from './TallyTotals.ts';

/** What the engine reads of fast-check's answer. */
export interface GeneratedDetails {
  readonly failed: boolean;
  readonly interrupted: boolean;
  readonly errorInstance?: unknown;
  readonly counterexamplePath?: string | null;
}

export interface GeneratedParams {
  readonly seed: number;
  readonly runs: number;
  readonly verbose: 0 | 1;
  readonly deadline?: number;
}

/** The engine's state that runs done by a plan count into. */
export interface EngineHooks {
  readonly tally: EvidenceTally;
  readonly opsChecked: () => number;
  readonly addOps: (n: number) => void;
  /** The engine's provisional counterexamples: this run's own saves, replaced or removed by the final one. */
  readonly provisional: SavedCounterexample[];
  /** A finding from elsewhere is the smallest failing episode so far: what an interruption saves. */
  readonly adopt: (error: FindingError) => void;
  readonly progress: () => void;
}

const limitOf = (deadline: number | undefined) => (deadline === undefined ? {} : { interruptAfterTimeLimit: Math.max(0, deadline - Date.now()), markInterruptAsFailure: false });

export function findingData(error: FindingError): FindingData {
  return { finding: error.finding, config: error.config, trace: error.trace, outcomes: error.outcomes };
}

export function findingErrorOf(data: FindingData): FindingError {
  return new FindingError(data.finding, data.config, data.trace, data.outcomes);
}

/**
 * Issue 14: the engine's generated runs, as `plan` says (RunPlan). Without one this is exactly the single
 * fast-check call the engine always made. A failure is answered as fast-check answers it, so the engine
 * reports it the same way: its counterexample path names the same run and shrink steps wherever it ran.
 */
export async function runGenerated<Ts>(property: fc.IAsyncProperty<Ts>, params: GeneratedParams, plan: RunPlan | undefined, hooks: EngineHooks): Promise<GeneratedDetails> {
  const { seed, runs, verbose, deadline } = params;
  if (plan === undefined) return fc.check(property, { verbose, seed, numRuns: runs, ...limitOf(deadline) });
  if (plan.kind === 'chunks') return runChunks(property, params, plan, hooks);
  const sink: ChunkSink = {
    absorb: (result) => {
      hooks.tally.absorb(result.totals);
      hooks.addOps(result.opsChecked);
      hooks.progress();
    },
    adopt: (finding) => hooks.adopt(findingErrorOf(finding)),
    keep: (saved) => {
      for (const file of saved) if (!hooks.provisional.some((mine) => mine.file === file.file)) hooks.provisional.push(file);
    },
  };
  const delegated = await plan.run(sink);
  if (delegated.resumeChunks !== undefined) return runChunks(property, params, { kind: 'chunks', chunks: delegated.resumeChunks, shrink: true, onChunk: plan.onChunk }, hooks);
  if (delegated.failedRun === undefined) return { failed: false, interrupted: delegated.stoppedEarly };
  // The first failure, run again here from its index alone: fast-check draws the same episode and shrinks it
  // as a single-process check would have, so the counterexample is the same for any number of workers.
  const details = await fc.check(property, { verbose, seed, path: String(delegated.failedRun), numRuns: 1 });
  if (delegated.finding === undefined || (details.failed && details.errorInstance instanceof FindingError)) return details;
  // Failed in a worker, and here passed, or was skipped (the time limit ran out before it: fast-check then calls
  // the run failed with no error): the engine re-runs the worker's trace on fresh systems before reporting it.
  return { failed: true, interrupted: false, errorInstance: findingErrorOf(delegated.finding), counterexamplePath: String(delegated.failedRun) };
}

/** Runs the plan's chunks here, one fast-check call each, from the chunk's first run index. */
async function runChunks<Ts>(property: fc.IAsyncProperty<Ts>, params: GeneratedParams, plan: Extract<RunPlan, { kind: 'chunks' }>, hooks: EngineHooks): Promise<GeneratedDetails> {
  const { seed, runs, verbose, deadline } = params;
  for await (const chunk of plan.chunks) {
    const { start, count } = chunkRuns(chunk, runs);
    if (count === 0) continue;
    if (deadline !== undefined && Date.now() >= deadline) return { failed: false, interrupted: true };
    const before = hooks.tally.totals();
    const opsBefore = hooks.opsChecked();
    const savedBefore = hooks.provisional.length;
    const details = await fc.check(property, { verbose, seed, path: String(start), numRuns: count, endOnFailure: !plan.shrink, ...limitOf(deadline) });
    const failedRun = details.failed ? Number((details.counterexamplePath ?? '').split(':')[0]) : undefined;
    plan.onChunk({
      chunk,
      totals: totalsSince(hooks.tally.totals(), before),
      opsChecked: hooks.opsChecked() - opsBefore,
      ...(failedRun === undefined || Number.isNaN(failedRun) ? {} : { failedRun }),
      ...(details.errorInstance instanceof FindingError ? { finding: findingData(details.errorInstance) } : {}),
      saved: hooks.provisional.slice(savedBefore),
      stoppedEarly: details.interrupted,
    });
    if (details.failed || details.interrupted) return details;
  }
  return { failed: false, interrupted: false };
}
