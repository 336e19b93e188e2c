import { parseArgs } from 'node:util';
import { BenchError } from './BenchError.ts';

/** Everything a benchmark run is parameterised by. */
export interface BenchOptions {
  readonly mode: 'full' | 'quick';
  /** Resident-span window sizes, ascending. */
  readonly sizes: readonly number[];
  readonly seed: number;
  /** Output path without extension: `<out>.json`, `<out>.md`, `<out>.svg`. */
  readonly out: string;
  /** tinybench time budget per task, in ms of measured time. */
  readonly timeMs: number;
  readonly minBatches: number;
  /** Interleaved rounds over each window's tasks. */
  readonly rounds: number;
  /** Largest window the naive baseline is built at (its build is quadratic). */
  readonly naiveMaxSize: number;
  /** Re-render the reports of an earlier run from its JSON instead of measuring. */
  readonly renderFrom: string | undefined;
  readonly help: boolean;
}

export const DEFAULT_SEED = 24301;

export const BENCH_USAGE = `Usage: npm run bench -- [options]

Measures the reference runtime's hot path at several window sizes, beside the naive baseline and the
sha256 / Map ceilings, and writes <out>.json, <out>.md and <out>.svg.

Options:
  --quick              sizes 10^3 and 10^4, short budgets (under a minute); writes reports/bench-quick.*
  --sizes <n,n,...>    resident-span window sizes (default 1000,10000,100000,1000000)
  --seed <n>           seed for content and target choice (default ${DEFAULT_SEED})
  --out <path>         output path without extension (default reports/bench)
  --time <ms>          measured time per task (default 250; quick 25)
  --batches <n>        minimum batches per task and round (default 20; quick 5)
  --rounds <n>         interleaved rounds over each window's tasks; a cell keeps its lowest (default 3; quick 1)
  --naive-max <n>      largest window for the naive baseline (default 100000; quick 10000)
  --render-from <json> measure nothing: re-render <out>.md and <out>.svg (and re-judge the targets) from an
                       earlier run's JSON report
  -h, --help           this text
`;

/** Parses the runner's command line; throws `BenchError` (`BAD_ARGUMENT`) naming the option and a fix. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean', default: false },
        sizes: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        time: { type: 'string' },
        batches: { type: 'string' },
        rounds: { type: 'string' },
        'naive-max': { type: 'string' },
        'render-from': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new BenchError('BAD_ARGUMENT', `${(error as Error).message}; see --help`, { cause: error });
  }
  const quick = values.quick === true;
  const sizes = values.sizes === undefined ? (quick ? [1_000, 10_000] : [1_000, 10_000, 100_000, 1_000_000]) : parseSizes(values.sizes);
  return {
    mode: quick ? 'quick' : 'full',
    sizes,
    seed: values.seed === undefined ? DEFAULT_SEED : integer('--seed', values.seed, 0),
    out: values.out ?? (quick ? 'reports/bench-quick' : 'reports/bench'),
    timeMs: values.time === undefined ? (quick ? 25 : 250) : integer('--time', values.time, 1),
    minBatches: values.batches === undefined ? (quick ? 5 : 20) : integer('--batches', values.batches, 1),
    rounds: values.rounds === undefined ? (quick ? 1 : 3) : integer('--rounds', values.rounds, 1),
    naiveMaxSize: values['naive-max'] === undefined ? (quick ? 10_000 : 100_000) : integer('--naive-max', values['naive-max'], 0),
    renderFrom: values['render-from'],
    help: values.help === true,
  };
}

function parseSizes(text: string): number[] {
  const sizes = text.split(',').map((part) => integer('--sizes', part.trim().replace(/_/g, ''), 100));
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  if (sorted.length !== sizes.length) throw new BenchError('BAD_ARGUMENT', `--sizes lists a size twice: ${text}; list each size once`);
  return sorted;
}

function integer(option: string, text: string, min: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new BenchError('BAD_ARGUMENT', `${option} must be an integer ≥ ${min}, got '${text}'`);
  }
  return value;
}
