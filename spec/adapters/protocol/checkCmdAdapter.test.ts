import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../../../src/subjects/loadAdapter.ts';
import type { Counterexample } from '../../../src/run/CheckReport.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { replayCounterexample } from '../../../src/run/runtime/replayCounterexample.ts';
import { PRUNECHECK_VERSION } from '../../../src/run/version.ts';
import { replayCommand, traceHash, writeCounterexample } from '../../../src/run/writeCounterexample.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { SPEC_VERSION } from '../../../src/model/specVersion.ts';
import { runCli } from '../../helpers/cli.ts';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'prunecheck-cmd-'));
const CORRECT = 'cmd:python3 examples/python/correct_runtime.py';
const BROKEN = 'cmd:python3 examples/python/broken_runtime.py';
// The crashing child is respawned for every shrink attempt: start the interpreter itself, not a version-manager shim.
const PYTHON = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
const CRASHING = `cmd:${PYTHON} spec/adapters/protocol/children/faulty_summarizer.py exit`;
const HANGING = `cmd:${PYTHON} spec/adapters/protocol/children/faulty_summarizer.py hang`;
// 30 runs at seed 2 reach every dangerous situation with the reference, so a conformant runtime is "conformant"
// (seed 4 from issue 11's generator until it reached rejected and defaulted operations, seed 2 before).
const FEW = { runs: 30, seed: 2 } as const;

describe('checkAdapter over the line protocol (cmd: adapters)', () => {
  it('the correct Python runtime is conformant, with the same operations checked as the reference in-process', async () => {
    const report = await checkAdapter(await loadAdapter(CORRECT), { ...FEW, outDir: tempDir(), adapterRef: CORRECT });
    expect(report.verdict, report.error).toBe('conformant');
    expect(report.adapter).toBe('python-correct');
    expect(report.runs).toBe(30);
    const reference = await checkAdapter(await loadAdapter('reference'), { ...FEW, outDir: tempDir() });
    expect(report.opsChecked).toBe(reference.opsChecked);
  });

  it('the broken Python runtime is caught on INV-03, its shrunk counterexample written and replayable', async () => {
    const outDir = tempDir();
    const report = await checkAdapter(await loadAdapter(BROKEN), { ...FEW, outDir, adapterRef: BROKEN });
    expect(report.verdict).toBe('violation');
    expect(report.violations[0]?.invariant).toBe('INV-03');
    expect(report.violations[0]?.traceLength).toBeLessThanOrEqual(4);
    expect(readdirSync(outDir)).toEqual(['python-broken-INV-03-2.json']);
    const file = join(outDir, 'python-broken-INV-03-2.json');
    const cx = JSON.parse(readFileSync(file, 'utf8')) as Counterexample;
    expect(cx).toMatchObject({ adapter: 'python-broken', adapterRef: BROKEN, invariant: 'INV-03' });
    expect(cx.trace.at(-1)).toMatchObject({ kind: 'prune', claimSafe: true });
    // The file names a command: replay runs it only when trusted (issue 15).
    const replay = await replayCounterexample(file, { trust: true });
    expect(replay.kind, replay.detail).toBe('reproduced');
  });

  it('a runtime that behaves differently on replay is reported diverged, never passed', async () => {
    const outDir = tempDir();
    const flaky = `cmd:${PYTHON} spec/adapters/protocol/children/flaky_runtime.py ${join(outDir, 'starts')}`;
    const report = await checkAdapter(await loadAdapter(flaky), { ...FEW, outDir, adapterRef: flaky });
    expect(report.violations[0]?.invariant).toBe('INV-03');
    const replay = await replayCounterexample(report.violations[0]?.counterexample ?? '', { trust: true });
    expect(replay.kind, replay.detail).toBe('diverged');
    expect(replay.report.verdict).toBe('diverged');
  });

  it('a child that dies mid-run is an ADAPTER-ERROR at that step, with its stderr and the counterexample saved', async () => {
    const outDir = tempDir();
    const report = await checkAdapter(await loadAdapter(CRASHING), { ...FEW, maxSteps: 10, outDir, adapterRef: CRASHING });
    expect(report.verdict).toBe('error');
    const violation = report.violations[0];
    expect(violation?.invariant).toBe('ADAPTER-ERROR');
    const because = violation?.because.join('\n') ?? '';
    // A 1.1 child is asked each step in one round trip: the answer awaited is the step's.
    expect(because).toMatch(/exited with code 70 while prunecheck waited for its answer to step/);
    expect(because).toMatch(/summarizer lost its model connection/);
    const cx = JSON.parse(readFileSync(violation?.counterexample ?? '', 'utf8')) as Counterexample;
    expect(cx.trace.at(-1)?.kind).toBe('summarize');
    expect(cx.outcomes.at(-1)).toMatchObject({ kind: 'adapter-error' });
    expect(cx.trace.length).toBeLessThanOrEqual(3);
  });

  it('a child that hangs past the per-operation timeout is a TIMEOUT at that step (replayed from a counterexample file)', async () => {
    // Found by checkAdapter the same way as the crash above; replayed here because shrinking a hang waits out
    // the timeout on every attempt, which is too slow for the suite.
    const file = join(tempDir(), 'python-summarizer-hang-TIMEOUT-1.json');
    const trace: Operation[] = [
      { kind: 'append', span: { id: 's1', kind: 'raw', content: 'ERROR 23505 duplicate key', persist: true } },
      { kind: 'summarize', summaryId: 'sum1', sourceIds: ['s1'], content: 'a duplicate key' },
    ];
    writeCounterexample(file, {
      format: 'prunecheck-counterexample/1', adapter: 'python-summarizer-hang', adapterRef: HANGING, adapterVersion: '1.0.0',
      prunecheckVersion: PRUNECHECK_VERSION, specVersion: SPEC_VERSION, invariant: 'TIMEOUT', seed: 1, path: '', config: { capacity: 1000 },
      trace, outcomes: [{ kind: 'appended', spanId: 's1', handle: 'bs://s1#1' }, { kind: 'adapter-error', message: 'apply did not answer' }],
      step: 2, because: [], replay: replayCommand(file), traceHash: traceHash(trace),
    });
    const replay = await replayCounterexample(file, { opTimeoutMs: 1500, trust: true });
    expect(replay.kind, replay.detail).toBe('reproduced');
    expect(replay.report.violations[0]).toMatchObject({ invariant: 'TIMEOUT', step: 2 });
    expect(replay.report.violations[0]?.because.join('\n')).toMatch(/apply did not answer within 1500 ms; the verdict is unknown/);
  });

  it('prunecheck check --adapter cmd:… exits 1 on the broken runtime and 0 on the correct one', async () => {
    const outDir = tempDir();
    const broken = await runCli(['check', '--adapter', BROKEN, '--runs', '30', '--seed', '2', '--reporter', 'json', '--counterexamples', outDir]);
    expect(broken.code, broken.stderr).toBe(1);
    expect(JSON.parse(broken.stdout)).toMatchObject({ adapter: 'python-broken', verdict: 'violation' });
    const correct = await runCli(['check', '--adapter', CORRECT, '--runs', '30', '--seed', '2', '--reporter', 'json', '--counterexamples', outDir]);
    expect(correct.code, correct.stderr).toBe(0);
  });
});
