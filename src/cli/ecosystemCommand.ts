import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { POLICY_ADAPTERS, type PolicyAdapterEntry } from '../subjects/policy/index.ts';
import { AdapterBenchError } from '../run/bench/AdapterBenchError.ts';
import { benchEcosystem, ECOSYSTEM_BENCH_SIZES, type EcosystemBench } from '../run/bench/benchEcosystem.ts';
import { benchProgressLine } from '../report/bench/benchProgressLine.ts';
import { renderEcosystemBenchChart } from '../report/policy/ecosystemBench.ts';
import { POLICY_INVARIANT_IDS } from '../check/policy/invariants.ts';
import { applyExpectations } from '../run/expectations/applyExpectations.ts';
import { designExpectations, ECOSYSTEM_EXPECTATIONS_FILE } from '../run/expectations/designExpectations.ts';
import type { ExpectationsFile } from '../run/expectations/Expectations.ts';
import { ExpectationsError } from '../run/expectations/ExpectationsError.ts';
import { readExpectations } from '../run/expectations/readExpectations.ts';
import { writeExpectations } from '../run/expectations/updateExpectations.ts';
import { renderEcosystemJson, renderEcosystemMarkdown, type EcosystemReport } from '../report/policy/ecosystemReport.ts';
import { checkPolicyAdapter, type PolicyCheckReport } from '../run/policy/checkPolicyAdapter.ts';
import { ensureDirectory, preflightDirectory, writeFileAtomic } from '../util/writeFileAtomic.ts';
import { safeName } from '../run/writeCounterexample.ts';
import type { Command } from './Command.ts';
import { integerFlag, parseOptions } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

/** The seed the committed report uses, so `npm run ecosystem` regenerates the same findings. */
export const ECOSYSTEM_SEED = 20261130;
export const ECOSYSTEM_RUNS = 100;

const USAGE = `Usage: prunecheck ecosystem [--runs N] [--seed S] [--only <name>] [--out-dir DIR] [--expectations FILE] [--update-expectations]
                           [--bench-sizes N,…] [--skip-bench | --bench-only]

Checks every npm pruner prunecheck ships a policy-mode adapter for (${POLICY_ADAPTERS.filter((e) => e.ecosystem).map((e) => e.name).join(', ')})
and writes DIR/ecosystem.md and DIR/ecosystem.json (package@version × invariant), with each finding's shrunk
counterexample under DIR/counterexamples/ and the command that replays it. Then benchmarks every one of them
(prunecheck bench's engine, policy mode) on the same seeded conversations, beside archiving-window and the floor,
and adds the cost per compaction, per decision and per turn of an episode, each path's growth, and a chart
(DIR/ecosystem-bench.svg) to the report.

Options:
  --runs <N>      generated conversations per pruner (default ${ECOSYSTEM_RUNS})
  --seed <S>      fast-check seed (default ${ECOSYSTEM_SEED}, the committed report's)
  --only <name>   check one pruner (the report then lists only it)
  --out-dir <DIR> where to write (default reports)
  --expectations <FILE>  the libraries' known findings, their deliberate design choices (default
                  ${ECOSYSTEM_EXPECTATIONS_FILE} when it exists): a listed finding reads FAIL (design); one
                  no longer found, an unexpected pass; any other finding stays new
  --update-expectations  list this run's design-choice findings (an adapter's "Deliberate design" note) in FILE
  --bench-sizes <N,…>    message counts the benchmark uses (default ${ECOSYSTEM_BENCH_SIZES.join(',')})
  --skip-bench    check only; the report then has no benchmark section
  --bench-only    benchmark only: the check results are read back from DIR/ecosystem.json (an earlier run's)

Exit codes: 0 the report was written (findings are the report's content, not a failure); 2 usage errors.`;

export const ecosystemCommand: Command = {
  name: 'ecosystem',
  summary: 'check the npm context pruners (langchain, deepagents, ai…) and write reports/ecosystem.md',
  usage: USAGE,
  async run(argv) {
    const { values } = parseOptions('ecosystem', argv, {
      runs: { type: 'string' },
      seed: { type: 'string' },
      only: { type: 'string' },
      'out-dir': { type: 'string' },
      expectations: { type: 'string' },
      'update-expectations': { type: 'boolean' },
      'bench-sizes': { type: 'string' },
      'skip-bench': { type: 'boolean' },
      'bench-only': { type: 'boolean' },
    });
    if (values['skip-bench'] === true && values['bench-only'] === true) throw new UsageError('BAD_OPTION_VALUE', 'ecosystem: --skip-bench and --bench-only exclude each other; give one');
    const benchSizes = values['bench-sizes'] === undefined ? ECOSYSTEM_BENCH_SIZES : parseBenchSizes(values['bench-sizes']);
    const runs = integerFlag('ecosystem', 'runs', values.runs, { min: 1, max: 100_000, example: '40' }) ?? ECOSYSTEM_RUNS;
    const seed = integerFlag('ecosystem', 'seed', values.seed, { min: -0x80000000, max: 0xffffffff, example: '42' }) ?? ECOSYSTEM_SEED;
    const outDir = values['out-dir'] ?? 'reports';
    const entries = POLICY_ADAPTERS.filter((e) => e.ecosystem && (values.only === undefined || e.name === values.only));
    if (entries.length === 0) {
      throw new UsageError('UNKNOWN_ADAPTER', `ecosystem: --only ${values.only ?? ''} names no ecosystem pruner; known: ${POLICY_ADAPTERS.filter((e) => e.ecosystem).map((e) => e.name).join(', ')}`);
    }
    if (outDir === '') throw new UsageError('BAD_OPTION_VALUE', 'ecosystem: --out-dir needs a directory; e.g. --out-dir reports');
    if (values['bench-only'] === true) {
      const earlier = readEcosystemReport(join(outDir, 'ecosystem.json'));
      const bench = await runEcosystemBench(entries, { seed, sizes: benchSizes });
      return writeEcosystem({ ...earlier, bench }, outDir);
    }
    const update = values['update-expectations'] === true;
    const expectationsFile = values.expectations ?? ECOSYSTEM_EXPECTATIONS_FILE;
    const known = await knownFindings(expectationsFile, values.expectations === undefined || update);
    preflightDirectory(outDir);
    const cxDir = join(outDir, 'counterexamples');
    ensureDirectory(cxDir);
    const reports: PolicyCheckReport[] = [];
    for (const entry of entries) {
      // The report is regenerated: files an earlier run of this pruner and seed wrote would otherwise outlive a
      // finding that is gone. Only those, and each one named.
      const stale = new RegExp(`^${safeName(entry.name).replace(/[.]/g, '\\.')}-(INV-\\d+|ADAPTER-ERROR|TIMEOUT|DIFFERENTIAL)-${seed}(-\\d+)?\\.json$`);
      for (const f of readdirSync(cxDir)) {
        if (!stale.test(f)) continue;
        rmSync(join(cxDir, f));
        process.stderr.write(`ecosystem: removed ${join(cxDir, f)} (an earlier run's finding for ${entry.name}, seed ${seed}; re-checking)\n`);
      }
      const adapter = await entry.load();
      process.stderr.write(`ecosystem: ${entry.name} (${adapter.package}@${adapter.version}) …`);
      const report = await checkPolicyAdapter(adapter, { runs, seed, outDir: cxDir, adapterRef: entry.name });
      process.stderr.write(` ${report.verdict}, ${report.violations.length} finding(s), ${(report.durationMs / 1000).toFixed(1)} s\n`);
      reports.push(report);
    }
    const listed = update ? designExpectations(known, reports) : known;
    if (update && listed !== undefined) process.stderr.write(`ecosystem: wrote ${await writeExpectations(expectationsFile, listed)}: ${listed.expectations.length} design-choice findings; commit the file\n`);
    const read = listed === undefined ? reports : reports.map((r) => applyExpectations(r, listed, expectationsFile));
    const bench = values['skip-bench'] === true ? undefined : await runEcosystemBench(entries, { seed, sizes: benchSizes });
    const ecosystem: EcosystemReport = { format: 'prunecheck-ecosystem/1', node: process.versions.node, seed, runs, invariants: POLICY_INVARIANT_IDS, reports: read, ...(bench === undefined ? {} : { bench }) };
    writeEcosystem(ecosystem, outDir);
    process.stdout.write(`${reports.reduce((n, r) => n + r.violations.length, 0)} findings, counterexamples in ${cxDir}\n`);
    for (const r of read) {
      const outcome = (r as { readonly expectations?: { readonly summary: string } }).expectations;
      if (outcome !== undefined) process.stdout.write(`  ${r.adapter}: ${outcome.summary}\n`);
    }
    return 0;
  },
};

/** The known findings, read before anything runs: a malformed file is a usage error naming it and the field. */
async function knownFindings(file: string, optional: boolean): Promise<ExpectationsFile | undefined> {
  if (file === '') throw new UsageError('BAD_OPTION_VALUE', `ecosystem: --expectations needs a file name; e.g. --expectations ${ECOSYSTEM_EXPECTATIONS_FILE}`);
  try {
    return await readExpectations(file, { optional });
  } catch (error: unknown) {
    if (error instanceof ExpectationsError) throw new UsageError('BAD_EXPECTATIONS', `ecosystem: ${error.message}`, { cause: error });
    throw error;
  }
}

/** `--bench-sizes 100,1000` → numbers; a word that is not a positive integer is a usage error naming it. */
function parseBenchSizes(raw: string): number[] {
  return raw.split(',').map((word) => {
    const value = Number(word.trim());
    if (word.trim() === '' || !Number.isSafeInteger(value) || value < 10) throw new UsageError('BAD_OPTION_VALUE', `ecosystem: --bench-sizes takes integers of at least 10 separated by commas, got '${word}'; e.g. --bench-sizes ${ECOSYSTEM_BENCH_SIZES.join(',')}`);
    return value;
  });
}

/** Benchmarks the pruners of `entries`, one progress line per path on stderr. */
async function runEcosystemBench(entries: readonly PolicyAdapterEntry[], options: { seed: number; sizes: readonly number[] }): Promise<EcosystemBench> {
  const adapters = await Promise.all(entries.map((e) => e.load()));
  process.stderr.write(`ecosystem: benchmarking ${adapters.map((a) => a.name).join(', ')} at ${options.sizes.join(', ')} messages\n`);
  try {
    return await benchEcosystem(adapters, { ...options, onProgress: (p) => process.stderr.write(`ecosystem: ${benchProgressLine(p)}\n`) });
  } catch (error: unknown) {
    if (error instanceof AdapterBenchError && error.code === 'BAD_SIZES') throw new UsageError('BAD_OPTION_VALUE', `ecosystem: --bench-sizes: ${error.message}`, { cause: error });
    throw error;
  }
}

/** Writes DIR/ecosystem.json, DIR/ecosystem.md and, with a benchmark, DIR/ecosystem-bench.svg. */
function writeEcosystem(ecosystem: EcosystemReport, outDir: string): number {
  const written = [writeFileAtomic(join(outDir, 'ecosystem.json'), renderEcosystemJson(ecosystem)), writeFileAtomic(join(outDir, 'ecosystem.md'), renderEcosystemMarkdown(ecosystem, 'ecosystem-bench.svg'))];
  if (ecosystem.bench !== undefined) written.push(writeFileAtomic(join(outDir, 'ecosystem-bench.svg'), renderEcosystemBenchChart(ecosystem.bench)));
  process.stdout.write(`wrote ${written.join(', ')}\n`);
  return 0;
}

/** An earlier run's report, for --bench-only: a file that is missing or not one is a usage error naming it. */
function readEcosystemReport(path: string): EcosystemReport {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error: unknown) {
    throw new UsageError('BAD_OPTION_VALUE', `ecosystem: --bench-only reads the check results from ${path}, which could not be read as JSON (${error instanceof Error ? error.message : String(error)}); run 'npm run ecosystem' once without --bench-only`, { cause: error });
  }
  if ((value as { format?: unknown } | null)?.format !== 'prunecheck-ecosystem/1' || !Array.isArray((value as { reports?: unknown }).reports)) {
    throw new UsageError('BAD_OPTION_VALUE', `ecosystem: ${path} is not an ecosystem report (format "prunecheck-ecosystem/1" with reports); run 'npm run ecosystem' once without --bench-only`);
  }
  return value as EcosystemReport;
}
