import { describe, expect, it } from 'vitest';
import { BenchError } from '../../bench/BenchError.ts';
import { DEFAULT_SEED, parseBenchArgs } from '../../bench/parseBenchArgs.ts';

function badArgument(argv: string[]): BenchError {
  try {
    parseBenchArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).code).toBe('BAD_ARGUMENT');
    return error as BenchError;
  }
  throw new Error(`expected ${argv.join(' ')} to be refused`);
}

describe('parseBenchArgs', () => {
  it('defaults to the full run: 10^3 to 10^6, three rounds, reports/bench', () => {
    const options = parseBenchArgs([]);
    expect(options).toMatchObject({ mode: 'full', sizes: [1_000, 10_000, 100_000, 1_000_000], seed: DEFAULT_SEED, out: 'reports/bench', rounds: 3, naiveMaxSize: 100_000, help: false });
  });

  it('--quick shrinks sizes, budgets and rounds and writes beside, not over, the full report', () => {
    const options = parseBenchArgs(['--quick']);
    expect(options).toMatchObject({ mode: 'quick', sizes: [1_000, 10_000], out: 'reports/bench-quick', rounds: 1, timeMs: 25, minBatches: 5, naiveMaxSize: 10_000 });
  });

  it('parses explicit options, sorting sizes and accepting digit separators', () => {
    const options = parseBenchArgs(['--sizes', '10_000,1000', '--seed', '7', '--out', '/tmp/b', '--time', '40', '--batches', '3', '--rounds', '2', '--naive-max', '0']);
    expect(options).toMatchObject({ sizes: [1_000, 10_000], seed: 7, out: '/tmp/b', timeMs: 40, minBatches: 3, rounds: 2, naiveMaxSize: 0 });
  });

  it('answers help, and names a JSON report to re-render from', () => {
    expect(parseBenchArgs(['-h']).help).toBe(true);
    expect(parseBenchArgs([]).renderFrom).toBeUndefined();
    expect(parseBenchArgs(['--render-from', 'reports/bench.json'])).toMatchObject({ renderFrom: 'reports/bench.json', out: 'reports/bench' });
  });

  it('refuses bad values, naming the option', () => {
    expect(badArgument(['--sizes', '1000,abc']).message).toContain('--sizes');
    expect(badArgument(['--sizes', '10']).message).toContain('≥ 100');
    expect(badArgument(['--sizes', '1000,1000']).message).toContain('twice');
    expect(badArgument(['--seed', '-1']).message).toContain('--seed');
    expect(badArgument(['--rounds', '0']).message).toContain('--rounds');
    expect(badArgument(['--time', '1.5']).message).toContain('--time');
  });

  it('refuses unknown options and positionals, pointing at --help', () => {
    expect(badArgument(['--fast']).message).toContain('--help');
    expect(badArgument(['extra']).message).toContain('--help');
  });
});
