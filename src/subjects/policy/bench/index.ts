import type { PolicyAdapter } from '../../../adapters/policy/PolicyAdapter.ts';
import { flatWindowAdapter } from './flatWindow.ts';
import { recountingWindowAdapter } from './recountingWindow.ts';

/**
 * prunecheck's benchmark subjects: two pruners that do the same job at different costs, one flat per turn and one
 * that re-reads its whole history every turn, so `prunecheck bench` is shown to tell them apart. They claim no
 * invariant: they exist to be timed, not checked.
 */
export const BENCH_POLICY_PRUNERS: readonly PolicyAdapter[] = [flatWindowAdapter, recountingWindowAdapter];
