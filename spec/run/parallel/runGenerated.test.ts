import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { FindingError } from '../../../src/run/FindingError.ts';
import { EvidenceTally } from '../../../src/run/runtime/EvidenceTally.ts';
import { runGenerated, type EngineHooks } from '../../../src/run/parallel/runGenerated.ts';
import type { FindingData } from '../../../src/run/parallel/RunPlan.ts';

// Worker threads (`--workers N`) find the first failing run; the main thread runs it again to shrink it. When the
// time limit has run out by then, the engine's property skips that run (fast-check's precondition), and fast-check
// calls the check failed with no error: the worker's finding is what is reported, never an internal error.

const finding: FindingData = {
  finding: { invariant: 'ADAPTER-ERROR', step: 15, because: ['close() failed after the run: the adapter called process.exit(0)'] } as unknown as FindingData['finding'],
  config: { capacity: 100 } as FindingData['config'],
  trace: [],
  outcomes: [],
};

const hooks = (): EngineHooks => ({ tally: new EvidenceTally(referenceAdapter), opsChecked: () => 0, addOps: () => undefined, provisional: [], adopt: () => undefined, progress: () => undefined });

const delegated = (failedRun: number) => ({ kind: 'delegate' as const, run: () => Promise.resolve({ failedRun, finding, stoppedEarly: false }), onChunk: () => undefined });

describe('runGenerated with runs delegated to worker threads', () => {
  it('a failure found in a worker whose re-run here is skipped (the time limit) is the worker’s finding', async () => {
    const skipped = fc.asyncProperty(fc.integer(), async () => {
      fc.pre(false);
    });
    const details = await runGenerated(skipped, { seed: 1, runs: 40, verbose: 0 }, delegated(3), hooks());
    expect(details.failed).toBe(true);
    expect(details.errorInstance).toBeInstanceOf(FindingError);
    expect((details.errorInstance as FindingError).finding.invariant).toBe('ADAPTER-ERROR');
    expect(details.counterexamplePath).toBe('3');
  });

  it('a failure the re-run reproduces is the re-run’s (shrunk here), and one it passes is the worker’s', async () => {
    const own = new FindingError({ invariant: 'INV-01', step: 1, because: ['here'] } as never, { capacity: 1 } as never, [], []);
    const failing = fc.asyncProperty(fc.integer(), async () => {
      throw own;
    });
    expect((await runGenerated(failing, { seed: 1, runs: 40, verbose: 0 }, delegated(3), hooks())).errorInstance).toBe(own);
    const passing = fc.asyncProperty(fc.integer(), async () => undefined);
    expect(((await runGenerated(passing, { seed: 1, runs: 40, verbose: 0 }, delegated(3), hooks())).errorInstance as FindingError).finding.invariant).toBe('ADAPTER-ERROR');
  });
});
