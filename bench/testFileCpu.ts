import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

/**
 * A vitest setup file (vitest.cpu.config.ts) that records each test file's CPU: its worker process's own ticks
 * and its waited-for children's (spawned commands) from /proc/self/stat, from before the file is imported to its
 * afterAll, with the wall time. Worker threads a test starts count in the process's own ticks. Linux only; the
 * rows go to $TEST_CPU_OUT (default reports/test-cpu.tsv): file, own s, children s, wall s, worker pid.
 */
const CLOCK_TICKS_PER_SECOND = 100;

function ticks(): { own: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // The fields after the command name, which may itself hold spaces: utime, stime, cutime, cstime are 14–17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return { own: (fields[11] ?? 0) + (fields[12] ?? 0), children: (fields[13] ?? 0) + (fields[14] ?? 0) };
}

const start = ticks();
const started = Date.now();
afterAll(() => {
  const end = ticks();
  const seconds = (n: number): string => (n / CLOCK_TICKS_PER_SECOND).toFixed(2);
  const file = expect.getState().testPath ?? 'unknown';
  const row = [file.replace(`${process.cwd()}/`, ''), seconds(end.own - start.own), seconds(end.children - start.children), ((Date.now() - started) / 1000).toFixed(1), String(process.pid)];
  appendFileSync(process.env['TEST_CPU_OUT'] ?? 'reports/test-cpu.tsv', `${row.join('\t')}\n`);
});
