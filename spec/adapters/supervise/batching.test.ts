import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { loadSupervised } from '../../../src/adapters/supervise/loadSupervised.ts';
import type { SupervisedAdapter } from '../../../src/adapters/supervise/supervisedRuntime.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import type { CheckReport, Counterexample } from '../../../src/run/CheckReport.ts';
import { ROOT, scratch } from '../../helpers/faults.ts';
import { HOSTILE } from '../../helpers/hostile.ts';
import { protocolEpisode } from '../../../bench/protocolEpisode.ts';
import { idsNamedBy } from '../../../src/adapters/touchedIds.ts';
import { plannerOf, type PlannedStep } from '../../../src/adapters/supervise/StepPlanner.ts';
import { SubjectExitedError } from '../../../src/adapters/supervise/SubjectExitedError.ts';
import { SubjectDivergedError } from '../../../src/adapters/supervise/SubjectDivergedError.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { TimeoutError } from '../../../src/util/withTimeout.ts';

// Batching across the supervised boundary (issue 25): the engine's lookahead hands a supervised module a run's
// predicted steps in one message, and the answers are given back step by step. It changes how many round trips a
// run costs, never what the adapter is judged to do: the verdict, the finding, its step, the shrunk trace, the
// invariants' statuses and the operations checked are those of the same adapter in-process. A legal variant makes
// choices the reference then follows, so the prediction is wrong there and the child is brought back to the
// engine's step on a fresh system; a module that exits or hangs in the middle of a batch is found at that step.
const temp = scratch('batching');

function moduleOf(dir: string, name: string): string {
  const file = join(dir, `${name}.mts`);
  writeFileSync(file, `import { findBuiltin } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src', 'subjects', 'builtins.ts')).href)};\nexport default findBuiltin(${JSON.stringify(name)});\n`);
  return file;
}

async function supervised(file: string): Promise<SupervisedAdapter> {
  const loaded = await loadSupervised(file, 'runtime');
  if (loaded.mode !== 'runtime') throw new Error(`${file} loaded as a ${loaded.mode} adapter`);
  return loaded.adapter;
}

const traceOf = (report: CheckReport): unknown => {
  const file = report.violations[0]?.counterexample;
  return file === undefined ? undefined : (JSON.parse(readFileSync(file, 'utf8')) as Counterexample).trace;
};

describe('batched steps to a supervised module are judged as the same adapter in-process', () => {
  for (const [name, path] of [
    ['reference', 'no prediction fails'],
    ['half-applied-rejection', 'a finding, shrunk through batched runs'],
    ['audit-log-drops-rejections', 'a finding in the audit log, read with a recheck in the batch'],
    ['digest-wrong-bytes', 'a finding on an observation after the step'],
    ['compacts-newest-first', 'a legal choice the reference follows: brought back'],
    ['prefers-reversible', 'a legal choice the reference follows: brought back'],
  ] as const) {
    it(`${name} (${path}): same verdict, finding, step, shrunk trace, statuses and operations`, async () => {
      const dir = temp();
      const options = { runs: 40, seed: 3, reruns: 0, examples: false } as const;
      const inProcess = await checkAdapter(findBuiltin(name) as Adapter, { ...options, outDir: join(dir, 'in') });
      const adapter = await supervised(moduleOf(dir, name));
      try {
        const boundary = await checkAdapter(adapter, { ...options, outDir: join(dir, 'sup') });
        expect(boundary.verdict).toBe(inProcess.verdict);
        expect(boundary.violations.map((v) => [v.invariant, v.step, v.because])).toEqual(inProcess.violations.map((v) => [v.invariant, v.step, v.because]));
        expect(traceOf(boundary)).toEqual(traceOf(inProcess));
        expect(boundary.invariants.map((i) => [i.invariant, i.status])).toEqual(inProcess.invariants.map((i) => [i.invariant, i.status]));
        expect(boundary.opsChecked).toBe(inProcess.opsChecked);
        // The steps did cross in batches: most of them without a round trip of their own.
        const { stepsFromBatches, batches, broughtBack } = adapter.boundary;
        expect(batches).toBeGreaterThan(0);
        expect(stepsFromBatches).toBeGreaterThan(boundary.opsChecked / 2);
        if (path.includes('brought back')) expect(broughtBack).toBeGreaterThan(0);
        if (name === 'reference') {
          expect([stepsFromBatches, broughtBack]).toEqual([boundary.opsChecked, 0]);
          // Per run: create with its first stretch, closed by the child with the run's last step, and a second
          // stretch only for a run longer than the first.
          expect(adapter.boundary.roundTrips).toBeLessThanOrEqual(2 * boundary.runs);
          expect(adapter.boundary.closedWithBatches).toBeGreaterThan(boundary.runs / 2);
        }
      } finally {
        await adapter.drain();
      }
    });
  }
});

describe("the recorded incidents and a finding's re-runs cross as one batch each, judged as in-process", () => {
  // A fixed trace (an incident run before the generated runs, a shrunk finding re-run to confirm it) is handed to
  // a supervised module whole, with the system (plannedTrace.ts): one round trip instead of one per step.
  for (const name of ['reference', 'half-applied-rejection', 'prefers-reversible'] as const) {
    it(`${name}: same report as in-process; the incidents' steps come from batches`, async () => {
      const dir = temp();
      const options = { runs: 10, seed: 5, reruns: 2 } as const;
      const inProcess = await checkAdapter(findBuiltin(name) as Adapter, { ...options, outDir: join(dir, 'in') });
      const adapter = await supervised(moduleOf(dir, name));
      try {
        const boundary = await checkAdapter(adapter, { ...options, outDir: join(dir, 'sup') });
        expect(boundary.examplesRun?.length ?? 0).toBeGreaterThan(0);
        expect([boundary.verdict, boundary.opsChecked, boundary.error]).toEqual([inProcess.verdict, inProcess.opsChecked, inProcess.error]);
        expect(boundary.violations.map((v) => [v.invariant, v.step, v.because])).toEqual(inProcess.violations.map((v) => [v.invariant, v.step, v.because]));
        expect(traceOf(boundary)).toEqual(traceOf(inProcess));
        expect(boundary.invariants.map((i) => [i.invariant, i.status])).toEqual(inProcess.invariants.map((i) => [i.invariant, i.status]));
        const { stepsFromBatches, roundTrips, broughtBack } = adapter.boundary;
        if (name === 'reference') {
          // Every step of the incidents and the runs came from a batch; each episode cost at most two round trips.
          expect([stepsFromBatches, broughtBack]).toEqual([boundary.opsChecked, 0]);
          expect(roundTrips).toBeLessThanOrEqual(2 * (boundary.runs + (boundary.examplesRun?.length ?? 0)));
        } else expect(stepsFromBatches).toBeGreaterThan(boundary.opsChecked / 2);
      } finally {
        await adapter.drain();
      }
    });
  }
});

describe('a fault in the middle of a batch is found at the step where it happens', () => {
  // Eight steps of a seeded episode, planned as the lookahead plans them; the hostile module faults in the fifth apply.
  const ops = protocolEpisode('batch-fault', 8, 4096);
  const planned: PlannedStep[] = ops.map((op) => {
    const named = [...new Set(idsNamedBy(op))];
    return { before: named, op, after: named };
  });

  async function stepThrough(fault: string, opTimeoutMs: number, until?: number): Promise<{ answered: number; thrown: unknown; boundary: SupervisedAdapter['boundary'] }> {
    const previous = process.env['PRUNECHECK_HOSTILE'];
    // Read by every process the module is started in (a batch that ends its process is retried on a new one).
    process.env['PRUNECHECK_HOSTILE'] = fault;
    const adapter = await loadSupervised(HOSTILE, 'runtime', { opTimeoutMs });
    try {
      if (adapter.mode !== 'runtime') throw new Error('not a runtime adapter');
      const system = await adapter.adapter.create({ capacity: 4096 });
      const planner = plannerOf(system);
      expect(planner?.canPlan).toBe(true);
      await planner?.planSteps(planned, until);
      const reference = await referenceAdapter.create({ capacity: 4096 });
      let answered = 0;
      try {
        for (const step of planned) {
          const answer = await system.step?.(step.before, step.op, step.after);
          // Each step before the fault answers as the reference in-process does.
          expect(answer).toEqual({ before: await reference.observe(step.before), outcome: await reference.apply(step.op) });
          answered += 1;
        }
      } catch (thrown: unknown) {
        return { answered, thrown, boundary: adapter.adapter.boundary };
      }
      return { answered, thrown: undefined, boundary: adapter.adapter.boundary };
    } finally {
      if (adapter.mode === 'runtime') await adapter.adapter.drain();
      if (previous === undefined) delete process.env['PRUNECHECK_HOSTILE'];
      else process.env['PRUNECHECK_HOSTILE'] = previous;
    }
  }

  it('process.exit in the fifth apply: steps 1-4 answer, step 5 throws why the process ended and where', async () => {
    const { answered, thrown, boundary } = await stepThrough('exit-apply-5', 5_000);
    expect(answered).toBe(4);
    expect(thrown).toBeInstanceOf(SubjectExitedError);
    expect(String((thrown as Error).message)).toMatch(/the adapter called process\.exit\(0\) \(at .*hostileAdapter\.ts:\d+/);
    // The batch died with its process; steps 1-4 were re-applied on a new one, and the fifth ran on its own.
    expect(boundary).toMatchObject({ batches: 1, stepsFromBatches: 0, broughtBack: 1 });
  });

  it('a loop that never ends in the fifth apply: the batch is given up, steps 1-4 answer, step 5 times out', async () => {
    const { answered, thrown, boundary } = await stepThrough('loop-apply-5', 300);
    expect(answered).toBe(4);
    expect(thrown).toBeInstanceOf(TimeoutError);
    expect(boundary).toMatchObject({ batches: 1, stepsFromBatches: 0, broughtBack: 1 });
  });

  it('a module that answers a re-applied step otherwise, when the engine reads what the batch did not: an error naming the step', async () => {
    const previous = process.env['PRUNECHECK_HOSTILE'];
    process.env['PRUNECHECK_HOSTILE'] = 'throws-when-recreated';
    const loaded = await loadSupervised(HOSTILE, 'runtime');
    try {
      if (loaded.mode !== 'runtime') throw new Error('not a runtime adapter');
      const system = await loaded.adapter.create({ capacity: 4096 });
      await plannerOf(system)?.planSteps(planned);
      const first = planned[0] as PlannedStep;
      await system.step?.(first.before, first.op, first.after);
      // An id no step named: the batch, seven steps ahead, did not read it; a fresh system is brought back first.
      const read = system.observe(['never-named']);
      await expect(read).rejects.toBeInstanceOf(SubjectDivergedError);
      await expect(read).rejects.toThrow(/step 1 \(append\) answered by throwing, but \{.*\} before/);
      expect(loaded.adapter.boundary.broughtBack).toBe(1);
    } finally {
      if (loaded.mode === 'runtime') await loaded.adapter.drain();
      if (previous === undefined) delete process.env['PRUNECHECK_HOSTILE'];
      else process.env['PRUNECHECK_HOSTILE'] = previous;
    }
  });

  it('a module that does not fault answers every step from the one batch', async () => {
    const { answered, thrown, boundary } = await stepThrough('none', 5_000);
    expect([answered, thrown]).toEqual([8, undefined]);
    expect(boundary).toMatchObject({ batches: 1, stepsFromBatches: 8, broughtBack: 0 });
  });

  it('a batch past the check\'s time limit stops after its first step: the rest go one round trip each', async () => {
    // A limit already past: the child runs one step of the eight and answers; the engine would stop at the next.
    const { answered, thrown, boundary } = await stepThrough('none', 5_000, Date.now() - 1);
    expect([answered, thrown]).toEqual([8, undefined]);
    expect(boundary).toMatchObject({ batches: 1, stepsFromBatches: 1, broughtBack: 0 });
  });
});

describe("a run's last planned step closes the system in the child, which saves the close's round trip", () => {
  // A runtime whose close throws: the check must find it as it does in-process (an ADAPTER-ERROR after the run),
  // although the child closed the system inside the batch; a close that fails there is closed again, for real.
  function closesBadly(dir: string): string {
    const file = join(dir, 'closesBadly.mts');
    const builtins = JSON.stringify(pathToFileURL(join(ROOT, 'src', 'subjects', 'builtins.ts')).href);
    writeFileSync(file, `import { findBuiltin } from ${builtins};
const reference = findBuiltin('reference');
export default { ...reference, name: 'closes-badly', async create(config) {
  const system = await reference.create(config);
  return { ...system, close() { throw new Error('close failed: the store would not flush'); } };
} };
`);
    return file;
  }

  it('a close that throws is the same finding, step and trace as in-process', async () => {
    const dir = temp();
    const file = closesBadly(dir);
    const options = { runs: 10, seed: 5, reruns: 0, examples: false } as const;
    const inProcess = await checkAdapter((await import(pathToFileURL(file).href) as { default: Adapter }).default, { ...options, outDir: join(dir, 'in') });
    const adapter = await supervised(file);
    try {
      const boundary = await checkAdapter(adapter, { ...options, outDir: join(dir, 'sup') });
      expect(inProcess.violations[0]?.because.join(' ')).toContain('close() failed after the run: close failed: the store would not flush');
      expect(boundary.violations.map((v) => [v.invariant, v.step, v.because])).toEqual(inProcess.violations.map((v) => [v.invariant, v.step, v.because]));
      expect(traceOf(boundary)).toEqual(traceOf(inProcess));
      // The child's close failed in a batch; decided only after a fresh system, brought back, failed to close too.
      expect(adapter.boundary.closedWithBatches).toBe(0);
      expect(adapter.boundary.broughtBack).toBeGreaterThan(0);
    } finally {
      await adapter.drain();
    }
  });

  it('a read after the closing step that the batch did not make: a fresh system is brought back and answers it', async () => {
    const ops = protocolEpisode('batch-close', 6, 4096);
    const steps: PlannedStep[] = ops.map((op, i) => {
      const named = [...new Set(idsNamedBy(op))];
      return { before: named, op, after: named, ...(i === ops.length - 1 ? { close: true as const } : {}) };
    });
    const adapter = await supervised(moduleOf(temp(), 'reference'));
    try {
      const system = await adapter.create({ capacity: 4096 });
      await plannerOf(system)?.planSteps(steps);
      const reference = await referenceAdapter.create({ capacity: 4096 });
      for (const step of steps) {
        expect(await system.step?.(step.before, step.op, step.after)).toEqual({ before: await reference.observe(step.before), outcome: await reference.apply(step.op) });
      }
      expect(adapter.boundary.broughtBack).toBe(0);
      // The child closed its system after the sixth step; the engine goes on reading.
      const ids = [...new Set(ops.flatMap((op) => idsNamedBy(op)))];
      expect(await system.observe(ids)).toEqual(await reference.observe(ids));
      expect(adapter.boundary.broughtBack).toBe(1);
      await system.close?.();
      expect(adapter.boundary.closedWithBatches).toBe(0);
    } finally {
      await adapter.drain();
    }
  });
});
