import type { Adapter } from '../adapters/Adapter.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import type { PolicyAdapter } from '../adapters/policy/PolicyAdapter.ts';
import { renderJsonReport } from '../report/jsonReport.ts';
import { renderPrettyReport } from '../report/prettyReport.ts';
import { createProgressPrinter } from '../report/progressPrinter.ts';
import { preflightDirectory, preflightFile } from '../util/writeFileAtomic.ts';
import { writeReportSync } from '../util/writeReport.ts';
import { onInterrupt } from '../run/interruption.ts';
import { INVARIANT_IDS } from '../model/invariants.ts';
import { SPEC_VERSION } from '../model/specVersion.ts';
import { PRUNECHECK_VERSION } from '../run/version.ts';
import { DEFAULTS } from '../run/runtime/checkAdapter.ts';
import { AUTO_WORKERS_MIN_RUNS, autoWorkers, checkRuns, defaultWorkers } from '../run/parallel/checkRuns.ts';
import type { Shard } from '../run/parallel/partition.ts';
import { POLICY_DEFAULT_RUNS } from '../run/policy/policyDefaults.ts';
import type { PolicyCheckOptions } from '../run/policy/checkPolicyAdapter.ts';
import type { CheckOptions } from '../run/CheckOptions.ts';
import type { CheckReport } from '../run/CheckReport.ts';
import type { Command } from './Command.ts';
import { checkPastExpected } from '../run/expectations/checkPastExpected.ts';
import { EXPECTATIONS_FLAGS, EXPECTATIONS_USAGE, exitCodeWithExpectations, expectationsRequest, findingsToLookPast, settleExpectations } from './expectationsOptions.ts';
import { choiceFlag, integerFlag, parseOptions, positiveNumberFlag } from './parseOptions.ts';
import { resolveAdapter } from '../subjects/resolveAdapter.ts';
import type { ResolvedAdapter } from '../subjects/resolveAdapter.ts';
import { commandLine } from '../util/shellQuote.ts';
import { exitCodeFor } from './exitCode.ts';
import { SubjectLoadFailure } from '../adapters/supervise/SubjectLoadFailure.ts';
import type { LoadOptions } from '../adapters/supervise/Supervisor.ts';
import { looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import { loadFailureReport } from '../run/loadFailureReport.ts';
import { UsageError } from './UsageError.ts';
import { terminalText } from '../util/terminalText.ts';
import { formatCount } from '../util/markdownText.ts';
import { traceStartUp } from '../run/traceStartUp.ts';

export const REPORTERS = ['pretty', 'json', 'junit', 'markdown'] as const;
export type Reporter = (typeof REPORTERS)[number];

/** The widest seed range fast-check accepts without folding it. */
export const SEED_BOUNDS = { min: -0x80000000, max: 0xffffffff, example: '42' } as const;

// Built when the module loads, so its numbers go through formatCount: a first toLocaleString starts ICU (about
// 9 ms of CPU), which nothing else in a default check uses.
const USAGE = `Usage: prunecheck check --adapter <name|path|cmd:...> [options]

Drives a pruning runtime with adversarial operation sequences and checks every invariant of spec/SPEC.md
after every step. Failures are shrunk and written to reports/counterexamples/ with the command that replays them.

Options:
  --adapter <ref>          a built-in name (prunecheck list), a path to a .ts/.js module whose default export
                           is an adapter, or cmd:<command line> for an out-of-process runtime; policy-mode
                           adapters (message-list pruners from npm) are checked by the policy engine
  --runs <N>               generated episodes (default ${DEFAULTS.runs}; policy mode: conversations, default ${POLICY_DEFAULT_RUNS})
  --seed <S>               fast-check seed (default: drawn from the clock; always printed)
  --time-limit <SEC>       bound the whole check to SEC seconds (a run in progress is cut short; situations
                           not reached by then make the verdict unknown)
  --max-steps <N>          longest generated episode, in operations (default ${DEFAULTS.maxSteps}; policy mode: turns, default 12)
  --long                   long episodes: ${DEFAULTS.longSteps.min} to ${DEFAULTS.longSteps.max} operations each, for state that only breaks late
                           (bounded caches, slow leaks); --max-steps still caps them
  --op-timeout <MS>        per-call timeout for the adapter's operations (policy mode: steps); default ${DEFAULTS.opTimeoutMs}
                           (policy mode: a library measured slow in the first cases gets a budget from them; a
                           step past it ends its case as unknown (timeout), and the check goes on)
  --recheck-every <K>      recheck every id and signature an episode touched (residency, markers, tombstones,
                           ledger records) after every K steps and at the end of each run (default ${DEFAULTS.recheckEvery};
                           0: never, and state that decays after its step goes unseen)
  --reruns <N>             re-run a finding's shrunk trace on N fresh systems before reporting it; different
                           answers make the verdict diverged (nondeterminism) (default ${DEFAULTS.reruns}; 0: none)
  --reporter <name>        pretty, json, junit or markdown (default: from the --out extension .json, .xml,
                           .md; otherwise pretty)
  --out <FILE>             write the report to FILE (a summary still goes to stdout)
  --counterexamples <DIR>  where counterexamples are written (default reports/counterexamples)
  --workers <N>            worker threads running the generated runs (default: every core, ${defaultWorkers()} here, from
                           --runs ${formatCount(AUTO_WORKERS_MIN_RUNS)}; 1 below); the same seed gives the same verdict and counterexample for any N
  --shard <i/n>            run only shard i of n of the runs (CI jobs); write --out shard-i.json and join the
                           n reports with 'prunecheck merge', which gives the verdict
  --in-process             import an adapter module into prunecheck's own process instead of a supervised
                           process of its own: faster per step, but an exit, crash or hang in it can end the
                           check without a verdict; the report says so
  --load-timeout <MS>      how long an adapter module may take to load (default 30000); past it the verdict
                           is unknown
${EXPECTATIONS_USAGE}

Exit codes: 0 conformant; 1 a violation, an adapter error, a timeout, or an unknown verdict (dangerous
situations never reached: raise --runs); 2 usage, adapter-load or output-path errors; 3 an internal error;
130/143 interrupted by SIGINT/SIGTERM (what was found so far is saved and printed). With expectations, 0 means
as expected (no new finding, no unexpected pass) and 1 not.`;

/** A report as one reporter writes it; `color` and `rerun` matter to pretty only. */
export type RenderReport = (report: CheckReport, color: boolean, rerun: string) => string;

/**
 * The renderer for `reporter`, loaded before the check so that a report can still be written synchronously from
 * a signal handler. JUnit and Markdown (with the expectations and policy lines they render) load only when asked
 * for: a default check writes neither, and its start-up is mostly loading modules (issue 26).
 */
export async function loadRenderer(reporter: Reporter): Promise<RenderReport> {
  switch (reporter) {
    case 'json':
      return (report) => renderJsonReport(report);
    case 'junit': {
      const { renderJunitReport } = await import('../report/junitReport.ts');
      return (report) => renderJunitReport(report);
    }
    case 'markdown': {
      const { renderMarkdownReport } = await import('../report/markdownReport.ts');
      return (report) => renderMarkdownReport(report);
    }
    case 'pretty':
      return (report, color, rerun) => renderPrettyReport(report, { color, rerun });
  }
}

/** Without --reporter, the --out file's extension picks one (.json, .xml, .md); otherwise pretty. */
export function reporterForFile(file: string | undefined): Reporter {
  if (file === undefined) return 'pretty';
  if (/\.json$/i.test(file)) return 'json';
  if (/\.xml$/i.test(file)) return 'junit';
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  return 'pretty';
}

/** Colour only on a terminal, and never when NO_COLOR is set (no-color.org). */
export function useColor(stream: { readonly isTTY?: boolean }): boolean {
  return stream.isTTY === true && (process.env['NO_COLOR'] ?? '') === '' && process.env['TERM'] !== 'dumb';
}

/**
 * A bad adapter reference is a usage problem: print what was wrong (with the built-ins) and exit 2. A module
 * that exits, crashes or hangs while it loads (in its supervised process) answers its `SubjectLoadFailure`.
 */
export async function resolveOrExplain(ref: string, options: LoadOptions = {}): Promise<ResolvedAdapter | SubjectLoadFailure | undefined> {
  try {
    return await resolveAdapter(ref, options);
  } catch (error: unknown) {
    if (error instanceof SubjectLoadFailure) return error;
    if (!(error instanceof AdapterLoadError)) throw error;
    process.stderr.write(`prunecheck: ${terminalText(error.message, { keepNewlines: true })}\n`);
    return undefined;
  }
}

export interface CheckDependencies {
  readonly checkAdapter: (adapter: Adapter, options?: CheckOptions) => Promise<CheckReport>;
  readonly checkPolicyAdapter?: (adapter: PolicyAdapter, options?: PolicyCheckOptions) => Promise<CheckReport>;
}

/** `--shard i/n`: shard i of n, i from 1; the error names the flag, what it got and what would work. */
export function shardFlag(raw: string | undefined): Shard | undefined {
  if (raw === undefined) return undefined;
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(raw);
  if (match === null) throw new UsageError('BAD_OPTION_VALUE', `check: --shard must be i/n (shard i of n), got '${raw}'; e.g. --shard 1/3 … --shard 3/3 in three CI jobs`);
  const [index, count] = [Number(match[1]), Number(match[2])];
  if (count < 1) throw new UsageError('BAD_OPTION_VALUE', `check: --shard ${raw} splits the check into ${count} shards; n must be 1 or more, e.g. --shard 1/3`);
  if (index < 1 || index > count) throw new UsageError('BAD_OPTION_VALUE', `check: --shard ${raw} names shard ${index} of ${count}, but shards are numbered 1 to ${count}; e.g. --shard ${Math.min(Math.max(index, 1), count)}/${count}`);
  return { index, count };
}

export function createCheckCommand(deps: CheckDependencies = { checkAdapter: checkRuns }): Command {
  return {
    name: 'check',
    summary: 'check a pruning runtime against every invariant of spec/SPEC.md',
    usage: USAGE,
    async run(argv) {
      const { values } = parseOptions('check', argv, {
        adapter: { type: 'string' },
        runs: { type: 'string' },
        seed: { type: 'string' },
        'time-limit': { type: 'string' },
        'max-steps': { type: 'string' },
        long: { type: 'boolean' },
        'op-timeout': { type: 'string' },
        reruns: { type: 'string' },
        'recheck-every': { type: 'string' },
        reporter: { type: 'string' },
        out: { type: 'string' },
        counterexamples: { type: 'string' },
        workers: { type: 'string' },
        shard: { type: 'string' },
        'in-process': { type: 'boolean' },
        'load-timeout': { type: 'string' },
        ...EXPECTATIONS_FLAGS,
      });
      const ref = values.adapter;
      if (ref === undefined || ref === '') throw new UsageError('MISSING_ADAPTER', "check: --adapter is required; e.g. 'prunecheck check --adapter reference' ('prunecheck list' shows the built-ins)");
      const runs = integerFlag('check', 'runs', values.runs, { min: 1, max: 10_000_000, example: '200' });
      const seed = integerFlag('check', 'seed', values.seed, SEED_BOUNDS);
      const timeLimitSeconds = positiveNumberFlag('check', 'time-limit', values['time-limit'], '60');
      const maxSteps = integerFlag('check', 'max-steps', values['max-steps'], { min: 1, max: 100_000, example: '60' });
      const opTimeoutMs = integerFlag('check', 'op-timeout', values['op-timeout'], { min: 1, max: 3_600_000, example: '5000' });
      const reruns = integerFlag('check', 'reruns', values.reruns, { min: 0, max: 1_000, example: '3' });
      const recheckEvery = integerFlag('check', 'recheck-every', values['recheck-every'], { min: 0, max: 100_000, example: '16' });
      const workers = integerFlag('check', 'workers', values.workers, { min: 1, max: 1_024, example: String(defaultWorkers()) });
      const shard = shardFlag(values.shard);
      const loadTimeoutMs = integerFlag('check', 'load-timeout', values['load-timeout'], { min: 1, max: 3_600_000, example: '30000' });
      const inProcess = values['in-process'] === true;
      const reporter = choiceFlag('check', 'reporter', values.reporter, REPORTERS) ?? reporterForFile(values.out);
      if (values.out === '') throw new UsageError('BAD_OPTION_VALUE', 'check: --out needs a file name; e.g. --out reports/check.json');
      if (values.counterexamples === '') throw new UsageError('BAD_OPTION_VALUE', 'check: --counterexamples needs a directory; e.g. --counterexamples reports/counterexamples');
      // Before a long run, not after it: a path that cannot be written is an input error (exit 2).
      if (values.out !== undefined) preflightFile(values.out);
      if (values.counterexamples !== undefined) preflightDirectory(values.counterexamples);
      const render = await loadRenderer(reporter);

      if (shard !== undefined && (values.expectations !== undefined || values['update-expectations'] === true)) {
        throw new UsageError('UNSUPPORTED_OPTION', `check: --shard does not take known findings (--expectations, --update-expectations), and neither does 'prunecheck merge': a shard stops at its first finding, so it cannot look past a known one as an unsharded check does; drop the flag from the shard jobs, and read known findings on an unsharded check`);
      }
      // A shard reads no expectations file: its report is raw material for 'prunecheck merge'.
      const expectations = shard === undefined ? await expectationsRequest('check', values) : undefined;
      const loading = await resolveOrExplain(ref, { inProcess, ...(loadTimeoutMs === undefined ? {} : { loadTimeoutMs }), ...(opTimeoutMs === undefined ? {} : { opTimeoutMs }) });
      if (loading === undefined) return 2;

      // The same flags with the seed made explicit: report.runs counts runs done, which a failure cuts short.
      const rerunFor = (report: CheckReport): string =>
        commandLine([
          ...['npx', 'prunecheck', 'check', '--adapter', ref, '--seed', String(report.seed)],
          ...(values.runs === undefined ? [] : ['--runs', values.runs]),
          ...(values['time-limit'] === undefined ? [] : ['--time-limit', values['time-limit']]),
          ...(values['max-steps'] === undefined ? [] : ['--max-steps', values['max-steps']]),
          ...(values.long === true ? ['--long'] : []),
          ...(values['op-timeout'] === undefined ? [] : ['--op-timeout', values['op-timeout']]),
          ...(values.reruns === undefined ? [] : ['--reruns', values.reruns]),
          ...(values['recheck-every'] === undefined ? [] : ['--recheck-every', values['recheck-every']]),
          ...(values.shard === undefined ? [] : ['--shard', values.shard]),
          ...(values.expectations === undefined ? [] : ['--expectations', values.expectations]),
          ...(values['load-timeout'] === undefined ? [] : ['--load-timeout', values['load-timeout']]),
          ...(inProcess ? ['--in-process'] : []),
        ]);
      if (loading instanceof SubjectLoadFailure) {
        // Nothing was checked, but the run has a verdict (error or unknown) and a report, as any other.
        process.stderr.write(`prunecheck: ${loading.message}\n`);
        const failed = loadFailureReport(loading, seed);
        return publishReport(failed, render, reporter, values.out, rerunFor(failed)) ? exitCodeFor(failed.verdict) : 2;
      }
      const resolved = loading;
      if (inProcess && looksLikeModulePath(ref)) {
        process.stderr.write(`prunecheck: --in-process: ${ref} runs inside prunecheck's own process; an exit, a crash or a hang in it can end the check without a verdict or a report\n`);
      }
      // SIGINT, SIGTERM or a stalled adapter call: the engine saves what it found, this prints and writes it.
      const release = onInterrupt((why, inner) => {
        const report = isReport(inner) ? inner : interruptedReport(resolved, seed ?? 0, why.kind === 'signal' ? `interrupted by ${why.signal}` : 'an adapter call blocked the process');
        return publishReport(report, render, reporter, values.out, rerunFor(report)) ? exitCodeFor(report.verdict) : 2;
      });

      let report: CheckReport;
      try {
        if (resolved.mode === 'policy') {
          // A runtime check marks its first episode in the engine (src/run/runtime/explicitExamples.ts).
          traceStartUp('first-episode');
          for (const flag of ['time-limit', 'reruns', 'long', 'recheck-every', 'workers', 'shard'] as const) {
            if (values[flag] !== undefined) throw new UsageError('UNSUPPORTED_OPTION', `check: --${flag} does not apply to policy-mode adapters such as ${resolved.adapter.name}; use --runs to bound the check`);
          }
          // The policy engine loads only for a policy-mode adapter: a runtime check does not pay for it.
          const policyCheck = deps.checkPolicyAdapter ?? (await import('../run/policy/checkPolicyAdapter.ts')).checkPolicyAdapter;
          process.stderr.write(`prunecheck: ${terminalText(resolved.adapter.name)} is a policy-mode adapter (${terminalText(String(resolved.adapter.package))}); checking INV-16 onward and what applies of INV-01…15\n`);
          report = await policyCheck(resolved.adapter, {
            adapterRef: ref,
            ...(seed === undefined ? {} : { seed }),
            ...(runs === undefined ? {} : { runs }),
            ...(maxSteps === undefined ? {} : { maxTurns: maxSteps }),
            ...(opTimeoutMs === undefined ? {} : { opTimeoutMs }),
            ...(values.counterexamples === undefined ? {} : { outDir: values.counterexamples }),
          });
        } else {
          const progress = createProgressPrinter({ stream: process.stderr });
          try {
            // With known findings, the check looks past an expected first finding for new ones.
            report = await checkPastExpected(
              resolved.adapter,
              {
                adapterRef: ref,
                onProgress: progress.update,
                ...(seed === undefined ? {} : { seed }),
                ...(runs === undefined ? {} : { runs }),
                ...(timeLimitSeconds === undefined ? {} : { timeLimitSeconds }),
                ...(maxSteps === undefined ? {} : { maxSteps }),
                ...(values.long === true ? { long: true } : {}),
                ...(opTimeoutMs === undefined ? {} : { opTimeoutMs }),
                ...(reruns === undefined ? {} : { reruns }),
                ...(recheckEvery === undefined ? {} : { recheckEvery }),
                ...(values.counterexamples === undefined ? {} : { outDir: values.counterexamples }),
                workers: workers ?? autoWorkers(runs ?? DEFAULTS.runs),
                ...(inProcess ? { inProcess } : {}),
                ...(loadTimeoutMs === undefined ? {} : { loadTimeoutMs }),
                ...(shard === undefined ? {} : { shard }),
              },
              findingsToLookPast(expectations, resolved.adapter.name),
              deps.checkAdapter,
            );
          } finally {
            progress.done();
          }
        }
      } finally {
        release();
      }

      if (inProcess && looksLikeModulePath(ref)) report = { ...report, inProcess: true };
      const settled = await settleExpectations(report, expectations);
      report = settled.report;
      if (settled.note !== undefined) process.stderr.write(settled.note);
      // A report that could not be written to --out (it then went to stdout) is an output-path error: exit 2.
      // A shard with no finding leaves the verdict to 'prunecheck merge': its job passes.
      const pending = report.shard !== undefined && report.violations.length === 0 && report.verdict === 'unknown';
      return publishReport(report, render, reporter, values.out, rerunFor(report)) ? (pending ? 0 : exitCodeWithExpectations(report)) : 2;
    },
  };
}

function isReport(value: unknown): value is CheckReport {
  return typeof value === 'object' && value !== null && typeof (value as { verdict?: unknown }).verdict === 'string';
}

/** What an interrupted check reports when the engine had nothing to save (policy mode, or before any run). */
function interruptedReport(resolved: ResolvedAdapter, seed: number, why: string): CheckReport {
  const claimed = new Set<string>(resolved.mode === 'policy' ? resolved.adapter.invariants : resolved.adapter.capabilities.invariants);
  return {
    adapter: resolved.adapter.name,
    adapterVersion: resolved.adapter.version,
    prunecheckVersion: PRUNECHECK_VERSION,
    specVersion: SPEC_VERSION,
    verdict: 'unknown',
    seed,
    runs: 0,
    opsChecked: 0,
    opsPerSecond: 0,
    durationMs: 1,
    invariants: INVARIANT_IDS.map((invariant) => ({ invariant, status: claimed.has(invariant) ? 'inconclusive' : 'not-claimed' })),
    violations: [],
    situations: {},
    error: `${why}; counterexamples found before the interruption are in the counterexamples directory`,
  };
}

/**
 * Prints the report (and writes it to --out), synchronously, so it also works from a signal handler. A report
 * that cannot be written is not lost: it goes to stdout after the error.
 */
function publishReport(report: CheckReport, render: RenderReport, reporter: Reporter, out: string | undefined, rerun: string): boolean {
  if (out !== undefined) {
    const text = render(report, false, rerun);
    process.stdout.write(renderPrettyReport(report, { color: useColor(process.stdout), rerun }));
    try {
      process.stdout.write(`${reporter} report written to ${writeReportSync(out, text)}\n`);
    } catch (error: unknown) {
      process.stderr.write(`prunecheck: could not write the report: ${terminalText(error instanceof Error ? error.message : String(error))}; it follows on stdout\n`);
      process.stdout.write(text);
      return false;
    }
    return true;
  }
  process.stdout.write(render(report, reporter === 'pretty' && useColor(process.stdout), rerun));
  // A machine-readable report owns stdout; the seed and replay commands still reach the person.
  if (reporter !== 'pretty') process.stderr.write(summaryLines(report, rerun));
  return true;
}

/** The seed, the verdict and every replay command, for stderr when stdout carries a machine-readable report. */
export function summaryLines(report: CheckReport, rerun: string): string {
  const lines = [`prunecheck: ${terminalText(report.adapter)} ${report.verdict} (seed ${report.seed}, ${report.runs} runs); re-run: ${terminalText(rerun)}`];
  for (const v of report.violations) lines.push(`prunecheck: ${v.invariant} at step ${v.step}; replay: ${v.replay === '' ? 'none (the counterexample was not written)' : terminalText(v.replay)}`);
  return `${lines.join('\n')}\n`;
}

export const checkCommand = createCheckCommand();
