import { join } from 'node:path';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { AdapterBenchError } from '../run/bench/AdapterBenchError.ts';
import { benchAdapter, DEFAULT_BENCH_SEED } from '../run/bench/benchAdapter.ts';
import { DEFAULT_SIZES } from '../run/bench/runBench.ts';
import { safeName } from '../run/writeCounterexample.ts';
import { renderAdapterBenchChart } from '../report/bench/adapterBenchChart.ts';
import { renderAdapterBenchMarkdown } from '../report/bench/adapterBenchMarkdown.ts';
import { renderAdapterBenchPretty } from '../report/bench/adapterBenchPretty.ts';
import { benchProgressLine } from '../report/bench/benchProgressLine.ts';
import { jsonText, REPORTS_DIR, writeReport } from '../util/writeReport.ts';
import type { Command } from './Command.ts';
import { integerFlag, parseOptions } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

const USAGE = `Usage: prunecheck bench --adapter <ref> [--sizes N,N,…] [--seed S] [--out PATH] [--paths id,…] [--time MS] [--iterations N]

Benchmarks a pruner: what one call costs at each history size, how that grows, and the heap it keeps per item,
beside the reference of its mode and the floor (sha256 of one item, a copy of the list) measured in the same run
on the same seeded content, so every figure is also a ratio.

  runtime mode (a built-in, a module, or cmd:<command line>): prune (reversible, lossy, refused), summarize,
    lookup (resident, pruned), claim, re-frame, on a window of N resident spans; reference: the reference model
  policy mode (a message-list pruner): a step that prunes, one that only decides, a whole episode per turn, on a
    conversation of N messages; reference: archiving-window

Options:
  --adapter <ref>    a built-in name (prunecheck list), a path to an adapter module, or cmd:<command line>
  --sizes <N,…>      history sizes (default ${DEFAULT_SIZES.join(',')}); at least two, for a growth
  --seed <S>         seed of the histories and targets (default ${DEFAULT_BENCH_SEED}); the same seed, the same workload
  --out <PATH>       write PATH.json, PATH.md and PATH.svg (default ${REPORTS_DIR}/bench-<adapter>)
  --paths <id,…>     measure only these paths (ids as the report names them)
  --time <MS>        timed milliseconds per path and size, past the minimum iterations (default 250)
  --iterations <N>   iterations per path and size, each on fresh state (default 5)

Growth: the exponent fitted to cost per call against size on a log–log scale: flat (< 0.5), linear (< 1.5),
superlinear. A path linear per call where the reference is flat is called out.

Exit codes: 0 the report was written; 1 the pruner could not be given a history (its message says where);
2 usage errors.`;

/** `--sizes 1000,1e4,100000` → numbers; a word that is not a positive integer is a usage error naming it. */
function parseSizes(raw: string): number[] {
  return raw.split(',').map((word) => {
    const value = Number(word.trim());
    if (word.trim() === '' || !Number.isSafeInteger(value) || value <= 0) throw new UsageError('BAD_OPTION_VALUE', `bench: --sizes takes positive integers separated by commas, got '${word}'; e.g. --sizes 1000,10000,100000`);
    return value;
  });
}

export const benchCommand: Command = {
  name: 'bench',
  summary: "benchmark any pruner's cost per call and its growth, beside the reference and the floor",
  usage: USAGE,
  async run(argv) {
    const { values } = parseOptions('bench', argv, {
      adapter: { type: 'string' },
      sizes: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      paths: { type: 'string' },
      time: { type: 'string' },
      iterations: { type: 'string' },
    });
    if (values.adapter === undefined || values.adapter === '') throw new UsageError('MISSING_OPTION', "bench: --adapter is required; e.g. prunecheck bench --adapter reference (see 'prunecheck bench --help')");
    if (values.out === '') throw new UsageError('BAD_OPTION_VALUE', 'bench: --out needs a path; e.g. --out reports/my-pruner');
    const seed = integerFlag('bench', 'seed', values.seed, { min: 0, max: 0xffffffff, example: '42' });
    const timeMs = integerFlag('bench', 'time', values.time, { min: 1, max: 600_000, example: '250' });
    const minIterations = integerFlag('bench', 'iterations', values.iterations, { min: 1, max: 10_000, example: '5' });
    const stderr = process.stderr;
    const tty = stderr.isTTY === true;
    let report;
    try {
      report = await benchAdapter(values.adapter, {
        ...(values.sizes === undefined ? {} : { sizes: parseSizes(values.sizes) }),
        ...(seed === undefined ? {} : { seed }),
        ...(timeMs === undefined ? {} : { timeMs }),
        ...(minIterations === undefined ? {} : { minIterations }),
        ...(values.paths === undefined ? {} : { paths: values.paths.split(',').map((p) => p.trim()) }),
        onProgress: (p) => stderr.write(tty ? `\r\u001b[K${benchProgressLine(p)}` : `${benchProgressLine(p)}\n`),
      });
    } catch (error: unknown) {
      if (error instanceof AdapterLoadError) throw new UsageError('BAD_ADAPTER', `bench: --adapter: ${error.message}`, { cause: error });
      if (error instanceof AdapterBenchError && error.code !== 'BUILD_FAILED') throw new UsageError('BAD_OPTION_VALUE', `bench: ${error.message}`, { cause: error });
      if (error instanceof AdapterBenchError) {
        stderr.write(`${tty ? '\r\u001b[K' : ''}bench: ${error.message}${error.cause === undefined ? '' : ` (${error.cause instanceof Error ? error.cause.message : String(error.cause)})`}\n`);
        return 1;
      }
      throw error;
    } finally {
      if (tty) stderr.write('\r\u001b[K');
    }
    const base = (values.out ?? join(REPORTS_DIR, `bench-${safeName(report.name)}`)).replace(/\.(json|md|svg)$/, '');
    const chart = `${base}.svg`;
    const written = [await writeReport(`${base}.json`, jsonText(report)), await writeReport(`${base}.md`, renderAdapterBenchMarkdown(report, chart.split(/[\\/]/).pop() ?? chart)), await writeReport(chart, renderAdapterBenchChart(report))];
    process.stdout.write(`${renderAdapterBenchPretty(report)}\nwrote ${written.join(', ')}\n`);
    return 0;
  },
};
