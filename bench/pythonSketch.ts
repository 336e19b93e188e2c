import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCORE, ReferenceRuntime } from '../src/model/ReferenceRuntime.ts';
import type { PythonSketchMeasurement, PythonSketchReport } from '../src/report/bench/BenchReport.ts';
import { formatNs, formatSize } from '../src/report/bench/benchFormat.ts';
import { PYTHON_SKETCH_SIZES } from '../src/report/bench/benchTargets.ts';
import { ContentSource } from '../src/run/bench/ContentSource.ts';
import { cpuNow, median } from '../src/run/bench/cpuClock.ts';
import { heapAfterGc } from '../src/run/bench/heapAfterGc.ts';
import { Rng } from '../src/run/bench/Rng.ts';
import { BenchError } from './BenchError.ts';
import { BENCH_CAPACITY, expect, SMALL_CONTENT } from './Fixture.ts';

/** The Python transcription of seed 000's `prune`. */
export const SEED_PRUNE_SCRIPT = fileURLToPath(new URL('./python/seedPrune.py', import.meta.url));

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
 * The reference's side: per round, a fresh runtime holding every span as a persisted raw tool output (untimed,
 * then a full GC), then `apply({ kind: 'prune', spanId })` on each in `order`, timed around the loop only. Each
 * prune verifies the backing copy (one sha256 of content never hashed before), writes the tombstone and the
 * marker, and logs the outcome: the operation the "reversible prune" rows measure.
 */
function referenceRounds(input: SketchInput, warmup: number, rounds: number): { cpu: number[]; wall: number[] } {
  const cpu: number[] = [];
  const wall: number[] = [];
  // Fresh id strings, equal to the runtime's keys but not the same objects, as ids parsed from a model's output are.
  const ops = input.order.map((i) => ({ kind: 'prune', spanId: `s-${String(i)}` }) as const);
  for (let round = 0; round < warmup + rounds; round += 1) {
    let rt: ReferenceRuntime | undefined = new ReferenceRuntime({ capacity: BENCH_CAPACITY });
    for (let i = 0; i < input.ids.length; i += 1) {
      const spanId = input.ids[i] as string;
      expect(rt.apply({ kind: 'append', span: { id: spanId, kind: 'raw', rawKind: 'tool-output', content: input.contents[i] as string, persist: true } }), 'appended', spanId);
    }
    heapAfterGc();
    const outcomes = new Array<unknown>(ops.length);
    const wall0 = performance.now();
    const cpu0 = cpuNow();
    for (let i = 0; i < ops.length; i += 1) outcomes[i] = rt.apply(ops[i] as (typeof ops)[number]);
    const cpuMs = cpuNow() - cpu0;
    const wallMs = performance.now() - wall0;
    for (let i = 0; i < ops.length; i += 1) {
      const outcome = outcomes[i] as { kind: string; mode?: string };
      if (outcome.kind !== 'evicted' || outcome.mode !== 'reversible') {
        throw new BenchError('WRONG_PATH', `python sketch bench at ${size(input)}: the reference answered ${JSON.stringify(outcome).slice(0, 200)} to ${JSON.stringify(ops[i])}; it measures a reversible eviction`);
      }
    }
    if (round >= warmup) {
      cpu.push((cpuMs * 1e6) / ops.length);
      wall.push((wallMs * 1e6) / ops.length);
    }
    rt = undefined;
  }
  return { cpu, wall };
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
 * lands on both). Content goes to the Python process as a JSON file, so both prune the same bytes.
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
            const r = referenceRounds(input, warmupRounds(options, s), options.rounds);
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
