import { join } from 'node:path';
import type { Adapter } from '../adapters/Adapter.ts';
import { BUILTIN_ADAPTERS } from '../adapters/builtins.ts';
import { ZOO_EXPECTATIONS } from '../adapters/zoo/index.ts';
import { buildConformanceMatrix, meetsExpectation, renderConformanceJson, renderConformanceMarkdown } from '../report/conformanceMatrix.ts';
import type { Expectation, MatrixEntry } from '../report/conformanceMatrix.ts';
import { createProgressPrinter } from '../report/progressPrinter.ts';
import { REPORTS_DIR, writeReport } from '../report/writeReport.ts';
import { checkAdapter } from '../run/checkAdapter.ts';
import type { CheckDependencies } from './checkCommand.ts';
import { SEED_BOUNDS } from './checkCommand.ts';
import type { Command } from './Command.ts';
import { integerFlag, parseOptions, positiveNumberFlag } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

/** The main job's seed when none is given: fixed, so `npm start` gives the same matrix on every machine. */
export const DEFAULT_CONFORMANCE_SEED = 1;

const USAGE = `Usage: prunecheck conformance [--runs N] [--seed S] [--time-limit SEC] [--only a,b,...] [--out-dir DIR]

Runs the suite against the reference runtime and every built-in broken runtime (prunecheck list), and writes
DIR/conformance.md and DIR/conformance.json: a matrix of runtime × invariant with verdicts and the command that
replays each finding. Counterexamples go to DIR/counterexamples/. DIR defaults to reports.

The reference must be conformant; each zoo member must be caught on the invariant it was built to break; the
baselines (naive, conservative) must fail somewhere. --seed defaults to ${DEFAULT_CONFORMANCE_SEED}, so the
matrix is reproducible; --runs (default 200) and --time-limit apply to each runtime.

Exit codes: 0 every runtime behaved as expected, 1 otherwise, 2 usage errors.`;

/** What the suite expects of a built-in: conformance, its zoo invariant, or (baselines) some failure. */
export function expectationFor(adapter: Adapter): Expectation {
  if (adapter.name === 'reference') return 'conformant';
  return ZOO_EXPECTATIONS[adapter.name] ?? 'violation';
}

export function createConformanceCommand(deps: CheckDependencies = { checkAdapter }): Command {
  return {
    name: 'conformance',
    summary: 'the main job: check the reference and every built-in broken runtime; write the conformance matrix',
    usage: USAGE,
    async run(argv) {
      const { values } = parseOptions('conformance', argv, {
        runs: { type: 'string' },
        seed: { type: 'string' },
        'time-limit': { type: 'string' },
        only: { type: 'string' },
        'out-dir': { type: 'string' },
      });
      const runs = integerFlag('conformance', 'runs', values.runs, { min: 1, max: 10_000_000, example: '200' });
      const seed = integerFlag('conformance', 'seed', values.seed, SEED_BOUNDS) ?? DEFAULT_CONFORMANCE_SEED;
      const timeLimitSeconds = positiveNumberFlag('conformance', 'time-limit', values['time-limit'], '30');
      const outDir = values['out-dir'] ?? REPORTS_DIR;
      const adapters = selectAdapters(values.only);

      process.stdout.write(`prunecheck conformance: ${adapters.length} runtimes, seed ${seed}${runs === undefined ? '' : `, ${runs} runs each`}\n`);
      const entries: MatrixEntry[] = [];
      for (const [i, adapter] of adapters.entries()) {
        const expected = expectationFor(adapter);
        const progress = createProgressPrinter({ stream: process.stderr });
        let report;
        try {
          report = await deps.checkAdapter(adapter, {
            seed,
            adapterRef: adapter.name,
            outDir: join(outDir, 'counterexamples'),
            onProgress: progress.update,
            ...(runs === undefined ? {} : { runs }),
            ...(timeLimitSeconds === undefined ? {} : { timeLimitSeconds }),
          });
        } finally {
          progress.done();
        }
        entries.push({ report, expected, description: adapter.description ?? '' });
        const ok = meetsExpectation(report, expected);
        const found = report.violations.map((v) => `${v.invariant} at step ${v.step}`).join(', ');
        const position = `[${String(i + 1).padStart(String(adapters.length).length)}/${adapters.length}]`;
        process.stdout.write(`${position} ${adapter.name.padEnd(40)} ${report.verdict}${found === '' ? '' : ` (${found})`} — expected ${expected}: ${ok ? 'ok' : 'UNEXPECTED'} (${(report.durationMs / 1000).toFixed(1)} s)\n`);
      }

      const matrix = buildConformanceMatrix(entries, { seed, runs: entries[0]?.report.runs ?? 0 });
      const md = await writeReport(join(outDir, 'conformance.md'), renderConformanceMarkdown(matrix));
      const json = await writeReport(join(outDir, 'conformance.json'), renderConformanceJson(matrix));
      const { summary } = matrix;
      process.stdout.write(`\n${summary.asExpected}/${summary.runtimes} runtimes behaved as expected${summary.unexpected.length === 0 ? '' : `; unexpected: ${summary.unexpected.join(', ')}`}\n`);
      process.stdout.write(`wrote ${md}\nwrote ${json}\n`);
      return summary.unexpected.length === 0 ? 0 : 1;
    },
  };
}

function selectAdapters(only: string | undefined): readonly Adapter[] {
  if (only === undefined) return BUILTIN_ADAPTERS;
  const names = only.split(',').map((n) => n.trim()).filter((n) => n !== '');
  const unknown = names.filter((n) => !BUILTIN_ADAPTERS.some((a) => a.name === n));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError('BAD_OPTION_VALUE', `conformance: --only names built-in adapters separated by commas; unknown: ${unknown.join(', ') || '(none given)'}; built-ins: ${BUILTIN_ADAPTERS.map((a) => a.name).join(', ')}`);
  }
  return BUILTIN_ADAPTERS.filter((a) => names.includes(a.name));
}

export const conformanceCommand = createConformanceCommand();
