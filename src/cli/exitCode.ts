import type { Verdict } from '../run/CheckReport.ts';

/**
 * The exit code for a verdict: 0 conformant; 1 anything else the system under test did (a violation, a
 * divergence on replay, an adapter error or an operation that never answered). 2 is for usage and
 * adapter-load errors, decided before anything runs; 3 for prunecheck's own internal errors.
 */
export function exitCodeFor(verdict: Verdict): 0 | 1 {
  return verdict === 'conformant' ? 0 : 1;
}
