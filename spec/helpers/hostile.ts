import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckReport, Counterexample } from '../../src/run/CheckReport.ts';
import { FIXTURES, runBin, type Spawned } from './faults.ts';

/** The adapter module of issue 25's rows 1–5: the reference, doing to its process what PRUNECHECK_HOSTILE says. */
export const HOSTILE = join(FIXTURES, 'hostileAdapter.ts');

export interface HostileRun {
  readonly result: Spawned;
  /** The JSON report `--out` wrote, when it did. */
  readonly report: CheckReport | undefined;
  readonly counterexamples: readonly Counterexample[];
}

/**
 * `prunecheck check --adapter hostileAdapter.ts` as a user runs it, with the fault `fault`, the report to `dir`
 * and counterexamples under it. Bounded by runs and steps; a hang is bounded by the short timeouts in `args`.
 */
export async function checkHostile(fault: string, dir: string, args: readonly string[] = [], options: Parameters<typeof runBin>[1] = {}): Promise<HostileRun> {
  const out = join(dir, 'report.json');
  const cx = join(dir, 'cx');
  const runs = args.includes('--runs') ? [] : ['--runs', '5'];
  const reruns = args.includes('--reruns') ? [] : ['--reruns', '0'];
  const result = await runBin(['check', '--adapter', HOSTILE, '--seed', '1', ...runs, ...reruns, '--out', out, '--counterexamples', cx, ...args], { ...options, env: { PRUNECHECK_HOSTILE: fault, ...options.env } });
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as CheckReport) : undefined;
  const counterexamples = existsSync(cx) ? readdirSync(cx).map((file) => JSON.parse(readFileSync(join(cx, file), 'utf8')) as Counterexample) : [];
  return { result, report, counterexamples };
}

/** The pids of `pid`'s child processes whose command line contains `marker` (Linux /proc; empty elsewhere). */
export function childrenOf(pid: number, marker: string): number[] {
  if (!existsSync('/proc')) return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}
