import { join } from 'node:path';
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
