import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { CheckReport, Counterexample } from '../../src/run/CheckReport.ts';
import { checkRuns } from '../../src/run/parallel/checkRuns.ts';
import { runCli } from './cli.ts';

/** What must not depend on the number of workers: the verdict and everything it rests on, and the counterexample. */
export function workerOutcome(report: CheckReport) {
  const file = report.violations[0]?.counterexample;
  const cx = file === undefined || file === '' ? undefined : (JSON.parse(readFileSync(file, 'utf8')) as Counterexample);
  return {
    verdict: report.verdict,
    runs: report.runs,
    situations: report.situations,
    evidence: report.evidence,
    invariants: report.invariants,
    violations: report.violations.map((v) => ({ invariant: v.invariant, step: v.step, because: v.because, name: v.counterexample.split('/').at(-1) })),
    counterexample: cx === undefined ? undefined : { path: cx.path, config: cx.config, trace: cx.trace, because: cx.because },
  };
}

/** A check of `runs` runs at `seed` on `workers` threads, its counterexamples in a directory of its own under `dir`. */
export const checkOnWorkers = (dir: string, adapter: Adapter, ref: string, seed: number, runs: number, workers: number): Promise<CheckReport> =>
  checkRuns(adapter, { seed, runs, workers, adapterRef: ref, reruns: 1, outDir: join(dir, `${ref.replace(/\W+/g, '-')}-${seed}-${workers}`) });

/**
 * `prunecheck conformance --only <only> --workers <workers> [--runs <runs>]`: each row's verdict, cells, runs and
 * findings; without `runs`, each engine's default. stale-replica alternates builds with every session its process
 * creates, whichever check created the earlier ones: its verdict (diverged) holds, but which run shows it first
 * depends on the process.
 */
export async function conformanceOnWorkers(dir: string, only: string, workers: number, runs?: number) {
  const out = join(dir, `conformance-${workers}`);
  const { code } = await runCli(['conformance', '--only', only, '--workers', String(workers), '--out-dir', out, ...(runs === undefined ? [] : ['--runs', String(runs)])]);
  expect(code).toBe(0);
  type Row = { runtime: string; verdict: string; asExpected: boolean; cells: unknown; runs: number; violations: { invariant: string; step: number; because: string[] }[] };
  const { rows } = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as { rows: Row[] };
  return rows.map((r) => ({ runtime: r.runtime, verdict: r.verdict, asExpected: r.asExpected, cells: r.cells, ...(r.runtime === 'stale-replica' ? {} : { runs: r.runs, findings: r.violations.map((v) => [v.invariant, v.step, v.because]) }) }));
}
