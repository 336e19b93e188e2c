import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckedStepMeasurement, StepCost } from '../src/report/bench/CheckedStepMeasurement.ts';
import { checkAdapter, DEFAULTS } from '../src/run/runtime/checkAdapter.ts';
import { referenceAdapter } from '../src/subjects/reference.ts';
import { BenchError } from './BenchError.ts';

/**
 * Issue 26's first target: a checked operation against a bare fast-check model-run step, in the same process and
 * round, as CPU time per step. The baseline is what the issue names: `fc.asyncModelRun` over a Map with six
 * commands, the commands drawn as the engine draws its steps (`fc.commands`, up to 80, `size: 'max'`).
 */

type MapModel = { readonly entries: Map<string, number> };
type MapCommand = fc.AsyncCommand<MapModel, Map<string, number>>;

/** The number of model-run commands run so far (each `run` counts one): the denominator of the baseline. */
let modelSteps = 0;

const key = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');

function agree(what: string, expected: unknown, actual: unknown): void {
  if (expected !== actual) throw new BenchError('WRONG_PATH', `the bare model run disagreed on ${what}: ${String(expected)} against ${String(actual)}`);
}

class SetCommand implements MapCommand {
  constructor(readonly k: string, readonly v: number) {}
  check = () => true;
  async run(m: MapModel, r: Map<string, number>): Promise<void> {
    modelSteps += 1;
    m.entries.set(this.k, this.v);
    r.set(this.k, this.v);
  }
  toString = () => `set(${this.k}, ${this.v})`;
}

class GetCommand implements MapCommand {
  constructor(readonly k: string) {}
  check = () => true;
  async run(m: MapModel, r: Map<string, number>): Promise<void> {
    modelSteps += 1;
    agree(`get(${this.k})`, m.entries.get(this.k), r.get(this.k));
  }
  toString = () => `get(${this.k})`;
}

class HasCommand implements MapCommand {
  constructor(readonly k: string) {}
  check = () => true;
  async run(m: MapModel, r: Map<string, number>): Promise<void> {
    modelSteps += 1;
    agree(`has(${this.k})`, m.entries.has(this.k), r.has(this.k));
  }
  toString = () => `has(${this.k})`;
}

class DeleteCommand implements MapCommand {
  constructor(readonly k: string) {}
  check = (m: Readonly<MapModel>) => m.entries.has(this.k);
  async run(m: MapModel, r: Map<string, number>): Promise<void> {
    modelSteps += 1;
    agree(`delete(${this.k})`, m.entries.delete(this.k), r.delete(this.k));
  }
  toString = () => `delete(${this.k})`;
}

class SizeCommand implements MapCommand {
  check = () => true;
  async run(m: MapModel, r: Map<string, number>): Promise<void> {
    modelSteps += 1;
    agree('size', m.entries.size, r.size);
  }
  toString = () => 'size';
}

class ClearCommand implements MapCommand {
  check = (m: Readonly<MapModel>) => m.entries.size > 0;
  async run(m: MapModel, r: Map<string, number>): Promise<void> {
    modelSteps += 1;
    m.entries.clear();
    r.clear();
  }
  toString = () => 'clear';
}

const mapCommands = fc.commands(
  [
    fc.tuple(key, fc.integer()).map(([k, v]) => new SetCommand(k, v)),
    key.map((k) => new GetCommand(k)),
    key.map((k) => new HasCommand(k)),
    key.map((k) => new DeleteCommand(k)),
    fc.constant(new SizeCommand()),
    fc.constant(new ClearCommand()),
  ],
  { maxCommands: DEFAULTS.maxSteps, size: 'max' },
);

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU ms and model-run commands of `fc.assert` over the Map model at `runs`. */
async function modelRun(seed: number, runs: number): Promise<{ steps: number; cpuMs: number }> {
  const property = fc.asyncProperty(mapCommands, (commands) => fc.asyncModelRun(() => ({ model: { entries: new Map<string, number>() }, real: new Map<string, number>() }), commands));
  modelSteps = 0;
  const started = cpuMs();
  await fc.assert(property, { seed, numRuns: runs });
  return { steps: modelSteps, cpuMs: cpuMs() - started };
}

/** CPU ms and operations checked of a check of the reference adapter at `runs` (explicit examples off). */
async function checked(seed: number, runs: number, outDir: string): Promise<{ steps: number; cpuMs: number }> {
  const started = cpuMs();
  const report = await checkAdapter(referenceAdapter, { runs, seed, outDir, examples: false, reruns: 0 });
  const spent = cpuMs() - started;
  if (report.verdict === 'violation' || report.verdict === 'error') throw new BenchError('WRONG_PATH', `the check of the reference (seed ${seed}, ${runs} runs) answered ${report.verdict}`);
  return { steps: report.opsChecked, cpuMs: spent };
}

function cost(full: { steps: number; cpuMs: number }, startup: { steps: number; cpuMs: number }): StepCost {
  const steps = Math.max(full.steps - startup.steps, 1);
  return { steps: full.steps, cpuMs: full.cpuMs, startupSteps: startup.steps, startupCpuMs: startup.cpuMs, usPerStep: ((full.cpuMs - startup.cpuMs) * 1000) / steps };
}

/**
 * `rounds` interleaved rounds after one warm-up of each side: per round, the bare model run and the checked
 * reference each at `runs` and at one run (the start-up subtracted), the order of the two swapped every round.
 */
export async function measureCheckedStep(options: { readonly seed: number; readonly runs: number; readonly rounds: number }, log: (line: string) => void = () => {}): Promise<CheckedStepMeasurement[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-checked-step-'));
  const { seed, runs } = options;
  try {
    // Warm-up on another seed: at 200 runs the first measured round still read 15-30 % slower than the next.
    await modelRun(seed + 1, Math.min(runs, 1_000));
    await checked(seed + 1, Math.min(runs, 1_000), outDir);
    const rounds: CheckedStepMeasurement[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      const loadAverage = loadavg()[0] ?? 0;
      const measureModel = async () => cost(await modelRun(seed, runs), await modelRun(seed, 1));
      const measureChecked = async () => cost(await checked(seed, runs, outDir), await checked(seed, 1, outDir));
      let model: StepCost;
      let check: StepCost;
      if (round % 2 === 1) {
        model = await measureModel();
        check = await measureChecked();
      } else {
        check = await measureChecked();
        model = await measureModel();
      }
      const measured = { round, runs, seed, modelRun: model, checked: check, ratio: check.usPerStep / model.usPerStep, loadAverage };
      log(`    round ${round}: ${measured.ratio.toFixed(1)}× (${check.usPerStep.toFixed(1)} µs per checked operation over ${check.steps} operations, ${model.usPerStep.toFixed(2)} µs per model-run command over ${model.steps}; load ${loadAverage.toFixed(1)})`);
      rounds.push(measured);
    }
    return rounds;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** `tsx bench/checkedStepVsModelRun.ts [runs] [rounds] [seed]`: the rounds alone, printed. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const [runs = 2_000, rounds = 3, seed = 24301] = process.argv.slice(2).map(Number);
  measureCheckedStep({ runs, rounds, seed }, (line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  });
}

/** Runs and rounds per bench mode: the 2,000 runs in a full bench, a short indicative round in a quick one. */
export const CHECKED_STEP_RUNS = { full: { runs: 2_000, rounds: 3 }, quick: { runs: 200, rounds: 1 } } as const;
