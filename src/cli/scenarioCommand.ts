import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Adapter } from '../adapters/Adapter.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { BUILTIN_ADAPTERS } from '../subjects/builtins.ts';
import { loadAdapter } from '../subjects/loadAdapter.ts';
import { renderOccupancyChart } from '../report/occupancyChart.ts';
import { createProgressPrinter } from '../report/progressPrinter.ts';
import { preflightDirectory, writeFileAtomic } from '../util/writeFileAtomic.ts';
import { outcomeCell, renderScenariosMarkdown, type ScenarioResults } from '../report/scenarioMarkdown.ts';
import { renderTimeline } from '../report/scenarioTimeline.ts';
import { listScenarios, loadScenario } from '../scenario/loadScenario.ts';
import { runScenario } from '../scenario/runScenario.ts';
import type { Scenario } from '../scenario/Scenario.ts';
import { ScenarioError } from '../scenario/ScenarioError.ts';
import type { Command } from './Command.ts';
import { integerFlag } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

const USAGE = `Usage: prunecheck scenario <name|path> [--runtime <name|path>] [--op-timeout <MS>]
       prunecheck scenario --all [--out <dir>]
       prunecheck scenario --list

Replays a recorded incident (scenarios/*.json) step by step and prints its timeline: occupancy, evictions,
summaries, tombstones, lookup answers, and the moment of failure or of prevention.

Options:
  --runtime <ref>  the runtime: ${BUILTIN_ADAPTERS.map((a) => a.name).join(', ')}, a path to an adapter module, or cmd:<command>.
                   Without it, every runtime the scenario's expectations name.
  --all            every scenario on every runtime its expectations name; writes <out>/scenarios.md,
                   <out>/scenarios.json and one chart per scenario, <out>/scenarios/<name>.svg
  --out <dir>      where --all writes (default: reports)
  --list           the built-in scenarios
  --op-timeout <MS> per-call timeout for the runtime's operations (default 5000); a call past it crashes the run

Exit codes: 0 every run meets the scenario's expectation for its runtime, 1 some run does not, 2 usage error or a
scenario file that cannot be used (the message names the file, field and line), 3 an internal error.`;

async function resolveRuntime(ref: string): Promise<Adapter> {
  try {
    return await loadAdapter(ref);
  } catch (error: unknown) {
    if (error instanceof AdapterLoadError) throw new UsageError('BAD_RUNTIME', `--runtime: ${error.message}`, { cause: error });
    throw error;
  }
}

/** Loads a scenario; without an explicit runtime, every runtime its expectations name must be a built-in. */
function load(ref: string, anyRuntime: boolean): Scenario {
  try {
    return loadScenario(ref, anyRuntime ? {} : { runtimes: BUILTIN_ADAPTERS.map((a) => a.name) });
  } catch (error: unknown) {
    if (error instanceof ScenarioError) throw new UsageError(`SCENARIO_${error.code}`, error.message, { cause: error });
    throw error;
  }
}

/** Runs a scenario on each runtime its expectations name (or on `runtime`). */
async function runAll(scenario: Scenario, runtime: string | undefined, opTimeoutMs: number | undefined): Promise<ScenarioResults> {
  const refs = runtime === undefined ? Object.keys(scenario.expect) : [runtime];
  const adapters = await Promise.all(refs.map(resolveRuntime));
  const runs = [];
  for (const adapter of adapters) {
    // A long scenario (up to 10,000 turns) shows where it is on stderr, as a long check does.
    const progress = createProgressPrinter({ stream: process.stderr });
    try {
      runs.push(await runScenario(scenario, adapter, { onProgress: progress.update, ...(opTimeoutMs === undefined ? {} : { opTimeoutMs }) }));
    } finally {
      progress.done();
    }
  }
  return { scenario, runs };
}

export const scenarioCommand: Command = {
  name: 'scenario',
  summary: 'replay a recorded incident on a runtime and show the failure or its prevention',
  usage: USAGE,
  async run(argv) {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { runtime: { type: 'string' }, all: { type: 'boolean' }, out: { type: 'string' }, list: { type: 'boolean' }, 'op-timeout': { type: 'string' } } });
    } catch (error: unknown) {
      throw new UsageError('BAD_OPTION', `${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    }
    const { values, positionals } = parsed;
    const opTimeoutMs = integerFlag('scenario', 'op-timeout', values['op-timeout'], { min: 1, max: 3_600_000, example: '5000' });
    if (values.list === true) {
      for (const name of listScenarios()) process.stdout.write(`${name}\n`);
      return 0;
    }
    if (values.all === true) {
      if (positionals.length > 0 || values.runtime !== undefined) throw new UsageError('BAD_OPTION', '--all runs every scenario on every runtime its expectations name; drop the scenario name and --runtime');
      return writeAll(values.out ?? 'reports', opTimeoutMs);
    }
    if (positionals.length !== 1) throw new UsageError('MISSING_SCENARIO', `name one scenario (${listScenarios().join(', ')}) or a path to a scenario file, or use --all\n\n${USAGE}`);
    if (values.out !== undefined) throw new UsageError('BAD_OPTION', '--out only applies with --all');
    const { scenario, runs } = await runAll(load(positionals[0] as string, values.runtime !== undefined), values.runtime, opTimeoutMs);
    for (const run of runs) process.stdout.write(`${renderTimeline(scenario, run).join('\n')}\n\n`);
    return runs.every((run) => run.met) ? 0 : 1;
  },
};

async function writeAll(out: string, opTimeoutMs: number | undefined): Promise<number> {
  if (out === '') throw new UsageError('BAD_OPTION', '--out needs a directory; e.g. --out reports');
  // Before the runs, not after them: a directory that cannot be written is an input error (exit 2).
  preflightDirectory(out);
  const results: ScenarioResults[] = [];
  for (const name of listScenarios()) results.push(await runAll(load(name, false), undefined, opTimeoutMs));
  // In the order of the seed records they reproduce.
  results.sort((a, b) => a.scenario.record.localeCompare(b.scenario.record) || a.scenario.name.localeCompare(b.scenario.name));
  const command = `prunecheck scenario --all${out === 'reports' ? '' : ` --out ${out}`}`;
  writeFileAtomic(join(out, 'scenarios.md'), renderScenariosMarkdown(results, command));
  const json = results.map(({ scenario, runs }) => ({ scenario: scenario.name, record: scenario.record, runs: runs.map((r) => ({ runtime: r.runtime, met: r.met, expectationsOf: r.expectationsOf, probes: r.probes, checks: r.checks, crash: r.crash ?? null })) }));
  writeFileAtomic(join(out, 'scenarios.json'), `${JSON.stringify(json, null, 2)}\n`);
  for (const { scenario, runs } of results) writeFileAtomic(join(out, 'scenarios', `${scenario.name}.svg`), renderOccupancyChart(scenario, runs));
  for (const { scenario, runs } of results) {
    for (const run of runs) process.stdout.write(`${run.met ? 'ok  ' : 'FAIL'}  ${scenario.name.padEnd(34)} ${run.runtime.padEnd(13)} ${outcomeCell(run).replace(/<br>/g, '; ')}\n`);
  }
  process.stdout.write(`\nwrote ${relative(process.cwd(), join(out, 'scenarios.md')) || join(out, 'scenarios.md')}, scenarios.json and ${results.length} charts in ${join(out, 'scenarios')}/\n`);
  return results.every((r) => r.runs.every((run) => run.met)) ? 0 : 1;
}
