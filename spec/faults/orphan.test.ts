import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import type { CheckReport } from '../../src/run/CheckReport.ts';
import { runInterruptHandlers } from '../../src/run/interruption.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { describe, expect, it } from 'vitest';
import { eventually, FIXTURES, isRunning, pidsIn, runBin, scratch } from '../helpers/faults.ts';

// Issue 15, class "orphan": no process prunecheck started outlives it. Children run in their own process group,
// which is killed when the child is stopped, when prunecheck exits, and on SIGINT/SIGTERM.
const temp = scratch('orphan');
const CHILD = join(FIXTURES, 'stubbornChild.mjs');
const allGone = (pids: readonly number[]): Promise<boolean> => eventually(() => pids.every((pid) => !isRunning(pid)));

describe('orphan processes (issue 15, items 16–18)', () => {
  it('item 16: a reusable child that ignores end of input is killed when prunecheck exits', async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    const result = await runBin(['check', '--adapter', `cmd:${process.execPath} ${CHILD} ignore-eof ${pids}`, '--runs', '3', '--max-steps', '3', '--seed', '1', '--counterexamples', dir]);
    expect(result.code, result.stderr).toBe(1);
    expect(pidsIn(pids).length).toBeGreaterThan(0);
    expect(await allGone(pidsIn(pids))).toBe(true);
  });

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`item 17: ${signal} to prunecheck kills its busy child, saves what was found, and exits ${code}`, async () => {
      const dir = temp();
      const pids = join(dir, 'pids');
      let prunecheck = 0;
      const running = runBin(['check', '--adapter', `cmd:${process.execPath} ${CHILD} busy ${pids}`, '--seed', '1', '--counterexamples', dir], { onStart: (pid) => (prunecheck = pid) });
      // The handshake child, then the first run's child, which spins at its first apply.
      expect(await eventually(() => pidsIn(pids).length >= 2, 30_000)).toBe(true);
      process.kill(prunecheck, signal);
      const result = await running;
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr).toContain(`${signal}: saving what was found so far`);
      expect(result.stdout).toContain(`verdict: unknown`);
      expect(result.stdout).toContain(`interrupted by ${signal}`);
      expect(await allGone(pidsIn(pids))).toBe(true);
    });
  }

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    // An in-process adapter answering at once made the whole check one chain of promise jobs: the signal
    // handler never ran, and Ctrl-C waited for the check to end (found while verifying issue 15).
    it(`item 17: ${signal} during an in-process check that never waits is handled at once: exit ${code}, the report says so`, async () => {
      const dir = temp();
      const marker = join(dir, 'started');
      let prunecheck = 0;
      const running = runBin(['check', '--adapter', join(FIXTURES, 'misbehavingAdapter.ts'), '--runs', '1000000', '--seed', '1', '--counterexamples', dir], {
        env: { PRUNECHECK_FAULT: 'announce', PRUNECHECK_FAULT_MARKER: marker },
        onStart: (pid) => (prunecheck = pid),
        killAfterMs: 40_000,
      });
      expect(await eventually(() => existsSync(marker), 30_000)).toBe(true);
      process.kill(prunecheck, signal);
      const result = await running;
      expect(result.signal, 'the process had to be killed: the signal was never handled').toBeNull();
      expect(result.code, result.stderr).toBe(code);
      expect(result.stdout).toContain('verdict: unknown');
      expect(result.stdout).toContain(`interrupted by ${signal}`);
    });
  }

  it('item 17: what an interruption saves mid-check: the smallest failing episode so far, as a counterexample and a report', async () => {
    const broken = findBuiltin('trusts-safe-claim') as Adapter;
    let creates = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let blocked: () => void = () => undefined;
    const shrinking = new Promise<void>((resolve) => (blocked = resolve));
    // The first runs fail at once; then (while fast-check shrinks) create waits at the gate: a signal arrives there.
    const gated: Adapter = {
      ...broken,
      name: 'gated',
      async create(config) {
        creates += 1;
        if (creates > 3) {
          blocked();
          await gate;
        }
        return broken.create(config);
      },
    };
    const dir = temp();
    // A seed at which the first run fails, whatever the generator draws (it changes with the spec's operations).
    const seed = await firstFailingSeed(broken);
    const check = checkAdapter(gated, { runs: 30, seed, examples: false, outDir: dir });
    await shrinking;
    const saved = runInterruptHandlers({ kind: 'signal', signal: 'SIGINT' }, () => undefined) as CheckReport;
    expect(saved.verdict).toBe('violation');
    expect(saved.error).toMatch(/^interrupted by SIGINT: the counterexample is the smallest failing episode found so far/);
    const file = saved.violations[0]?.counterexample ?? '';
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ invariant: 'INV-03', adapter: 'gated' });
    open();
    expect((await check).verdict).toBe('violation');
  });

  // A grandchild holding the child's stdout dies with its run too: spec/faults/dataLoss.test.ts, item 2.
  it("item 18: the whole process group goes, with the runtime behind cmd:sh -c '…'", async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    // sh forks the runtime (the trailing `; true` keeps sh from exec'ing it): the runtime is a grandchild.
    const shell = `cmd:sh -c '${process.execPath} ${CHILD} ignore-eof ${pids}; true'`;
    const viaShell = await runBin(['check', '--adapter', shell, '--runs', '2', '--max-steps', '2', '--seed', '1', '--counterexamples', dir]);
    expect(viaShell.code, viaShell.stderr).toBe(1);
    expect(pidsIn(pids).length).toBeGreaterThan(0);
    expect(await allGone(pidsIn(pids))).toBe(true);
  });
});

/** The first seed (1…50) at which `adapter`'s first generated run already fails. */
async function firstFailingSeed(adapter: Adapter): Promise<number> {
  const dir = temp();
  for (let seed = 1; seed <= 50; seed += 1) {
    const report = await checkAdapter(adapter, { runs: 30, seed, examples: false, outDir: dir, reruns: 0 });
    if (report.verdict === 'violation' && report.runs === 0) return seed;
  }
  throw new Error('no seed in 1…50 fails in its first run');
}
