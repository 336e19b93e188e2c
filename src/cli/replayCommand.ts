import type { Adapter } from '../adapters/Adapter.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { renderPrettyReport } from '../report/prettyReport.ts';
import type { PolicyAdapter } from '../adapters/policy/PolicyAdapter.ts';
import { replayCounterexample } from '../run/runtime/replayCounterexample.ts';
import type { ReplayResult } from '../run/runtime/replayCounterexample.ts';
import { PolicyCounterexampleError, replayPolicyCounterexample } from '../run/policy/replayPolicyCounterexample.ts';
import type { PolicyReplayResult } from '../run/policy/replayPolicyCounterexample.ts';
import { resolveOrExplain, useColor } from './checkCommand.ts';
import type { Command } from './Command.ts';
import { CounterexampleFileError } from '../run/CounterexampleFileError.ts';
import { parseOptions } from './parseOptions.ts';
import { readCounterexampleFile } from '../run/readCounterexampleFile.ts';
import { UsageError } from './UsageError.ts';
import { EXPECTATIONS_FLAGS, expectationsRequest, replayAgainstExpectations, type ExpectationsRequest } from './expectationsOptions.ts';

const USAGE = `Usage: prunecheck replay <counterexample.json> [--adapter <name|path|cmd:...>] [--verbose] [--expectations FILE] [--allow-unexpected-pass]

Re-runs the operation trace of a counterexample (reports/counterexamples/*.json) against the adapter it names,
or against --adapter, and compares what happens with what was recorded.

Exit codes: 0 the trace now passes; 1 the failure is reproduced, the system behaves differently on the same
trace ("diverged (nondeterminism)"), or the adapter failed to start; 2 the file is missing or malformed, or the
adapter cannot be loaded. A finding listed in the expectations file (default prunecheck.expectations.json) that
reproduces exits 0; one that now passes is an unexpected pass (exit 1 unless --allow-unexpected-pass).`;

const HEADLINE: Record<ReplayResult['kind'], string> = {
  reproduced: 'reproduced',
  diverged: 'diverged (nondeterminism)',
  passed: 'passed',
  error: 'error',
};

export interface ReplayDependencies {
  readonly replay: (file: string, options?: { adapter?: Adapter }) => Promise<ReplayResult>;
  readonly replayPolicy?: (file: string, options?: { adapter?: PolicyAdapter }) => Promise<PolicyReplayResult>;
}

export function createReplayCommand(deps: ReplayDependencies = { replay: replayCounterexample, replayPolicy: replayPolicyCounterexample }): Command {
  return {
    name: 'replay',
    summary: 'replay a counterexample file: reproduced, diverged (nondeterminism), or now passing',
    usage: USAGE,
    async run(argv) {
      const { expectations: expectationsFlag, 'allow-unexpected-pass': allowFlag } = EXPECTATIONS_FLAGS;
      const { values, positionals } = parseOptions('replay', argv, { adapter: { type: 'string' }, verbose: { type: 'boolean' }, expectations: expectationsFlag, 'allow-unexpected-pass': allowFlag }, { max: 1, what: 'one counterexample file' });
      const file = positionals[0];
      if (file === undefined) throw new UsageError('MISSING_FILE', "replay: name the counterexample file; e.g. 'prunecheck replay reports/counterexamples/trusts-safe-claim-INV-03-7.json'");
      let mode;
      try {
        mode = (await readCounterexampleFile(file)).mode;
      } catch (error: unknown) {
        if (!(error instanceof CounterexampleFileError)) throw error;
        process.stderr.write(`prunecheck: replay: ${error.message}\n`);
        return 2;
      }
      const resolved = values.adapter === undefined ? undefined : await resolveOrExplain(values.adapter);
      if (values.adapter !== undefined && resolved === undefined) return 2;
      if (resolved !== undefined && resolved.mode !== mode) {
        throw new UsageError('ADAPTER_MODE', `replay: ${file} is a ${mode}-mode counterexample but --adapter ${values.adapter ?? ''} is a ${resolved.mode}-mode adapter; pass an adapter of the same mode`);
      }
      const expectations = await expectationsRequest('replay', values);
      if (mode === 'policy') return replayPolicy(file, resolved?.mode === 'policy' ? resolved.adapter : undefined, deps.replayPolicy ?? replayPolicyCounterexample, expectations);

      let result: ReplayResult;
      try {
        result = await deps.replay(file, resolved?.mode === 'runtime' ? { adapter: resolved.adapter } : {});
      } catch (error: unknown) {
        // The adapter the file names cannot be loaded (moved module, renamed built-in): a usage problem.
        if (!(error instanceof AdapterLoadError)) throw error;
        process.stderr.write(`prunecheck: replay: ${file}: ${error.message}; or pass --adapter\n`);
        return 2;
      }
      const { counterexample: cx } = result;
      process.stdout.write(`replaying ${file}: ${cx.adapter} ${cx.invariant} at step ${cx.step} of ${cx.trace.length} (seed ${cx.seed}; recorded with ${cx.adapter} ${cx.adapterVersion}, spec ${cx.specVersion})\n`);
      for (const line of cx.because) process.stdout.write(`  recorded: ${line}\n`);
      process.stdout.write(`${HEADLINE[result.kind]}: ${result.detail}\n`);
      if (values.verbose === true) process.stdout.write(`\n${renderPrettyReport(result.report, { color: useColor(process.stdout) })}`);
      const known = replayAgainstExpectations(expectations, cx.adapter, cx.invariant, result.kind);
      if (known !== undefined) process.stdout.write(known.line);
      return known?.code ?? (result.kind === 'passed' ? 0 : 1);
    },
  };
}

export const replayCommand = createReplayCommand();

/** Policy-mode counterexamples go to the policy engine; the exit codes are the same. */
async function replayPolicy(file: string, adapter: PolicyAdapter | undefined, replay: NonNullable<ReplayDependencies['replayPolicy']>, expectations: ExpectationsRequest | undefined): Promise<number> {
  let result: PolicyReplayResult;
  try {
    result = await replay(file, adapter === undefined ? {} : { adapter });
  } catch (error: unknown) {
    if (!(error instanceof PolicyCounterexampleError) && !(error instanceof AdapterLoadError)) throw error;
    process.stderr.write(`prunecheck: replay: ${error instanceof AdapterLoadError ? `${file}: ` : ''}${error.message}\n`);
    return 2;
  }
  const cx = result.counterexample;
  process.stdout.write(`replaying ${file}: ${cx.adapter} (${cx.package}) ${cx.invariant} in round ${cx.round} (seed ${cx.seed}; recorded with ${cx.adapter} ${cx.adapterVersion}, now ${result.adapterVersion})\n`);
  for (const line of cx.because) process.stdout.write(`  recorded: ${line}\n`);
  process.stdout.write(`${HEADLINE[result.kind]}: ${result.detail}\n`);
  for (const line of result.because) process.stdout.write(`  now: ${line}\n`);
  const known = replayAgainstExpectations(expectations, cx.adapter, cx.invariant, result.kind);
  if (known !== undefined) process.stdout.write(known.line);
  // `error`: the file's invariant cannot be observed in policy mode, so the file itself is wrong.
  return known?.code ?? (result.kind === 'passed' ? 0 : result.kind === 'error' ? 2 : 1);
}
