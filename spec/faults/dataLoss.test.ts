import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { loadAdapter } from '../../src/subjects/loadAdapter.ts';
import { writeFileAtomic } from '../../src/util/writeFileAtomic.ts';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { replayPolicyCounterexample } from '../../src/run/policy/replayPolicyCounterexample.ts';
import { checkAdapter, closeSystem } from '../../src/run/runtime/checkAdapter.ts';
import { findingIdentity, saveCounterexample } from '../../src/run/writeCounterexample.ts';
import { runCli } from '../helpers/cli.ts';
import { faultyAdapter } from '../helpers/faultyAdapters.ts';
import { eventually, FIXTURES, isRunning, pidsIn, ROOT, scratch } from '../helpers/faults.ts';
import { TimeoutError, withTimeout } from '../../src/util/withTimeout.ts';

// Issue 15, class "data loss": a fault never destroys a file that was there, and a finding always reaches disk.
const temp = scratch('data');
const QUICK = { runs: 20, seed: 3, examples: false } as const;

describe('data loss (issue 15, items 1–5)', () => {
  it('item 1: --out never replaces a symbolic link, a FIFO or a directory; exit 2 naming it, nothing written through it', async () => {
    const dir = temp();
    const precious = join(dir, 'precious.txt');
    writeFileSync(precious, 'keep me\n');
    const link = join(dir, 'link.json');
    symlinkSync(precious, link);
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    const directory = join(dir, 'report.json');
    mkdirSync(directory);
    for (const [out, kind] of [
      [link, 'symbolic link'],
      [fifo, 'named pipe'],
      [directory, 'directory'],
    ] as const) {
      const result = await runCli(['check', '--adapter', 'reference', '--runs', '1', '--out', out, '--counterexamples', join(dir, 'cx')]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(out);
      expect(result.stderr).toContain(kind);
    }
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(precious);
    expect(readFileSync(precious, 'utf8')).toBe('keep me\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(lstatSync(directory).isDirectory()).toBe(true);
    expect(readdirSync(directory)).toEqual([]);
    // No temporary file left anywhere in the directory.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('item 1: writeFileAtomic refuses the same three, and replaces a regular file whole', () => {
    const dir = temp();
    const target = join(dir, 'r.json');
    writeFileAtomic(target, 'one\n');
    writeFileAtomic(target, 'two\n');
    expect(readFileSync(target, 'utf8')).toBe('two\n');
    symlinkSync(target, join(dir, 's.json'));
    expect(() => writeFileAtomic(join(dir, 's.json'), 'x')).toThrow(/symbolic link; prunecheck only writes regular files/);
    expect(readFileSync(target, 'utf8')).toBe('two\n');
    expect(readdirSync(dir).sort()).toEqual(['r.json', 's.json']);
  });

  it('item 2: a close that never settles (or throws) is reported, never awaited forever', async () => {
    const never = await closeSystem({ apply: () => ({ kind: 'absent', spanId: 'x' }), observe: () => [], close: () => new Promise<void>(() => undefined) }, 100);
    expect(never).toMatch(/close\(\) failed after the run: close did not answer within 2000 ms/);
    const throws = await closeSystem({ apply: () => ({ kind: 'absent', spanId: 'x' }), observe: () => [], close: () => { throw 'no'; } }, 100);
    expect(throws).toBe('close() failed after the run: no');
  });

  // Issue 27 changed the verdict: slow or stuck is not wrong, so the case is unknown (timeout) and the check goes on.
  it('item 2: a policy step that never settles ends its case as unknown (timeout), within the step timeout', async () => {
    const stuck: PolicyAdapter = {
      kind: 'policy',
      name: 'stuck-step',
      version: '1.0.0',
      description: 'a step that never answers',
      package: 'test',
      invariants: ['INV-16'],
      create: () => ({ step: () => new Promise(() => undefined) }),
    };
    const report = await checkPolicyAdapter(stuck, { runs: 2, seed: 1, outDir: temp(), opTimeoutMs: 50 });
    expect(report.verdict).toBe('unknown');
    expect(report.violations).toEqual([]);
    expect(report.timeouts).toEqual([{ seed: 1, path: '0', round: 1, what: 'step', ms: 50 }, { seed: 1, path: '1', round: 1, what: 'step', ms: 50 }]);
    expect(report.error).toMatch(/2 of 2 cases unknown \(timeout\): seed 1 path 0 \(step in round 1 took over 50 ms\).*raise --op-timeout/);
  });

  it('item 2: a cmd: child that hangs while its grandchild holds its stdout open times out, and closing it returns', async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    const adapter = await loadAdapter(`cmd:${process.execPath} ${join(FIXTURES, 'stubbornChild.mjs')} grandchild ${pids}`);
    const system = await adapter.create({ capacity: 100 });
    await expect(withTimeout(() => system.apply({ kind: 'lookup', spanId: 's' }), 100, 'apply')).rejects.toBeInstanceOf(TimeoutError);
    expect(await closeSystem(system, 100)).toBeUndefined();
    // Both processes of the run's child (the child and its grandchild) are gone with it.
    const run = pidsIn(pids).slice(-2);
    expect(await eventually(() => run.every((pid) => !isRunning(pid)))).toBe(true);
  });

  it('item 3: a writer killed mid-write (SIGKILL) leaves the previous file whole, never a truncated one', async () => {
    const dir = temp();
    const target = join(dir, 'big-INV-16-1.json');
    writeFileAtomic(target, '{"previous": true}\n');
    const script = `import { writeFileAtomic } from ${JSON.stringify(join(ROOT, 'src/util/writeFileAtomic.ts'))};
      process.stdout.write('go\\n');
      writeFileAtomic(${JSON.stringify(target)}, JSON.stringify({ rounds: 'x'.repeat(64 * 1024 * 1024) }));`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((started) => child.stdout.once('data', () => started()));
    // Killed at whatever point the write has reached: before, during, or after the rename. Where it lands is up to
    // the scheduler, so this alone passes for a non-atomic write too: dataLossMidWrite.test.ts fails one halfway.
    child.kill('SIGKILL');
    await new Promise((exited) => child.once('exit', exited));
    const text = readFileSync(target, 'utf8');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(parsed['previous'] === true || (typeof parsed['rounds'] === 'string' && (parsed['rounds'] as string).length === 64 * 1024 * 1024)).toBe(true);
  });

  it('item 3: a policy finding is on disk, whole, before its shrinking ends; the shrunk one then replaces it under the same name', async () => {
    // Found while verifying issue 15: policy mode wrote a counterexample only once shrinking ended, so a kill or
    // a signal during a long check lost every finding it had seen.
    const broken = BROKEN_POLICY_PRUNERS.find((b) => b.caughtBy === 'INV-19')?.adapter as PolicyAdapter;
    const runs = 20;
    let creates = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reached: () => void = () => undefined;
    const shrinking = new Promise<void>((resolve) => (reached = resolve));
    // Every case of the plain runs creates a system once; past them, fast-check is shrinking: wait there.
    const gated: PolicyAdapter = {
      ...broken,
      name: 'gated-drops-system',
      async create(model, config) {
        creates += 1;
        if (creates > runs) {
          reached();
          await gate;
        }
        return broken.create(model, config);
      },
    };
    const dir = temp();
    const check = checkPolicyAdapter(gated, { runs, seed: 1, outDir: dir, adapterRef: 'broken-drops-system' });
    await shrinking;
    expect(readdirSync(dir)).toEqual(['gated-drops-system-INV-19-1.json']);
    const early = JSON.parse(readFileSync(join(dir, 'gated-drops-system-INV-19-1.json'), 'utf8')) as { invariant: string; case: unknown };
    expect(early.invariant).toBe('INV-19');
    open();
    const report = await check;
    expect(report.violations.map((v) => v.counterexample)).toEqual([join(dir, 'gated-drops-system-INV-19-1.json')]);
    expect(readdirSync(dir)).toEqual(['gated-drops-system-INV-19-1.json']);
    const shrunk = JSON.parse(readFileSync(join(dir, 'gated-drops-system-INV-19-1.json'), 'utf8')) as { case: unknown };
    expect(JSON.stringify(shrunk.case).length).toBeLessThan(JSON.stringify(early.case).length);
    expect((await replayPolicyCounterexample(join(dir, 'gated-drops-system-INV-19-1.json'), { adapter: broken })).kind).toBe('reproduced');
  });

  it('item 4: a later run with the same adapter name and seed never deletes or overwrites an earlier finding for another invariant', async () => {
    const dir = temp();
    // Run 1 finds INV-03 (trusts-safe-claim, renamed); run 2, a different runtime of the same name, finds INV-01.
    const first = await checkAdapter({ ...(await loadAdapter('trusts-safe-claim')), name: 'same-name' }, { ...QUICK, outDir: dir });
    const firstFile = first.violations[0]?.counterexample ?? '';
    const firstText = readFileSync(firstFile, 'utf8');
    const second = await checkAdapter({ ...(await loadAdapter('no-external-tombstone')), name: 'same-name' }, { ...QUICK, outDir: dir });
    expect(second.violations[0]?.invariant).not.toBe(first.violations[0]?.invariant);
    expect(readFileSync(firstFile, 'utf8')).toBe(firstText);
    expect(readdirSync(dir).sort()).toEqual([first.violations[0]?.counterexample, second.violations[0]?.counterexample].map((f) => (f ?? '').split('/').at(-1)).sort());
  });

  it('item 4: a file holding another finding under the same name is kept; the new finding gets the next free name', () => {
    const dir = temp();
    const key = { adapter: 'a', invariant: 'INV-03', seed: 1 };
    const one = saveCounterexample(dir, { ...key, identity: 'x' }, () => ({ case: 'one' }));
    const two = saveCounterexample(dir, { ...key, identity: 'y' }, () => ({ case: 'two' }));
    expect([one.file, two.file].map((f) => f.split('/').at(-1))).toEqual(['a-INV-03-1.json', 'a-INV-03-1-2.json']);
    expect(JSON.parse(readFileSync(one.file, 'utf8'))).toEqual({ case: 'one' });
  });

  it('item 4: the same steps found in another module of the same name are another finding; in the same module, the same', () => {
    // Two modules named alike whose findings share a trace (a crash before any step: an empty one) each keep their file.
    const dir = temp();
    const config = { capacity: 100 };
    const key = { adapter: 'hostile', invariant: 'ADAPTER-ERROR', seed: 1, identity: findingIdentity([config, []]) };
    const timer = saveCounterexample(dir, key, () => ({ adapterRef: './h/timer-throw.ts', config, trace: [] }));
    const rejection = saveCounterexample(dir, key, () => ({ adapterRef: './h/unhandled.ts', config, trace: [] }));
    expect([timer.file, rejection.file].map((f) => f.split('/').at(-1))).toEqual(['hostile-ADAPTER-ERROR-1.json', 'hostile-ADAPTER-ERROR-1-2.json']);
    expect(JSON.parse(readFileSync(timer.file, 'utf8'))).toEqual({ adapterRef: './h/timer-throw.ts', config, trace: [] });
    const again = saveCounterexample(dir, key, () => ({ adapterRef: './h/unhandled.ts', config, trace: [], note: 'a re-run' }));
    expect(again).toEqual({ file: rejection.file, created: false });
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('item 5: an outcome with a circular reference is recorded safely; the finding and its counterexample are saved', async () => {
    const circular = faultyAdapter('circular', (op) => {
      if (op.kind !== 'lookup') return undefined;
      const outcome: Record<string, unknown> = { kind: 'absent', spanId: op.spanId };
      outcome['self'] = outcome;
      return outcome;
    }) satisfies Adapter;
    const dir = temp();
    const report = await checkAdapter(circular, { ...QUICK, outDir: dir });
    expect(report.verdict).toBe('violation');
    const file = report.violations[0]?.counterexample ?? '';
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('[circular reference]');
    const replay = await runCli(['replay', file, '--adapter', 'reference']);
    expect(replay.code).not.toBe(2);
  });
});
