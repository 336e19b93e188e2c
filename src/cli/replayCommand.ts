import { SubjectLoadFailure } from '../adapters/supervise/SubjectLoadFailure.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { renderPrettyReport } from '../report/prettyReport.ts';
import type { PolicyAdapter } from '../adapters/policy/PolicyAdapter.ts';
import { replayCounterexample } from '../run/runtime/replayCounterexample.ts';
import type { ReplayResult, RuntimeReplayOptions } from '../run/runtime/replayCounterexample.ts';
import type { Counterexample } from '../run/CheckReport.ts';
import { describeInterruption, onInterrupt } from '../run/interruption.ts';
import { assertMayLoad, namesCode } from '../run/replayTrust.ts';
import { findBuiltin } from '../subjects/builtins.ts';
import { findPolicyAdapter } from '../subjects/policy/index.ts';
import { shellQuote } from '../util/shellQuote.ts';
import { terminalText as t } from '../util/terminalText.ts';
import { PolicyCounterexampleError, replayPolicyCounterexample } from '../run/policy/replayPolicyCounterexample.ts';
import type { PolicyReplayOptions, PolicyReplayResult } from '../run/policy/replayPolicyCounterexample.ts';
import { resolveOrExplain, useColor } from './checkCommand.ts';
import type { Command } from './Command.ts';
import { CounterexampleFileError } from '../run/CounterexampleFileError.ts';
import { integerFlag, parseOptions } from './parseOptions.ts';
import { readCounterexampleFile } from '../run/readCounterexampleFile.ts';
import { UsageError } from './UsageError.ts';
import { EXPECTATIONS_FLAGS, expectationsRequest, replayAgainstExpectations, type ExpectationsRequest } from './expectationsOptions.ts';

const USAGE = `Usage: prunecheck replay <counterexample.json> [--adapter <name|path|cmd:...> | --trust] [--op-timeout MS] [--verbose] [--expectations FILE] [--allow-unexpected-pass]

Re-runs the operation trace of a counterexample (reports/counterexamples/*.json) against the adapter it names,
or against --adapter, and compares what happens with what was recorded.

A counterexample file is data: it names the adapter it was found with (adapterRef, always shown), and replay runs
that adapter by itself only when it is a built-in. A module path or a cmd: command runs only if you name it
with --adapter, or pass --trust to run what the file names. A file whose trace was edited after the check wrote
it (its traceHash does not match) is refused.

Options:
  --adapter <ref>    the adapter to replay against (the file's own, or another: the output says which)
  --trust            run the module or command the file names (it executes that code)
  --op-timeout <MS>  per-call timeout for the adapter (default 5000)
  --verbose          print the replay's report

Exit codes: 0 the trace now passes; 1 the failure is reproduced, the system behaves differently on the same
trace ("diverged"), or the adapter failed to start; 2 the file is missing or malformed (naming the field), the
adapter cannot be loaded, or the file names code to run without --adapter or --trust; 3 an internal error.
A finding listed in the expectations file (default prunecheck.expectations.json) that reproduces exits 0; one
that now passes is an unexpected pass (exit 1 unless --allow-unexpected-pass).`;

const HEADLINE: Record<ReplayResult['kind'], string> = {
  reproduced: 'reproduced',
  diverged: 'diverged',
  passed: 'passed',
  error: 'error',
};

/** The headline of a result: "diverged (nondeterminism)" only when the evidence shows the system answered differently. */
export function headline(result: { readonly kind: ReplayResult['kind']; readonly cause?: ReplayResult['cause'] }): string {
  if (result.kind !== 'diverged') return HEADLINE[result.kind];
  if (result.cause === 'nondeterminism') return 'diverged (nondeterminism)';
  if (result.cause === 'adapter-changed') return 'diverged (another adapter or version)';
  if (result.cause === 'unexplained') return 'diverged (not explained by the answers: see why)';
  return 'diverged';
}

export interface ReplayDependencies {
  readonly replay: (file: string, options?: RuntimeReplayOptions) => Promise<ReplayResult>;
  readonly replayPolicy?: (file: string, options?: PolicyReplayOptions) => Promise<PolicyReplayResult>;
}

export function createReplayCommand(deps: ReplayDependencies = { replay: replayCounterexample, replayPolicy: replayPolicyCounterexample }): Command {
  return {
    name: 'replay',
    summary: 'replay a counterexample file: reproduced, diverged (nondeterminism), or now passing',
    usage: USAGE,
    async run(argv) {
      const { expectations: expectationsFlag, 'allow-unexpected-pass': allowFlag } = EXPECTATIONS_FLAGS;
      const { values, positionals } = parseOptions(
        'replay',
        argv,
        { adapter: { type: 'string' }, trust: { type: 'boolean' }, 'op-timeout': { type: 'string' }, verbose: { type: 'boolean' }, expectations: expectationsFlag, 'allow-unexpected-pass': allowFlag },
        { max: 1, what: 'one counterexample file' },
      );
      const file = positionals[0];
      if (file === undefined) throw new UsageError('MISSING_FILE', "replay: name the counterexample file; e.g. 'prunecheck replay reports/counterexamples/trusts-safe-claim-INV-03-7.json'");
      const opTimeoutMs = integerFlag('replay', 'op-timeout', values['op-timeout'], { min: 1, max: 3_600_000, example: '5000' });
      let read;
      try {
        read = await readCounterexampleFile(file);
      } catch (error: unknown) {
        if (!(error instanceof CounterexampleFileError)) throw error;
        process.stderr.write(`prunecheck: replay: ${t(error.message, { keepNewlines: true })}\n`);
        return 2;
      }
      const { mode, adapterRef } = read;
      // Shown before anything runs: what the file says it was recorded with, and what will run now.
      // Names and commands are shell-quoted, control characters as $'\x1b…' escapes: what is shown is what would run.
      process.stderr.write(`prunecheck: replay: ${t(file)} names adapter ${shellQuote(adapterRef)}${values.adapter === undefined ? '' : `; replaying against --adapter ${shellQuote(values.adapter)}`}\n`);
      if (values.adapter === undefined) {
        assertMayLoad(file, adapterRef, values.trust === true);
        if (namesCode(adapterRef)) process.stderr.write(`prunecheck: replay: --trust: running what the file names, exactly: ${shellQuote(adapterRef)}\n`);
      }
      // A built-in of the other mode would otherwise be reported as unknown to this mode's loader.
      const otherMode = mode === 'runtime' ? findPolicyAdapter(adapterRef) !== undefined : findBuiltin(adapterRef) !== undefined;
      if (values.adapter === undefined && !namesCode(adapterRef) && otherMode) {
        throw new UsageError('ADAPTER_MODE', `replay: ${t(file)} is a ${mode}-mode counterexample but names ${shellQuote(adapterRef)}, a ${mode === 'runtime' ? 'policy' : 'runtime'}-mode adapter; pass --adapter with an adapter of the ${mode} mode`);
      }
      const loading = values.adapter === undefined ? undefined : await resolveOrExplain(values.adapter, opTimeoutMs === undefined ? {} : { opTimeoutMs });
      if (values.adapter !== undefined && loading === undefined) return 2;
      if (loading instanceof SubjectLoadFailure) return loadFailed(loading);
      const resolved = loading;
      if (resolved !== undefined && resolved.mode !== mode) {
        throw new UsageError('ADAPTER_MODE', `replay: ${t(file)} is a ${mode}-mode counterexample but --adapter ${shellQuote(values.adapter ?? '')} is a ${resolved.mode}-mode adapter; pass an adapter of the same mode`);
      }
      const expectations = await expectationsRequest('replay', values);
      const trust = values.trust === true;
      const timeout = opTimeoutMs === undefined ? {} : { opTimeoutMs };
      if (mode === 'policy') return replayPolicy(file, resolved?.mode === 'policy' ? resolved.adapter : undefined, deps.replayPolicy ?? replayPolicyCounterexample, expectations, { trust, ...timeout });

      // A stall or a signal mid-replay: say where it was, and whether that is the recorded finding again.
      const cx0 = read.data as unknown as Counterexample;
      let step = 0;
      const release = onInterrupt((why) => {
        process.stdout.write(`replaying ${t(file)}: ${t(cx0.adapter)} ${cx0.invariant} at step ${cx0.step} of ${cx0.trace.length}\n`);
        if (why.kind === 'signal') {
          process.stdout.write(`interrupted: ${describeInterruption(why)} at step ${step}\n`);
          return undefined;
        }
        const again = cx0.invariant === 'TIMEOUT' && step === cx0.step;
        process.stdout.write(`${again ? 'reproduced' : 'diverged'}: step ${step} ${describeInterruption(why)}${again ? '' : ` (the file records ${cx0.invariant} at step ${cx0.step})`}\n`);
        return 1;
      });
      let result: ReplayResult;
      try {
        result = await deps.replay(file, { ...(resolved?.mode === 'runtime' ? { adapter: resolved.adapter } : {}), trust, ...timeout, onStep: (n) => void (step = n) });
      } catch (error: unknown) {
        if (error instanceof SubjectLoadFailure) return loadFailed(error);
        // The adapter the file names cannot be loaded (moved module, renamed built-in): a usage problem.
        if (!(error instanceof AdapterLoadError)) throw error;
        process.stderr.write(`prunecheck: replay: ${t(file)}: ${t(error.message, { keepNewlines: true })}; or pass --adapter\n`);
        return 2;
      } finally {
        release();
      }
      const { counterexample: cx } = result;
      process.stdout.write(`replaying ${t(file)}: ${t(cx.adapter)} ${cx.invariant} at step ${cx.step} of ${cx.trace.length} (seed ${cx.seed}; recorded with ${t(cx.adapter)} ${t(String(cx.adapterVersion))}, spec ${t(String(cx.specVersion))}; adapterRef ${shellQuote(cx.adapterRef)})\n`);
      for (const line of cx.because) process.stdout.write(`  recorded: ${t(line)}\n`);
      for (const note of result.notes ?? []) process.stdout.write(`  note: ${t(note)}\n`);
      process.stdout.write(`${headline(result)}: ${t(result.detail)}\n`);
      if (values.verbose === true) process.stdout.write(`\n${renderPrettyReport(result.report, { color: useColor(process.stdout) })}`);
      const known = replayAgainstExpectations(expectations, cx.adapter, cx.invariant, result.kind);
      if (known !== undefined) process.stdout.write(t(known.line, { keepNewlines: true }));
      return known?.code ?? (result.kind === 'passed' ? 0 : 1);
    },
  };
}

export const replayCommand = createReplayCommand();

/** Policy-mode counterexamples go to the policy engine; the exit codes are the same. */
async function replayPolicy(
  file: string,
  adapter: PolicyAdapter | undefined,
  replay: NonNullable<ReplayDependencies['replayPolicy']>,
  expectations: ExpectationsRequest | undefined,
  options: { readonly trust: boolean; readonly opTimeoutMs?: number },
): Promise<number> {
  let result: PolicyReplayResult;
  try {
    result = await replay(file, { ...(adapter === undefined ? {} : { adapter }), ...options });
  } catch (error: unknown) {
    if (!(error instanceof PolicyCounterexampleError) && !(error instanceof AdapterLoadError)) throw error;
    process.stderr.write(`prunecheck: replay: ${error instanceof AdapterLoadError ? `${t(file)}: ` : ''}${t(error.message, { keepNewlines: true })}\n`);
    return 2;
  }
  const cx = result.counterexample;
  process.stdout.write(`replaying ${t(file)}: ${t(cx.adapter)} (${t(String(cx.package))}) ${cx.invariant} in round ${cx.round} (seed ${cx.seed}; recorded with ${t(cx.adapter)} ${t(String(cx.adapterVersion))}, now ${t(result.adapterVersion)}; adapterRef ${shellQuote(cx.adapterRef)})\n`);
  for (const line of cx.because) process.stdout.write(`  recorded: ${t(line)}\n`);
  for (const note of result.notes ?? []) process.stdout.write(`  note: ${t(note)}\n`);
  process.stdout.write(`${headline(result)}: ${t(result.detail)}\n`);
  for (const line of result.because) process.stdout.write(`  now: ${t(line)}\n`);
  const known = replayAgainstExpectations(expectations, cx.adapter, cx.invariant, result.kind);
  if (known !== undefined) process.stdout.write(t(known.line, { keepNewlines: true }));
  // `error`: the file's invariant cannot be observed in policy mode, so the file itself is wrong.
  return known?.code ?? (result.kind === 'passed' ? 0 : result.kind === 'error' ? 2 : 1);
}

/** The adapter module exited, crashed or hung while it loaded: the subject failed, nothing was replayed (exit 1). */
function loadFailed(failure: SubjectLoadFailure): number {
  process.stderr.write(`prunecheck: replay: ${failure.message}\n`);
  return 1;
}
