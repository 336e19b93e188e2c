import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCORE } from '../src/model/ReferenceRuntime.ts';
import type { PythonSketchMeasurement, PythonSketchReport } from '../src/report/bench/BenchReport.ts';
import { formatNs, formatSize } from '../src/report/bench/benchFormat.ts';
import { PYTHON_SKETCH_SIZES } from '../src/report/bench/benchTargets.ts';
import { ContentSource } from '../src/run/bench/ContentSource.ts';
import { median } from '../src/run/bench/cpuClock.ts';
import { Rng } from '../src/run/bench/Rng.ts';
import { BenchError } from './BenchError.ts';
import { SMALL_CONTENT } from './Fixture.ts';

/** The Python transcription of seed 000's `prune`. */
export const SEED_PRUNE_SCRIPT = fileURLToPath(new URL('./python/seedPrune.py', import.meta.url));
/** The reference's side, a Node process of its own. */
const REFERENCE_ROUNDS_SCRIPT = fileURLToPath(new URL('./children/referencePruneRounds.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Rounds per side: `blocks` alternations of the two sides, each unreported warm-up rounds then `rounds` measured.
 * Warm-up is counted in prunes, at least `warmupPrunes` (and one round), so the reference is measured with its
 * prune path compiled at every size: a round of 10³ prunes alone ends before V8 optimizes it. Python has no JIT;
 * it runs the same warm-up rounds.
 */
export interface PythonSketchOptions {
  readonly seed: number;
  readonly sizes: readonly number[];
  readonly blocks: number;
  readonly warmupPrunes: number;
  readonly rounds: number;
  readonly python?: string;
}

export const PYTHON_SKETCH_RUNS = {
  full: { blocks: 3, warmupPrunes: 20_000, rounds: 5 },
  quick: { blocks: 2, warmupPrunes: 10_000, rounds: 3 },
} as const;

function warmupRounds(options: PythonSketchOptions, size: number): number {
  return Math.max(1, Math.ceil(options.warmupPrunes / size));
}

/** What both sides are given: the same ids and contents, and the same seeded order to prune them in. */
interface SketchInput {
  readonly ids: string[];
  readonly contents: string[];
  readonly order: number[];
  readonly meanContentBytes: number;
}

function sketchInput(seed: number, size: number): SketchInput {
  const source = new ContentSource(seed, `python-sketch:${size}`, SMALL_CONTENT.min, SMALL_CONTENT.max);
  const ids = Array.from({ length: size }, (_, i) => `s-${String(i)}`);
  const contents = ids.map((id) => source.next(id));
  const order = new Rng(seed, `python-sketch:order:${size}`).shuffle(ids.map((_, i) => i));
  return { ids, contents, order, meanContentBytes: source.meanBytes };
}

/**
 * The reference's side, in a fresh process of its own as the Python side is (`children/referencePruneRounds.ts`:
 * why), and single-threaded as the Python interpreter is (`--single-threaded`: V8 collects and compiles on the
 * main thread, so the process's CPU time is the prunes' own and not, for a loop of a millisecond, the sweeping a
 * collector thread still does after the untimed set-up's collection).
 */
function referenceRounds(file: string, input: SketchInput): { cpu: number[]; wall: number[] } {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const child = spawnSync(process.execPath, ['--single-threaded', '--expose-gc', '--import', 'tsx', REFERENCE_ROUNDS_SCRIPT, file], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.error !== undefined || child.status !== 0) {
    throw new BenchError('WRONG_PATH', `the reference's side of the python sketch bench at ${size(input)} spans failed (${child.error?.message ?? `exit ${String(child.status)}`}): ${child.stderr.slice(0, 400)}`, { cause: child.error });
  }
  const answer = JSON.parse(child.stdout) as { cpuNsPerPrune: number[]; wallNsPerPrune: number[]; prunes: number };
  if (answer.prunes !== input.order.length) throw new BenchError('WRONG_PATH', `referencePruneRounds.ts pruned ${answer.prunes} spans per round, expected ${input.order.length}`);
  return { cpu: answer.cpuNsPerPrune, wall: answer.wallNsPerPrune };
}

const size = (input: SketchInput): string => formatSize(input.ids.length);

interface PythonAnswer {
  readonly python: string;
  readonly cpuNsPerPrune: number[];
  readonly wallNsPerPrune: number[];
  readonly prunes: number;
}

/** The Python side: one process for `warmup + rounds` rounds on the contents in `file`. */
function pythonRounds(python: string, file: string, input: SketchInput): PythonAnswer {
  const child = spawnSync(python, [SEED_PRUNE_SCRIPT, file], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.error !== undefined || child.status !== 0) {
    throw new BenchError('WRONG_PATH', `${python} ${SEED_PRUNE_SCRIPT} at ${size(input)} spans failed (${child.error?.message ?? `exit ${String(child.status)}`}): ${child.stderr.slice(0, 400)}`, { cause: child.error });
  }
  const answer = JSON.parse(child.stdout) as PythonAnswer;
  if (answer.prunes !== input.order.length) throw new BenchError('WRONG_PATH', `seedPrune.py pruned ${answer.prunes} spans per round, expected ${input.order.length}`);
  return answer;
}

/** The version of `python`, or why it cannot run. */
function pythonVersion(python: string): { version: string } | { missing: string } {
  const child = spawnSync(python, ['-c', 'import sys; print(sys.version.split()[0])'], { encoding: 'utf8' });
  if (child.error !== undefined || child.status !== 0) return { missing: `${python} could not be run (${child.error?.message ?? `exit ${String(child.status)}`}): install Python 3 to measure the seed-000 sketch` };
  return { version: child.stdout.trim() };
}

/**
 * Measures the reference's reversible prune against the seed-000 Python sketch at each of `PYTHON_SKETCH_SIZES`
 * this run covers, the two sides alternating block by block (the order swapped every block, so a burst of load
 * lands on both). Each side runs a block in a fresh process of its own, given the same JSON file, so both prune
 * the same bytes from a heap that holds their window and nothing else.
 */
export function measurePythonSketch(options: PythonSketchOptions, log: (line: string) => void): PythonSketchReport {
  const python = options.python ?? 'python3';
  const skipped: string[] = [];
  const found = pythonVersion(python);
  if ('missing' in found) return { python: 'none', measurements: [], skipped: [found.missing] };
  const sizes = PYTHON_SKETCH_SIZES.filter((s) => options.sizes.includes(s));
  for (const s of PYTHON_SKETCH_SIZES) if (!sizes.includes(s)) skipped.push(`seed-000 Python sketch at ${formatSize(s)} spans: this run's sizes (${options.sizes.map(formatSize).join(', ')}) do not include it`);
  const dir = mkdtempSync(join(tmpdir(), 'prunecheck-python-sketch-'));
  const measurements: PythonSketchMeasurement[] = [];
  try {
    for (const s of sizes) {
      const input = sketchInput(options.seed, s);
      const file = join(dir, `content-${s}.json`);
      writeFileSync(file, JSON.stringify({ ids: input.ids, contents: input.contents, order: input.order.map((i) => input.ids[i]), warmup: warmupRounds(options, s), rounds: options.rounds, policyVersion: 'policy-1', score: DEFAULT_SCORE }));
      const ref = { cpu: [] as number[], wall: [] as number[] };
      const py = { cpu: [] as number[], wall: [] as number[] };
      for (let block = 0; block < options.blocks; block += 1) {
        const sides = [
          () => {
            const r = referenceRounds(file, input);
            ref.cpu.push(...r.cpu);
            ref.wall.push(...r.wall);
          },
          () => {
            const p = pythonRounds(python, file, input);
            py.cpu.push(...p.cpuNsPerPrune);
            py.wall.push(...p.wallNsPerPrune);
          },
        ];
        if (block % 2 === 1) sides.reverse();
        for (const side of sides) side();
      }
      const m: PythonSketchMeasurement = {
        size: s,
        prunes: input.order.length,
        meanContentBytes: input.meanContentBytes,
        referenceNsPerPrune: median(ref.cpu),
        pythonNsPerPrune: median(py.cpu),
        referenceRounds: ref.cpu,
        pythonRounds: py.cpu,
        referenceWallNsPerPrune: median(ref.wall),
        pythonWallNsPerPrune: median(py.wall),
      };
      measurements.push(m);
      log(`    ${`seed-000 Python sketch @ ${formatSize(s)}`.padEnd(36)} reference ${formatNs(m.referenceNsPerPrune)}, python ${formatNs(m.pythonNsPerPrune)} per prune (${(m.referenceNsPerPrune / m.pythonNsPerPrune).toFixed(2)}×, ${ref.cpu.length} rounds each)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { python: found.version, measurements, skipped };
}
