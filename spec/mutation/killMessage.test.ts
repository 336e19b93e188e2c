import { describe, expect, it } from 'vitest';
import type { AdapterReport } from '../../src/run/checkAdapter.ts';
import { killMessage, loadFailureMessage, parseKill } from '../../mutation/killMessage.ts';
import { suiteEnv, suiteSettingsFrom, DEFAULT_SUITE } from '../../mutation/suiteSettings.ts';
import { MutationError } from '../../mutation/MutationError.ts';

const report = (over: Partial<AdapterReport>): AdapterReport => ({ mode: 'runtime', adapter: 'x', adapterVersion: '1', prunecheckVersion: '0', specVersion: '1.1', verdict: 'violation', seed: 3, runs: 10, opsChecked: 1, opsPerSecond: 1, durationMs: 1, invariants: [], violations: [], situations: {}, ...over }) as AdapterReport;

describe('killMessage and parseKill', () => {
  it('round-trip the verdict, the first finding and the seed', () => {
    const violation = { invariant: 'INV-13', step: 2, because: ['step 2: append', 'the reference answered window-full'], replay: '', counterexample: '', traceLength: 2 } as const;
    const text = killMessage(report({ violations: [violation] }));
    expect(text).toBe('prunecheck verdict violation [INV-13] seed 3: step 2: append / the reference answered window-full');
    expect(parseKill(`${text}: expected 'violation' to be 'conformant'`)).toEqual({ verdict: 'violation', invariant: 'INV-13', seed: 3 });
  });

  it('carry an unknown verdict with no finding, and a copy that does not load', () => {
    expect(parseKill(killMessage(report({ verdict: 'unknown', error: 'too few runs complete' })))).toEqual({ verdict: 'unknown', invariant: undefined, seed: 3 });
    expect(parseKill(loadFailureMessage(4))).toEqual({ verdict: 'error', invariant: 'ADAPTER-LOAD', seed: 4 });
  });

  it('answer nothing for a failure the suite did not word', () => {
    expect(parseKill('TypeError: x is not a function')).toBeUndefined();
    expect(parseKill(undefined)).toBeUndefined();
  });
});

describe('suite settings', () => {
  it('travel through the environment into the suite', () => {
    expect(suiteSettingsFrom(suiteEnv({ seeds: [7, 8], runs: 50 }))).toEqual({ seeds: [7, 8], runs: 50 });
    expect(suiteSettingsFrom({})).toEqual(DEFAULT_SUITE);
  });

  it('refuse a malformed value, naming the variable', () => {
    expect(() => suiteSettingsFrom({ PRUNECHECK_MUTATION_RUNS: '0' })).toThrow(MutationError);
    expect(() => suiteSettingsFrom({ PRUNECHECK_MUTATION_SEEDS: '1,,2' })).toThrow(/PRUNECHECK_MUTATION_SEEDS/);
  });
});
