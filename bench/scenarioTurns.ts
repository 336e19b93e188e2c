import { pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import { referenceAdapter } from '../src/subjects/reference.ts';
import { renderOccupancyChart } from '../src/report/occupancyChart.ts';
import { renderTimeline } from '../src/report/scenarioTimeline.ts';
import { parseScenario } from '../src/scenario/loadScenario.ts';
import { runScenario } from '../src/scenario/runScenario.ts';
import type { Scenario } from '../src/scenario/Scenario.ts';
import { BenchError } from './BenchError.ts';
import { cpuNow, median } from './measureTask.ts';

/**
 * What one turn of a scenario costs at 10³ and at 10⁴ turns (issue 15 item 9: a 10⁴-turn scenario took 40 s,
 * each turn slower than the one before). A generated episode of routine turns on the reference runtime, its
 * window at the pruning trigger every few turns, with a claim and a lookup at the end;
 * the timeline and the chart are rendered as `prunecheck scenario` does. The model never summarizes its own
 * summaries, so they fill the window within a few hundred turns and every later turn answers `window-full`
 * and gives up a span: both sizes are measured mostly in that steady state. Per turn should be flat: a step that
 * is O(turns) makes the late turns of the long run about ten times the cost of the short run's.
 */
export interface ScenarioTurnsResult {
  readonly turns: number;
  /** Median over iterations of CPU time per turn, whole run (timeline and chart included), in µs. */
  readonly usPerTurn: number;
  /** Median over iterations of CPU time per turn over the last tenth of the turns (the run alone, not the rendering), in µs. */
  readonly lateUsPerTurn: number;
  readonly iterations: number;
  /** Operations the simulated agent issued in one run. */
  readonly operations: number;
}

export interface ScenarioTurnsOptions {
  readonly sizes?: readonly number[];
  /** Measured time per size, in ms (at least `minIterations` runs are made whatever it is). */
  readonly timeMs?: number;
  readonly minIterations?: number;
}

/** A scenario of `turns` routine turns (the shape of the fault suite's long scenario) with its probes at the end. */
export function generatedScenario(turns: number): Scenario {
  const name = `bench-turns-${turns}`;
  const scenario = {
    format: 'prunecheck-scenario/1',
    name,
    title: `${turns} routine turns`,
    record: '002_0145940426faa471.txt',
    reproduces: ['Turn N+5: an exact identifier is needed.'],
    unit: 'turn',
    seed: 7,
    window: { capacity: 4000, trigger: 0.85, target: 0.6 },
    model: { pass: 'summarize-span', spanTurns: 3, summaryTokens: 40, summaryRelevance: 0.9, keepRecent: 2, jitter: 0.05 },
    timeline: [
      { turn: 1, kind: 'filler', to: turns, tokens: 100, relevance: [0.2, 0.8], persist: true },
      { turn: 2, kind: 'observe', id: 'block_7', rawKind: 'tool-output', content: 'request_id=req-51c0d2', tokens: 60, relevance: 0.1, persist: true },
      { turn: turns, kind: 'assert', claim: 'never stated' },
      { turn: turns, kind: 'need', id: 'block_7', pattern: 'req-[0-9a-f]+', failure: 'never-existed' },
    ],
    expect: { reference: [{ failure: 'never-existed', turn: turns, outcome: 'prevented', mechanism: 'INV-04' }] },
  };
  return parseScenario(JSON.stringify(scenario), `${name}.json`);
}

/** Times whole runs of the generated scenario at each size under tinybench (CPU time: the machine is shared). */
export async function measureScenarioTurns(options: ScenarioTurnsOptions = {}): Promise<ScenarioTurnsResult[]> {
  const results: ScenarioTurnsResult[] = [];
  for (const turns of options.sizes ?? [1_000, 10_000]) {
    const scenario = generatedScenario(turns);
    const late: number[] = [];
    let operations = 0;
    const bench = new Bench({ name: `scenario turns @ ${turns}`, time: options.timeMs ?? 2_000, iterations: options.minIterations ?? 3, warmupIterations: 1, warmupTime: 0, throws: true });
    bench.add(`${turns} turns`, async () => {
      let lateFrom = 0;
      const cpu0 = cpuNow();
      const run = await runScenario(scenario, referenceAdapter, {
        onProgress: (p) => {
          if (p.runsDone === Math.floor(turns * 0.9)) lateFrom = cpuNow();
        },
      });
      const runEnd = cpuNow();
      renderTimeline(scenario, run);
      renderOccupancyChart(scenario, [run]);
      const cpu = cpuNow() - cpu0;
      // A run cut short would time less work than it claims to.
      if (run.crash !== undefined || !run.met) throw new BenchError('WRONG_PATH', `scenario turns @ ${turns}: the run ${run.crash === undefined ? 'did not meet its expectation' : `crashed at turn ${run.crash.turn}: ${run.crash.message}`}`);
      late.push((runEnd - lateFrom) / (turns - Math.floor(turns * 0.9)));
      operations = run.operations.length;
      return { overriddenDuration: cpu / turns, overriddenIterationCost: cpu };
    }, { async: true });
    const [task] = await bench.run();
    const result = task?.result;
    if (result === undefined || (result.state !== 'completed' && result.state !== 'aborted-with-statistics')) {
      throw (result?.state === 'errored' ? result.error : undefined) ?? new BenchError('WRONG_PATH', `scenario turns @ ${turns}: tinybench finished in state ${String(result?.state)}`);
    }
    // `late` also holds the warm-up run's figure: dropped, as tinybench drops its duration.
    results.push({ turns, usPerTurn: result.latency.p50 * 1000, lateUsPerTurn: median(late.slice(1)) * 1000, iterations: result.latency.samplesCount, operations });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  const results = await measureScenarioTurns(quick ? { timeMs: 500, minIterations: 2 } : {});
  process.stdout.write('scenario turns: CPU time per turn of a generated scenario on the reference runtime (flat: the long run\'s late turns cost no more than the short run\'s)\n\n');
  process.stdout.write('| turns | operations | per turn | per turn, last tenth | runs |\n| ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of results) process.stdout.write(`| ${r.turns} | ${r.operations} | ${r.usPerTurn.toFixed(0)} µs | ${r.lateUsPerTurn.toFixed(0)} µs | ${r.iterations} |\n`);
  const [short, long] = [results[0], results[results.length - 1]];
  if (short !== undefined && long !== undefined && long !== short) {
    const ratio = long.lateUsPerTurn / short.lateUsPerTurn;
    process.stdout.write(`\nlate turns at ${long.turns} over late turns at ${short.turns}: ${ratio.toFixed(2)}× (flat is about 1×; a step that is O(turns) would make it about ${(long.turns / short.turns).toFixed(0)}×)\n`);
  }
}
