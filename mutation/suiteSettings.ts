import { MutationError } from './MutationError.ts';

/** How hard the conformance check pushes each mutant: the fast-check seeds, one test each, and runs per seed. */
export interface SuiteSettings {
  readonly seeds: readonly number[];
  readonly runs: number;
}

/**
 * Four seeds at the check's default 300 runs: the zoo is caught at one seed with these settings, and a survivor
 * costs four checks of the unmutated reference (about 2 s on an idle core).
 */
export const DEFAULT_SUITE: SuiteSettings = { seeds: [1, 2, 3, 4], runs: 300 };

/** The environment variables that carry the settings from the runner into Stryker's test processes. */
export const SUITE_ENV = { seeds: 'PRUNECHECK_MUTATION_SEEDS', runs: 'PRUNECHECK_MUTATION_RUNS' } as const;

export function suiteEnv(settings: SuiteSettings): Record<string, string> {
  return { [SUITE_ENV.seeds]: settings.seeds.join(','), [SUITE_ENV.runs]: String(settings.runs) };
}

export function suiteSettingsFrom(env: Readonly<Record<string, string | undefined>>): SuiteSettings {
  const seeds = env[SUITE_ENV.seeds];
  const runs = env[SUITE_ENV.runs];
  return {
    seeds: seeds === undefined ? DEFAULT_SUITE.seeds : seeds.split(',').map((s) => integer(SUITE_ENV.seeds, s, 0)),
    runs: runs === undefined ? DEFAULT_SUITE.runs : integer(SUITE_ENV.runs, runs, 1),
  };
}

function integer(name: string, text: string, min: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < min) throw new MutationError('BAD_ARGUMENT', `${name}: '${text}' is not an integer ≥ ${min}`);
  return value;
}
