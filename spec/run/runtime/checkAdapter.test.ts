import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { SITUATION_NAMES } from '../../../src/gen/runtime/situations.ts';
import { RUNTIME_INVARIANT_IDS } from '../../../src/model/invariants.ts';
import { SPEC_VERSION } from '../../../src/model/specVersion.ts';
import type { Counterexample } from '../../../src/run/CheckReport.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { traceHash } from '../../../src/run/writeCounterexample.ts';
import { faultyAdapter } from '../../helpers/faultyAdapters.ts';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'prunecheck-check-'));

describe('checkAdapter', () => {
  it('passes the reference runtime over 1,000 runs and reaches every dangerous situation', async () => {
    const report = await checkAdapter(referenceAdapter, { runs: 1000, seed: 20261130, outDir: tempDir() });
    expect(report.verdict).toBe('conformant');
    expect(report.runs).toBe(1000);
    expect(report.violations).toEqual([]);
    for (const situation of SITUATION_NAMES) expect(report.situations[situation], situation).toBeGreaterThan(0);
    expect(report.opsChecked).toBeGreaterThan(10_000);
    expect(report.invariants.filter((r) => r.status === 'passed').map((r) => r.invariant)).toEqual(RUNTIME_INVARIANT_IDS);
  });

  it('is deterministic for a seed: same verdict, runs, operations and situations', async () => {
    const a = await checkAdapter(referenceAdapter, { runs: 60, seed: 7, outDir: tempDir() });
    const b = await checkAdapter(referenceAdapter, { runs: 60, seed: 7, outDir: tempDir() });
    expect([b.verdict, b.runs, b.opsChecked, b.situations]).toEqual([a.verdict, a.runs, a.opsChecked, a.situations]);
  });

  it('writes the shrunk counterexample with everything replay needs', async () => {
    const outDir = tempDir();
    const report = await checkAdapter(findBuiltin('trusts-safe-claim') as never, { runs: 300, seed: 3, outDir, adapterRef: 'trusts-safe-claim' });
    expect(report.verdict).toBe('violation');
    const violation = report.violations[0];
    expect(violation?.invariant).toBe('INV-03');
    expect(readdirSync(outDir)).toEqual(['trusts-safe-claim-INV-03-3.json']);
    const cx = JSON.parse(readFileSync(join(outDir, 'trusts-safe-claim-INV-03-3.json'), 'utf8')) as Counterexample;
    expect(cx).toMatchObject({ format: 'prunecheck-counterexample/1', adapter: 'trusts-safe-claim', adapterRef: 'trusts-safe-claim', invariant: 'INV-03', seed: 3, specVersion: SPEC_VERSION });
    expect(cx.trace).toHaveLength(cx.step);
    expect(cx.outcomes).toHaveLength(cx.trace.length);
    expect(cx.traceHash).toBe(traceHash(cx.trace));
    expect(cx.path).not.toBe('');
    expect(cx.replay).toMatch(/^npx prunecheck replay .*trusts-safe-claim-INV-03-3\.json$/);
    expect(violation?.because.join('\n')).toMatch(/claims it is safe to drop/);
    expect(readFileSync(join(outDir, 'trusts-safe-claim-INV-03-3.json'), 'utf8').endsWith('}\n')).toBe(true);
  });

  it('reports progress the moment a run first fails (that run counted, one violation), then each candidate shrinking tries', async () => {
    const events: { runsDone: number; violations: number; shrinking?: { finding: string; tried: number; steps: number } }[] = [];
    // trusts-stale-copy at seed 3: 49 passing runs, then a failing one shrunk to 4 steps (0.3 s of CPU; the member
    // used before, markers-never-fold, took 8 s to find and shrink the same way).
    const report = await checkAdapter(findBuiltin('trusts-stale-copy') as never, {
      seed: 3,
      outDir: tempDir(),
      examples: false,
      onProgress: (p) => void events.push({ runsDone: p.runsDone, violations: p.violations, ...(p.shrinking === undefined ? {} : { shrinking: p.shrinking }) }),
    });
    expect(report.verdict).toBe('violation');
    expect(report.runs).toBeGreaterThan(0);
    const running = events.filter((e) => e.shrinking === undefined);
    expect(running.at(-1)).toEqual({ runsDone: report.runs + 1, violations: 1 });
    expect(running.slice(0, -1)).toEqual(Array.from({ length: report.runs }, (_, i) => ({ runsDone: i + 1, violations: 0 })));
    // Shrinking comes after, and says what it keeps: the finding, candidates counted up, the smallest trace never growing.
    const shrinking = events.slice(running.length).map((e) => e.shrinking);
    expect(shrinking.length).toBeGreaterThan(0);
    expect(shrinking.map((s) => s?.tried)).toEqual(shrinking.map((_, i) => i + 1));
    expect(new Set(shrinking.map((s) => s?.finding))).toEqual(new Set([report.violations[0]?.invariant]));
    const steps = shrinking.map((s) => s?.steps ?? 0);
    expect(steps.every((n, i) => i === 0 || n <= (steps[i - 1] ?? 0))).toBe(true);
    expect(steps.at(-1)).toBeGreaterThanOrEqual(report.violations[0]?.traceLength ?? 0);
  });

  it('reports an operation that throws as an adapter error at that step, not a crash', async () => {
    const adapter = faultyAdapter('throws-on-lookup', (op) => {
      if (op.kind === 'lookup') throw new Error('lookup backend unavailable');
      return undefined;
    });
    const report = await checkAdapter(adapter, { runs: 100, seed: 11, outDir: tempDir() });
    expect(report.verdict).toBe('error');
    expect(report.violations[0]?.invariant).toBe('ADAPTER-ERROR');
    expect(report.violations[0]?.because.join(' ')).toMatch(/apply threw: lookup backend unavailable/);
    expect(report.violations[0]?.traceLength).toBeLessThanOrEqual(2);
  });

  it('reports an operation that never answers as unknown (timeout)', async () => {
    const adapter = faultyAdapter('hangs-on-claim', (op) => (op.kind === 'claim' ? new Promise(() => undefined) : undefined));
    const report = await checkAdapter(adapter, { runs: 50, seed: 5, opTimeoutMs: 50, outDir: tempDir() });
    expect(report.verdict).toBe('unknown');
    expect(report.violations[0]?.invariant).toBe('TIMEOUT');
    // Issue 27: the report names the flag to raise, with its seed and the replay of the case.
    expect(report.violations[0]?.because.join(' ')).toContain('raise --op-timeout, now 50 ms, if the runtime is slow rather than stuck');
    expect(report.seed).toBe(5);
  });

  it('reports a malformed outcome naming the field', async () => {
    const adapter = faultyAdapter('bad-outcome', (op) => (op.kind === 'persist' ? { kind: 'persisted', spanId: op.spanId } : undefined));
    const report = await checkAdapter(adapter, { runs: 100, seed: 2, outDir: tempDir() });
    expect(report.verdict).toBe('error');
    expect(report.violations[0]?.because.join(' ')).toMatch(/outcome 'persisted' field 'handle' must be string/);
  });

  it('reports a malformed observation naming the field', async () => {
    const adapter = faultyAdapter('bad-observation', () => undefined, { observe: (ids) => ids.map((spanId) => ({ spanId: `${spanId}!`, resident: undefined, index: undefined, tombstone: undefined })) });
    const report = await checkAdapter(adapter, { runs: 20, seed: 2, outDir: tempDir() });
    expect(report.verdict).toBe('error');
    expect(report.violations[0]?.because.join(' ')).toMatch(/observation \[0\]\.spanId is "(.+)!", expected "\1"/);
  });

  it('lists invariants an adapter does not claim as not-claimed and does not fail on them', async () => {
    const broken = findBuiltin('summary-lowers-sources');
    if (broken === undefined) throw new Error('zoo member missing');
    const adapter = { ...broken, capabilities: { ...broken.capabilities, invariants: broken.capabilities.invariants.filter((id) => id !== 'INV-14') } };
    const report = await checkAdapter(adapter, { runs: 150, seed: 4, outDir: tempDir() });
    expect(report.violations.map((v) => v.invariant)).not.toContain('INV-14');
    expect(report.invariants.find((r) => r.invariant === 'INV-14')?.status).toBe('not-claimed');
  });

  it('only generates the operations an adapter supports', async () => {
    const seen = new Set<string>();
    const adapter = faultyAdapter('records-kinds', (op) => {
      seen.add(op.kind);
      return undefined;
    });
    const limited = { ...adapter, capabilities: { ...adapter.capabilities, operations: ['append', 'prune', 'lookup'] as const } };
    await checkAdapter(limited, { runs: 40, seed: 9, outDir: tempDir() });
    expect([...seen].sort()).toEqual(['append', 'lookup', 'prune']);
  });

  it('runs the recorded incident scenarios as explicit examples, and reports one when only it fails', async () => {
    const broken = findBuiltin('retries-not-deduplicated-after-eviction');
    if (broken === undefined) throw new Error('zoo member missing');
    // Broken only at the scenarios' window sizes, which generated episodes never use.
    const onlyLarge = { ...referenceAdapter, name: 'broken-at-scale', create: (config: { capacity: number }) => (config.capacity > 10_000 ? broken : referenceAdapter).create(config) };
    const outDir = tempDir();
    const report = await checkAdapter(onlyLarge, { runs: 50, seed: 1, outDir });
    expect(report.examplesRun).toEqual(['scenario:overflow-inverse', 'scenario:reframe-derived-flip', 'scenario:reframe-hallucinated-constraint', 'scenario:rotated-log-identifier-loss', 'scenario:turn-90-duplicate-side-effect']);
    expect(report.verdict).toBe('violation');
    expect(report.violations[0]?.invariant).toBe('INV-09');
    expect(report.violations[0]?.because[0]).toMatch(/^explicit example scenario:/);
    const cx = JSON.parse(readFileSync(report.violations[0]?.counterexample ?? '', 'utf8')) as Counterexample;
    expect(cx.path).toMatch(/^scenario:/);

    const skipped = await checkAdapter(onlyLarge, { runs: 50, seed: 1, outDir, examples: false });
    expect(skipped.examplesRun).toEqual([]);
    expect(skipped.verdict).not.toBe('violation');
  });
});
