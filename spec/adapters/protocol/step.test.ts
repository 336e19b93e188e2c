import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from '../../../src/subjects/loadAdapter.ts';
import { commandAdapter, type CommandAdapter } from '../../../src/adapters/protocol/commandAdapter.ts';
import { ProtocolError } from '../../../src/adapters/protocol/ProtocolError.ts';
import { ModelError } from '../../../src/model/ModelError.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { diffSteps } from './helpers/diffSteps.ts';
import { randomEpisode } from './helpers/randomEpisode.ts';
import { SPEC11_EPISODE } from './helpers/spec11Episode.ts';

const CONFIGS = [{ capacity: 60 }, { capacity: 400, storeDistinguishesAbsent: false, frame: 'triage' }] as const;
const SEEDS = ['p1', 'p2', 'p3', 'p4', 'p5'];
const STEP_CHILD = fileURLToPath(new URL('./children/stepChild.mjs', import.meta.url));
const FAULTY_10 = fileURLToPath(new URL('./children/faultyChild.mjs', import.meta.url));
const stepChild = (fault: string, at = 1, log?: string): string => [process.execPath, STEP_CHILD, fault, String(at), ...(log === undefined ? [] : [log])].join(' ');
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'prunecheck-step-'));
const LOOKUPS: Operation[] = ['s1', 's2', 's3'].map((spanId) => ({ kind: 'lookup', spanId }));

describe('protocol 1.1: one round trip per engine step, a batch per fixed trace', () => {
  let python: CommandAdapter;
  let node: CommandAdapter;

  beforeAll(async () => {
    [python, node] = await Promise.all([commandAdapter('python3 examples/python/correct_runtime.py'), commandAdapter('node --import tsx examples/node/reference_runtime.ts')]);
  });
  afterAll(async () => {
    await Promise.all([python.drain(), node.drain()]);
  });

  it('the Python port answers each step as the reference does: observations before, outcome or misuse code, observations after, ledger', async () => {
    for (const seed of SEEDS) {
      for (const config of CONFIGS) expect(await diffSteps(python, config, randomEpisode(seed, 120)), `seed ${seed}, capacity ${config.capacity}`).toBeUndefined();
    }
    for (const config of CONFIGS) expect(await diffSteps(python, config, SPEC11_EPISODE), `SPEC 1.1 episode, capacity ${config.capacity}`).toBeUndefined();
  });

  it('a whole trace in one batch answers as step by step, also when the engine asks for more than the batch observed', async () => {
    for (const seed of SEEDS.slice(0, 3)) {
      expect(await diffSteps(python, CONFIGS[0], randomEpisode(seed, 120), { batch: true, probeEvery: 40 }), `python, seed ${seed}`).toBeUndefined();
      expect(await diffSteps(node, CONFIGS[0], randomEpisode(seed, 120), { batch: true, probeEvery: 40 }), `node, seed ${seed}`).toBeUndefined();
    }
  });

  it('serveProtocol answers each step as the reference does', async () => {
    for (const seed of SEEDS.slice(0, 3)) expect(await diffSteps(node, CONFIGS[1], randomEpisode(seed, 120))).toBeUndefined();
  });

  it('negotiation: a 1.1 child gets step; a 1.0 child, or step turned off, is driven with observe and apply', async () => {
    const system = await python.create({ capacity: 100 });
    expect(typeof system.step).toBe('function');
    await system.close?.();
    const old = await commandAdapter(`${process.execPath} ${FAULTY_10} none`);
    const oldSystem = await old.create({ capacity: 100 });
    expect(oldSystem.step).toBeUndefined();
    expect(await oldSystem.apply({ kind: 'lookup', spanId: 's1' })).toMatchObject({ kind: 'absent' });
    await oldSystem.close?.();
    await old.drain();
    const off = await commandAdapter('python3 examples/python/correct_runtime.py', { step: false });
    const offSystem = await off.create({ capacity: 100 });
    expect(offSystem.step).toBeUndefined();
    await offSystem.close?.();
    await off.drain();
  });

  it('a child asked by a prunecheck that offers no minor version answers 1.0', () => {
    const hello = (params: object): unknown => {
      const run = spawnSync('python3', ['examples/python/correct_runtime.py'], { input: `${JSON.stringify({ id: 1, method: 'hello', params })}\n`, encoding: 'utf8' });
      return (JSON.parse(run.stdout.trim()) as { result: { minor: number } }).result.minor;
    };
    expect(hello({ protocol: 1, client: 'prunecheck', spec: '1.0.0' })).toBe(0);
    expect(hello({ protocol: 1, minor: 1, client: 'prunecheck', spec: '1.1.0' })).toBe(1);
    expect(hello({ protocol: 1, minor: 7, client: 'prunecheck', spec: '9.0.0' })).toBe(1);
  });

  it('a Python runtime that speaks only 1.0 is judged exactly as before: conformant, as many operations checked as in-process', async () => {
    const ref = 'cmd:python3 spec/adapters/protocol/children/protocol10_runtime.py';
    const report = await checkAdapter(await loadAdapter(ref), { runs: 30, seed: 2, outDir: tempDir(), adapterRef: ref });
    expect(report.verdict, report.error).toBe('conformant');
    const reference = await checkAdapter(await loadAdapter('reference'), { runs: 30, seed: 2, outDir: tempDir() });
    expect(report.opsChecked).toBe(reference.opsChecked);
  });

  it('a step answer whose after misses an id the outcome names is BAD_RESPONSE naming the rule', async () => {
    const adapter = await commandAdapter(stepChild('after-short'));
    const system = await adapter.create({ capacity: 100 });
    const error = await Promise.resolve(system.step?.([], { kind: 'compact', threshold: 0.5 }, [])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe('BAD_RESPONSE');
    expect((error as ProtocolError).message).toMatch(/after of the operation 'compact' step answer \(the ids of params.after, then those the outcome names\) must be an array of 1 observations/);
    await system.close?.();
    await adapter.drain();
  });

  it('an operation refused inside a step comes back as thrown with the observations before it; without them the step throws', async () => {
    const withBefore = await commandAdapter(stepChild('misuse-before'));
    const system = await withBefore.create({ capacity: 100 });
    const answer = await system.step?.(['s1'], LOOKUPS[0] as Operation, ['s1']);
    expect(answer).toMatchObject({ before: [{ spanId: 's1' }] });
    expect((answer as { thrown: unknown }).thrown).toBeInstanceOf(ModelError);
    await system.close?.();
    await withBefore.drain();
    const without = await commandAdapter(stepChild('misuse-no-before'));
    const bare = await without.create({ capacity: 100 });
    await expect(Promise.resolve(bare.step?.(['s1'], LOOKUPS[0] as Operation, ['s1']))).rejects.toBeInstanceOf(ModelError);
    await bare.close?.();
    await without.drain();
  });

  it('a batch that fails, or answers out of shape, is dropped: the steps run one by one on a fresh episode', async () => {
    for (const fault of ['batch-exit', 'batch-bad']) {
      const log = join(tempDir(), 'methods');
      const adapter = await commandAdapter(stepChild(fault, 1, log));
      const system = await adapter.create({ capacity: 100 });
      await system.plan?.(LOOKUPS, 2_000);
      for (const op of LOOKUPS) expect(await system.step?.([], op, [])).toMatchObject({ outcome: { kind: 'absent', spanId: (op as { spanId: string }).spanId } });
      await system.close?.();
      await adapter.drain();
      const methods = readFileSync(log, 'utf8').trim().split('\n').filter((m) => m !== 'hello'); // spares say hello too
      expect(methods.slice(-4), fault).toEqual(['reset', 'step', 'step', 'step']);
      expect(methods.filter((m) => m === 'batch')).toHaveLength(1);
    }
  });

  it('an id the batch did not observe: a fresh episode is brought back to the step by re-applying the steps taken', async () => {
    const log = join(tempDir(), 'methods');
    const adapter = await commandAdapter(stepChild('none', 1, log));
    const system = await adapter.create({ capacity: 100 });
    await system.plan?.(LOOKUPS, 2_000);
    await system.step?.(['s1'], LOOKUPS[0] as Operation, ['s1']);
    expect(await system.observe(['s1', 'unplanned'])).toEqual([{ spanId: 's1' }, { spanId: 'unplanned' }]);
    await system.step?.(['s2'], LOOKUPS[1] as Operation, ['s2']);
    await system.close?.();
    await adapter.drain();
    // (The pool starts a spare child, whose hello shares the log.)
    const methods = readFileSync(log, 'utf8').trim().split('\n').filter((m) => m !== 'hello');
    expect(methods).toEqual(['reset', 'batch', 'reset', 'apply', 'observe', 'step']);
  });

  it('a child that answers the re-applied steps otherwise than in the batch is NONDETERMINISTIC', async () => {
    const adapter = await commandAdapter(stepChild('nondeterministic'));
    const system = await adapter.create({ capacity: 100 });
    await system.plan?.(LOOKUPS, 2_000);
    await system.step?.(['s1'], LOOKUPS[0] as Operation, ['s1']);
    const error = await Promise.resolve(system.observe(['unplanned'])).catch((e: unknown) => e);
    expect((error as ProtocolError).code).toBe('NONDETERMINISTIC');
    expect((error as ProtocolError).message).toMatch(/step 1 \(operation 'lookup'\) answered .*elsewhere.* but .*s1.* in the batch/);
    await system.close?.();
    await adapter.drain();
  });
});
