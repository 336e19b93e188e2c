import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { referenceAdapter } from '../src/subjects/reference.ts';
import type { WorkersControl, WorkersMeasurement } from '../src/report/bench/BenchReport.ts';
import { workerSpeedups } from '../src/report/bench/workerSpeedups.ts';
import { checkRuns } from '../src/run/parallel/checkRuns.ts';

/**
 * Checked operations per second of the same check on 1 and on 2 worker threads (issue 14: 2 workers ≥ 1.7×):
 * the reference through the CLI's engine (`checkRuns`, loaded again in each worker from its name), the same seed
 * and runs, the two interleaved round by round with the order swapped each round, wall clock from the start of
 * the check to its report, worker start-up included. The recorded incidents are left out (they run once, in
 * the main thread, whatever the number of workers).
 */
export async function measureWorkers(options: { readonly runs: number; readonly seed: number; readonly rounds: number }, log: (line: string) => void = () => undefined): Promise<WorkersMeasurement[]> {
  const out: WorkersMeasurement[] = [];
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-workers-'));
  try {
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const workers of round % 2 === 1 ? [1, 2] : [2, 1]) {
        const load = loadavg()[0] ?? 0;
        const report = await checkRuns(referenceAdapter, { runs: options.runs, seed: options.seed, workers, adapterRef: 'reference', examples: false, outDir });
        const measured: WorkersMeasurement = { workers, round, runs: report.runs, seed: report.seed, opsChecked: report.opsChecked, durationMs: report.durationMs, opsPerSecond: report.opsPerSecond, verdict: report.verdict, loadAverage: Math.round(load * 10) / 10 };
        out.push(measured);
        log(`    round ${round}, ${workers} worker${workers === 1 ? '' : 's'}: ${measured.opsPerSecond.toLocaleString('en-US')} checked ops/s (${measured.opsChecked.toLocaleString('en-US')} ops in ${(measured.durationMs / 1000).toFixed(1)} s, ${measured.verdict}, load average ${measured.loadAverage})`);
      }
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return out;
}

/** One single-thread check, for the control: its checked operations per second. */
async function soloRate(runs: number, seed: number): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-solo-'));
  try {
    return (await checkRuns(referenceAdapter, { runs, seed, workers: 1, adapterRef: 'reference', examples: false, outDir })).opsPerSecond;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * What two cores give at all while the bench runs: the same single-thread check in two processes at once,
 * against one alone right before. On an idle 2-core machine the pair runs at about 2× one; other load on the
 * machine shows here as less, whatever prunecheck's workers do.
 */
export async function measureControl(runs: number, seed: number): Promise<WorkersControl> {
  const alone = await soloRate(runs, seed);
  const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--solo', String(runs), String(seed)], { encoding: 'utf8' });
  const pair = await Promise.all([run(), run()]);
  const rates = pair.map((p) => Number(p.stdout.trim()));
  return { runs, alone, pair: rates, speedup: Math.round((rates.reduce((a, b) => a + b, 0) / Math.max(alone, 1)) * 100) / 100 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--solo') {
  process.stdout.write(`${await soloRate(Number(process.argv[3]), Number(process.argv[4]))}\n`);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const flag = (name: string): number | undefined => {
    const at = process.argv.indexOf(name);
    return at < 0 ? undefined : Number(process.argv[at + 1]);
  };
  const runs = flag('--runs') ?? (quick ? 400 : 20_000);
  const rounds = flag('--rounds') ?? (quick ? 1 : 3);
  process.stdout.write(`workers: the reference checked on 1 and 2 worker threads, ${runs} runs, seed 1, ${rounds} rounds (${availableParallelism()} cores; target: 2 workers >= 1.7x)\n`);
  const measured = await measureWorkers({ runs, seed: 1, rounds }, (line) => process.stdout.write(`${line}\n`));
  const { perRound, median } = workerSpeedups(measured);
  process.stdout.write(`speed-up per round: ${perRound.map((r) => `${r.toFixed(2)}x`).join(', ')}; median ${median === undefined ? 'not measured' : `${median.toFixed(2)}x`}\n`);
  const control = await measureControl(runs, 1);
  process.stdout.write(`control: one single-thread check alone ${control.alone} ops/s; two at once in separate processes ${control.pair.join(' + ')} ops/s = ${control.speedup}x of one alone\n`);
}
