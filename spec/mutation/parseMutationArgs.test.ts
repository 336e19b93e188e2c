import { describe, expect, it } from 'vitest';
import { MutationError } from '../../mutation/MutationError.ts';
import { parseMutationArgs } from '../../mutation/parseMutationArgs.ts';
import { SAMPLE_DEFAULTS } from '../../mutation/sampleMutants.ts';
import { DEFAULT_SUITE } from '../../mutation/suiteSettings.ts';

function refused(argv: string[]): string {
  try {
    parseMutationArgs(argv);
  } catch (error: unknown) {
    expect(error).toBeInstanceOf(MutationError);
    expect((error as MutationError).code).toBe('BAD_ARGUMENT');
    return (error as Error).message;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

describe('parseMutationArgs', () => {
  it('defaults to the full run into reports/mutation', () => {
    expect(parseMutationArgs([])).toEqual({ sample: undefined, concurrency: 2, suite: DEFAULT_SUITE, out: 'reports/mutation', renderFrom: undefined, help: false });
  });

  it('--sample draws a seeded sample into reports/mutation-sample', () => {
    expect(parseMutationArgs(['--sample', '60'])).toMatchObject({ sample: { size: 60, seed: SAMPLE_DEFAULTS.seed }, out: 'reports/mutation-sample' });
    expect(parseMutationArgs(['--sample', '40', '--sample-seed', '9', '--out', '/tmp/m'])).toMatchObject({ sample: { size: 40, seed: 9 }, out: '/tmp/m' });
  });

  it('takes the suite settings and concurrency', () => {
    expect(parseMutationArgs(['--seeds', '5, 6', '--runs', '1_000', '--concurrency', '1'])).toMatchObject({ suite: { seeds: [5, 6], runs: 1000 }, concurrency: 1 });
  });

  it('refuses bad values, naming the option', () => {
    expect(refused(['--sample', '0'])).toMatch(/--sample must be an integer ≥ 1, got '0'/);
    expect(refused(['--runs', 'many'])).toMatch(/--runs must be an integer/);
    expect(refused(['--seeds', '1,1'])).toMatch(/--seeds lists a seed twice/);
    expect(refused(['--sample-seed', '3'])).toMatch(/--sample-seed needs --sample/);
    expect(refused(['--bogus'])).toMatch(/see --help/);
  });
});
