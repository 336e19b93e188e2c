import { join } from 'node:path';
import type { Adapter } from '../adapters/Adapter.ts';
import { BUILTIN_ADAPTERS } from '../subjects/builtins.ts';
import { BROKEN_POLICY_PRUNERS } from '../subjects/policy/broken/index.ts';
import { POLICY_ADAPTERS } from '../subjects/policy/index.ts';
import type { PolicyAdapterEntry } from '../subjects/policy/index.ts';
import { VARIANT_CHOICES } from '../subjects/variants/index.ts';
import { NONDETERMINISTIC_ZOO, ZOO_EXPECTATIONS } from '../subjects/zoo/index.ts';
import { buildConformanceMatrix, meetsExpectation, renderConformanceJson, renderConformanceMarkdown } from '../report/conformanceMatrix.ts';
import type { Expectation, MatrixEntry } from '../report/conformanceMatrix.ts';
import { createProgressPrinter } from '../report/progressPrinter.ts';
import { preflightDirectory } from '../util/writeFileAtomic.ts';
import { describeInterruption, onInterrupt } from '../run/interruption.ts';
import { REPORTS_DIR, writeReport } from '../util/writeReport.ts';
import { checkRuns } from '../run/parallel/checkRuns.ts';
import { checkPolicyAdapter } from '../run/policy/checkPolicyAdapter.ts';
import type { CheckReport } from '../run/CheckReport.ts';
import type { CheckOptions } from '../run/CheckOptions.ts';
import type { CheckDependencies } from './checkCommand.ts';
import { SEED_BOUNDS } from './checkCommand.ts';
import type { Command } from './Command.ts';
import { integerFlag, parseOptions, positiveNumberFlag } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

/** The main job's seed when none is given: fixed, so `npm start` gives the same matrix on every machine. */
export const DEFAULT_CONFORMANCE_SEED = 1;

const USAGE = `Usage: prunecheck conformance [--runs N] [--seed S] [--time-limit SEC] [--only a,b,...] [--out-dir DIR] [--workers N]

Runs the suite against the reference runtime, its legal variants (runtimes making the choices spec/SPEC.md §7
leaves open otherwise) and every built-in broken runtime, then prunecheck's own
policy-mode pruners (archiving-window, the legal-* ones and the broken-* ones; the npm libraries are 'npm run ecosystem').
Writes DIR/conformance.md and DIR/conformance.json: a matrix of runtime × invariant with verdicts and the
command that replays each finding. Counterexamples go to DIR/counterexamples/. DIR defaults to reports.

The reference, the legal variants, archiving-window and the legal-* pruners must be conformant; each broken runtime or pruner must be caught on the
invariant it was built to break (a nondeterministic one: diverged); the baselines (naive, conservative) must fail somewhere. --seed defaults to
${DEFAULT_CONFORMANCE_SEED}, so the matrix is reproducible; --runs (default: each engine's own) and --time-limit
apply to each runtime. --workers N runs each runtime-mode check on N worker threads (default 1: the runtimes are
many and short, so threads would cost more to start than they save); the matrix is the same for any N.

Exit codes: 0 every runtime behaved as expected, 1 otherwise, 2 usage errors.`;

/** What the suite expects of a built-in: conformance (the reference, a legal variant), its zoo invariant, or (baselines) some failure. */
export function expectationFor(adapter: Adapter): Expectation {
  if (adapter.name === 'reference' || VARIANT_CHOICES[adapter.name] !== undefined) return 'conformant';
  if (NONDETERMINISTIC_ZOO.some(([a]) => a.name === adapter.name)) return 'diverged';
  return ZOO_EXPECTATIONS[adapter.name] ?? 'violation';
}

/** A policy-mode pruner of prunecheck's own: a broken one must be caught on (the first of) its invariants. */
export function policyExpectationFor(name: string): Expectation {
  return BROKEN_POLICY_PRUNERS.find((b) => b.adapter.name === name)?.caughtBy ?? 'conformant';
}

/** One row of the suite: how to check it, and what it is expected to do. */
interface Target {
  readonly name: string;
  readonly expected: Expectation;
  check(options: { seed: number; outDir: string; runs?: number; timeLimitSeconds?: number; workers?: number; onProgress: CheckOptions['onProgress'] }): Promise<{ report: CheckReport; description: string }>;
}

/** prunecheck's own policy-mode pruners; the npm libraries are benchmarked by `npm run ecosystem`. */
const OWN_POLICY_ADAPTERS: readonly PolicyAdapterEntry[] = POLICY_ADAPTERS.filter((entry) => !entry.ecosystem);

export function createConformanceCommand(deps: CheckDependencies = { checkAdapter: checkRuns, checkPolicyAdapter }): Command {
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
        workers: { type: 'string' },
      });
      const workers = integerFlag('conformance', 'workers', values.workers, { min: 1, max: 1_024, example: '2' });
      const runs = integerFlag('conformance', 'runs', values.runs, { min: 1, max: 10_000_000, example: '200' });
      const seed = integerFlag('conformance', 'seed', values.seed, SEED_BOUNDS) ?? DEFAULT_CONFORMANCE_SEED;
      const timeLimitSeconds = positiveNumberFlag('conformance', 'time-limit', values['time-limit'], '30');
      const outDir = values['out-dir'] ?? REPORTS_DIR;
      if (outDir === '') throw new UsageError('BAD_OPTION_VALUE', 'conformance: --out-dir needs a directory; e.g. --out-dir reports');
      const targets = selectTargets(values.only, deps);
      // Before the runs, not after them: a directory that cannot be written is an input error (exit 2).
      preflightDirectory(outDir);

      process.stdout.write(`prunecheck conformance: ${targets.length} runtimes, seed ${seed}${runs === undefined ? '' : `, ${runs} runs each`}\n`);
      const entries: MatrixEntry[] = [];
      // Interrupted: each runtime's line and counterexamples are out already; an incomplete matrix is not written
      // over a complete one (reports/conformance.md is committed).
      const release = onInterrupt((why) => {
        process.stdout.write(`\n${describeInterruption(why)} after ${entries.length} of ${targets.length} runtimes; ${join(outDir, 'conformance.md')} and .json were left as they were (the matrix would be incomplete)\n`);
        return undefined;
      });
      for (const [i, target] of targets.entries()) {
        const progress = createProgressPrinter({ stream: process.stderr });
        let checked;
        try {
          checked = await target.check({
            seed,
            outDir: join(outDir, 'counterexamples'),
            onProgress: progress.update,
            ...(runs === undefined ? {} : { runs }),
            ...(timeLimitSeconds === undefined ? {} : { timeLimitSeconds }),
            ...(workers === undefined ? {} : { workers }),
          });
        } finally {
          progress.done();
        }
        const { report } = checked;
        entries.push({ report, expected: target.expected, description: checked.description });
        const ok = meetsExpectation(report, target.expected);
        const found = report.violations.map((v) => `${v.invariant} at step ${v.step}`).join(', ');
        const position = `[${String(i + 1).padStart(String(targets.length).length)}/${targets.length}]`;
        process.stdout.write(`${position} ${target.name.padEnd(40)} ${report.verdict}${found === '' ? '' : ` (${found})`} — expected ${target.expected}: ${ok ? 'ok' : 'UNEXPECTED'} (${(report.durationMs / 1000).toFixed(1)} s)\n`);
      }
      release();
      const matrix = buildConformanceMatrix(entries, { seed, runs });
      const md = await writeReport(join(outDir, 'conformance.md'), renderConformanceMarkdown(matrix));
      const json = await writeReport(join(outDir, 'conformance.json'), renderConformanceJson(matrix));
      const { summary } = matrix;
      process.stdout.write(`\n${summary.asExpected}/${summary.runtimes} runtimes behaved as expected${summary.unexpected.length === 0 ? '' : `; unexpected: ${summary.unexpected.join(', ')}`}\n`);
      process.stdout.write(`wrote ${md}\nwrote ${json}\n`);
      return summary.unexpected.length === 0 ? 0 : 1;
    },
  };
}

function selectTargets(only: string | undefined, deps: CheckDependencies): Target[] {
  const runtime = BUILTIN_ADAPTERS.map(
    (adapter): Target => ({
      name: adapter.name,
      expected: expectationFor(adapter),
      async check({ seed, outDir, runs, timeLimitSeconds, workers, onProgress }) {
        const options: CheckOptions = { seed, outDir, adapterRef: adapter.name, ...(onProgress === undefined ? {} : { onProgress }), ...(runs === undefined ? {} : { runs }), ...(timeLimitSeconds === undefined ? {} : { timeLimitSeconds }), ...(workers === undefined ? {} : { workers }) };
        return { report: await deps.checkAdapter(adapter, options), description: adapter.description ?? '' };
      },
    }),
  );
  const policy = OWN_POLICY_ADAPTERS.map(
    (entry): Target => ({
      name: entry.name,
      expected: policyExpectationFor(entry.name),
      async check({ seed, outDir, runs }) {
        const adapter = await entry.load();
        const check = deps.checkPolicyAdapter ?? checkPolicyAdapter;
        return { report: await check(adapter, { seed, outDir, adapterRef: entry.name, ...(runs === undefined ? {} : { runs }) }), description: `policy mode: ${adapter.description}` };
      },
    }),
  );
  const all = [...runtime, ...policy];
  if (only === undefined) return all;
  const names = only.split(',').map((n) => n.trim()).filter((n) => n !== '');
  const unknown = names.filter((n) => !all.some((t) => t.name === n));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError('BAD_OPTION_VALUE', `conformance: --only names built-in adapters separated by commas; unknown: ${unknown.join(', ') || '(none given)'}; built-ins: ${all.map((t) => t.name).join(', ')}`);
  }
  return all.filter((t) => names.includes(t.name));
}

export const conformanceCommand = createConformanceCommand();
