import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { eventually, isRunning, scratch } from '../helpers/faults.ts';
import { checkHostile, childrenOf } from '../helpers/hostile.ts';

// Issue 25, row 3: a module that loops forever at load time froze prunecheck's own thread: SIGTERM and SIGINT
// were ignored (prunecheck's handlers had replaced the defaults and could never run), only SIGKILL ended it. The
// module now loads in a supervised process: signals reach the checker, which kills it and exits 143 or 130;
// left alone, the load times out (--load-timeout) and the verdict is unknown, with a report.
const temp = scratch('row03');

describe('row 3: a module that loops forever while loading', () => {
  for (const [signal, code] of [['SIGTERM', 143], ['SIGINT', 130]] as const) {
    it.runIf(existsSync('/proc'))(`${signal} reaches prunecheck while the module loops: exit ${code}, the adapter's process killed`, async () => {
      let pid = 0;
      const running = checkHostile('loop-load', temp(), ['--load-timeout', '600000'], { onStart: (p) => (pid = p), killAfterMs: 30_000 });
      // The module is loading (and looping) once prunecheck's supervised child exists.
      let children: number[] = [];
      expect(await eventually(() => pid !== 0 && (children = childrenOf(pid, 'subjectChild')).length > 0, 20_000)).toBe(true);
      process.kill(pid, signal);
      const { result } = await running;
      expect(result.signal, 'only SIGKILL ended it').toBeNull();
      expect(result.code, result.stderr).toBe(code);
      expect(result.stderr).toContain(`${signal}: saving what was found so far`);
      expect(await eventually(() => children.every((child) => !isRunning(child)))).toBe(true);
    });
  }

  it('left alone, the load times out: verdict unknown, the report says the module did not finish loading', async () => {
    const { result, report } = await checkHostile('loop-load', temp(), ['--load-timeout', '1500']);
    expect(result.code, result.stderr).toBe(1);
    expect(report).toMatchObject({ verdict: 'unknown', runs: 0 });
    expect(report?.error).toMatch(/did not finish loading within 1500 ms/);
  });
});
