import { basename, extname } from 'node:path';
import type { SubjectLoadFailure } from '../adapters/supervise/SubjectLoadFailure.ts';
import { INVARIANT_IDS } from '../model/invariants.ts';
import { SPEC_VERSION } from '../model/specVersion.ts';
import type { CheckReport } from './CheckReport.ts';
import { PRUNECHECK_VERSION } from './version.ts';

/**
 * The report of a check whose adapter module never finished loading in its supervised process: verdict `error`
 * (it exited or crashed while loading) or `unknown` (the load hung, or its top-level await can never settle),
 * every invariant inconclusive, and the reason. The adapter never said its name: the module's file name stands in.
 */
export function loadFailureReport(failure: SubjectLoadFailure, seed: number | undefined): CheckReport {
  const reason = `the adapter module did not load, so nothing was checked: ${failure.message}`;
  return {
    adapter: basename(failure.ref, extname(failure.ref)),
    adapterVersion: 'unknown',
    prunecheckVersion: PRUNECHECK_VERSION,
    specVersion: SPEC_VERSION,
    verdict: failure.verdict,
    seed: seed ?? 0,
    runs: 0,
    opsChecked: 0,
    opsPerSecond: 0,
    durationMs: 0,
    invariants: INVARIANT_IDS.map((invariant) => ({ invariant, status: 'inconclusive', reason: 'the adapter module did not load' })),
    violations: [],
    situations: {},
    error: reason,
  };
}
