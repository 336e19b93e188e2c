import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { replayCounterexample } from '../../../src/run/runtime/replayCounterexample.ts';
import { faultyAdapter } from '../../helpers/faultyAdapters.ts';

async function counterexampleOf(adapter: Adapter, seed: number): Promise<string> {
  const report = await checkAdapter(adapter, { runs: 300, seed, outDir: mkdtempSync(join(tmpdir(), 'prunecheck-replay-')) });
  const file = report.violations[0]?.counterexample;
  if (file === undefined) throw new Error(`${adapter.name} was not caught with seed ${seed}`);
  return file;
}

describe('replayCounterexample', () => {
  it('reproduces a recorded violation at the recorded step, loading the adapter by its reference', async () => {
    const file = await counterexampleOf(findBuiltin('answers-absent-for-pruned') as Adapter, 8);
    const result = await replayCounterexample(file);
    expect(result.kind).toBe('reproduced');
    expect(result.report.verdict).toBe('violation');
    expect(result.report.violations[0]?.invariant).toBe('INV-04');
  });

  it('answers passed when another system (here the reference) runs the recorded trace clean', async () => {
    const file = await counterexampleOf(findBuiltin('trusts-safe-claim') as Adapter, 8);
    const result = await replayCounterexample(file, { adapter: referenceAdapter });
    expect(result.kind).toBe('passed');
    expect(result.report.verdict).toBe('conformant');
  });

  it('answers diverged for a nondeterministic system that fails only sometimes', async () => {
    let creates = 0;
    const flaky = faultyAdapter('flaky', () => undefined);
    const sometimes: Adapter = {
      ...flaky,
      async create(config) {
        creates += 1;
        const broken = creates % 2 === 1 ? findBuiltin('rejections-not-surfaced') : flaky;
        return (broken as Adapter).create(config);
      },
    };
    const file = await counterexampleOf(sometimes, 12);
    creates = 1;
    const result = await replayCounterexample(file, { adapter: sometimes });
    expect(result.kind).toBe('diverged');
    expect(result.detail).toMatch(/nondeterminism/);
  });

  it('answers passed when a new version of the adapter runs the trace clean', async () => {
    const broken = findBuiltin('lossy-without-marker') as Adapter;
    const file = await counterexampleOf(broken, 8);
    const fixed: Adapter = { ...referenceAdapter, name: broken.name, version: '1.0.1' };
    const result = await replayCounterexample(file, { adapter: fixed });
    expect(result.kind).toBe('passed');
    expect(result.detail).toMatch(/is now version 1\.0\.1; the file was recorded with 1\.0\.0/);
  });

  it('rejects a malformed file naming the field', async () => {
    const file = await counterexampleOf(findBuiltin('no-raw-floor') as Adapter, 8);
    const broken = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    broken['trace'] = [{ kind: 'explode' }];
    writeFileSync(file, JSON.stringify(broken));
    await expect(replayCounterexample(file)).rejects.toThrow(/trace\[0\]\.kind/);
  });
});
