import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StartUpMeasurement, StartUpRun } from '../src/report/bench/StartUpMeasurement.ts';
import { tracedCheck } from './tracedCheck.ts';

/** How many default checks, and how many runs the long check has. */
export interface StartUpOptions {
  readonly seed: number;
  /** Default checks (≥ 3: the targets take their median). */
  readonly rounds: number;
  /** Runs of the long check the default check's rate is held against (10,000 in a full bench). */
  readonly longRuns: number;
}

/**
 * Issue 26's start-up targets, measured as a user meets them: `node bin/prunecheck.js check --adapter reference`
 * in a child process (dist/ as `npm ci` builds it, the default 300 runs; only the seed, a report file and a
 * scratch directory are given), traced with PRUNECHECK_TRACE_STARTUP=1. Start-up share: CPU before the first
 * episode over the process's CPU at exit. Rate: checked operations per CPU second after the first episode
 * started, for the default check and for the same check with `longRuns` runs on one worker (the same process
 * kind: the default check also runs on one), which runs between the default ones.
 */
export async function measureStartUp(options: StartUpOptions, log: (line: string) => void = () => undefined): Promise<StartUpMeasurement> {
  const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-startup-'));
  try {
    const defaultChecks: StartUpRun[] = [];
    let longCheck: StartUpRun | undefined;
    for (let round = 1; round <= options.rounds; round += 1) {
      const run = await traceCheck(dir, options.seed, undefined);
      defaultChecks.push(run);
      log(`    default check ${round} of ${options.rounds}: start-up ${describe(run)}`);
      if (round === Math.min(2, options.rounds)) {
        longCheck = await traceCheck(dir, options.seed, options.longRuns);
        log(`    ${options.longRuns.toLocaleString('en-US')}-run check: start-up ${describe(longCheck)}`);
      }
    }
    return { command: `node bin/prunecheck.js check --adapter reference --seed ${options.seed} --out <tmp>/check.json`, defaultChecks, longCheck };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function describe(run: StartUpRun): string {
  return `${(run.startUpCpuMs / 1000).toFixed(2)} s of ${(run.cpuMs / 1000).toFixed(2)} s CPU (${((run.startUpCpuMs / run.cpuMs) * 100).toFixed(1)} %), ${run.opsPerCpuSecond.toLocaleString('en-US')} ops per CPU second (${run.opsChecked.toLocaleString('en-US')} ops, ${run.verdict}, ${run.build}, load average ${run.loadAverage})`;
}

/** One traced check process; `runs` undefined is the default check. */
async function traceCheck(dir: string, seed: number, runs: number | undefined): Promise<StartUpRun> {
  const out = join(dir, 'check.json');
  const load = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  const { first, exit } = await tracedCheck('start-up bench', ['--adapter', 'reference', '--seed', String(seed), '--out', out, ...(runs === undefined ? [] : ['--runs', String(runs), '--workers', '1'])], dir);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { runs: number; opsChecked: number; opsPerSecond: number; verdict: string };
  const checkingUs = Math.max(1, exit.cpuUs - first.cpuUs);
  return {
    runs: report.runs,
    seed,
    startUpCpuMs: first.cpuUs / 1000,
    cpuMs: exit.cpuUs / 1000,
    opsChecked: report.opsChecked,
    opsPerCpuSecond: Math.round((report.opsChecked / checkingUs) * 1e6),
    reportedOpsPerSecond: report.opsPerSecond,
    verdict: report.verdict,
    build: first.build,
    loadAverage: load,
  };
}

// `npx tsx bench/startUpShare.ts [seed] [rounds] [longRuns]`: this bench alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seed = 42, rounds = 3, longRuns = 10_000] = process.argv.slice(2).map(Number);
  const measured = await measureStartUp({ seed, rounds, longRuns }, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`${JSON.stringify(measured, null, 2)}\n`);
}
