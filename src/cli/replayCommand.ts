import type { Adapter } from '../adapters/Adapter.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { renderPrettyReport } from '../report/prettyReport.ts';
import { replayCounterexample } from '../run/replayCounterexample.ts';
import type { ReplayResult } from '../run/replayCounterexample.ts';
import { loadOrExplain, useColor } from './checkCommand.ts';
import type { Command } from './Command.ts';
import { CounterexampleFileError } from './CounterexampleFileError.ts';
import { parseOptions } from './parseOptions.ts';
import { readCounterexampleFile } from './readCounterexampleFile.ts';
import { UsageError } from './UsageError.ts';

const USAGE = `Usage: prunecheck replay <counterexample.json> [--adapter <name|path|cmd:...>] [--verbose]

Re-runs the operation trace of a counterexample (reports/counterexamples/*.json) against the adapter it names,
or against --adapter, and compares what happens with what was recorded.

Exit codes: 0 the trace now passes; 1 the failure is reproduced, the system behaves differently on the same
trace ("diverged (nondeterminism)"), or the adapter failed to start; 2 the file is missing or malformed, or the
adapter cannot be loaded.`;

const HEADLINE: Record<ReplayResult['kind'], string> = {
  reproduced: 'reproduced',
  diverged: 'diverged (nondeterminism)',
  passed: 'passed',
  error: 'error',
};

export interface ReplayDependencies {
  readonly replay: (file: string, options?: { adapter?: Adapter }) => Promise<ReplayResult>;
}

export function createReplayCommand(deps: ReplayDependencies = { replay: replayCounterexample }): Command {
  return {
    name: 'replay',
    summary: 'replay a counterexample file: reproduced, diverged (nondeterminism), or now passing',
    usage: USAGE,
    async run(argv) {
      const { values, positionals } = parseOptions('replay', argv, { adapter: { type: 'string' }, verbose: { type: 'boolean' } }, { max: 1, what: 'one counterexample file' });
      const file = positionals[0];
      if (file === undefined) throw new UsageError('MISSING_FILE', "replay: name the counterexample file; e.g. 'prunecheck replay reports/counterexamples/trusts-safe-claim-INV-03-7.json'");
      try {
        await readCounterexampleFile(file);
      } catch (error: unknown) {
        if (!(error instanceof CounterexampleFileError)) throw error;
        process.stderr.write(`prunecheck: replay: ${error.message}\n`);
        return 2;
      }
      let adapter: Adapter | undefined;
      if (values.adapter !== undefined) {
        adapter = await loadOrExplain(values.adapter);
        if (adapter === undefined) return 2;
      }
      let result: ReplayResult;
      try {
        result = await deps.replay(file, adapter === undefined ? {} : { adapter });
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
      return result.kind === 'passed' ? 0 : 1;
    },
  };
}

export const replayCommand = createReplayCommand();
