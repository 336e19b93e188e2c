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
    expect(parseMutationArgs([])).toEqual({ sample: undefined, focus: undefined, concurrency: 2, suite: DEFAULT_SUITE, out: 'reports/mutation', renderFrom: undefined, merge: undefined, help: false });
  });

  it('--sample draws a seeded sample into reports/mutation-sample', () => {
    expect(parseMutationArgs(['--sample', '60'])).toMatchObject({ sample: { size: 60, seed: SAMPLE_DEFAULTS.seed }, out: 'reports/mutation-sample' });
    expect(parseMutationArgs(['--sample', '40', '--sample-seed', '9', '--out', '/tmp/m'])).toMatchObject({ sample: { size: 40, seed: 9 }, out: '/tmp/m' });
  });

  it('--gaps and --mutate focus a run into reports/mutation-focused; --merge goes with --render-from', () => {
    expect(parseMutationArgs(['--gaps'])).toMatchObject({ focus: { kind: 'gaps' }, out: 'reports/mutation-focused' });
    expect(parseMutationArgs(['--mutate', 'runAppend.ts:17', '--mutate', 'Window.ts:3'])).toMatchObject({ focus: { kind: 'lines', lines: [{ file: 'runAppend.ts', line: 17 }, { file: 'Window.ts', line: 3 }] } });
    expect(parseMutationArgs(['--render-from', 'a', '--merge', 'b'])).toMatchObject({ renderFrom: 'a', merge: 'b', out: 'reports/mutation' });
    expect(refused(['--mutate', 'src/model/runAppend.ts'])).toMatch(/expected <file>\.ts:<line>/);
    expect(refused(['--gaps', '--sample', '5'])).toMatch(/both choose the mutants/);
    expect(refused(['--gaps', '--mutate', 'a.ts:1'])).toMatch(/both choose the mutants/);
    expect(refused(['--merge', 'b'])).toMatch(/--merge needs --render-from/);
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
