// The reference's side of the seed-000 Python sketch comparison (bench/pythonSketch.ts), in a process of its own
// as the Python side is: a bench process that has just built windows of 10⁶ spans keeps a large heap, and its
// collector's work (marking and sweeping it, partly on other threads) landed in the prune loop's CPU time, up to
// several times the cost of the prunes themselves. Here the heap holds the window and nothing else.
//
// Usage: node --single-threaded --expose-gc --import tsx bench/children/referencePruneRounds.ts <input.json>
// Input: the Python side's file ({ ids, contents, order, warmup, rounds }); output (stdout):
// { "cpuNsPerPrune": [...], "wallNsPerPrune": [...], "prunes": n }, the warm-up rounds left out.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { cpuNow } from '../../src/run/bench/cpuClock.ts';
import { heapAfterGc } from '../../src/run/bench/heapAfterGc.ts';
import { BenchError } from '../BenchError.ts';
import { BENCH_CAPACITY, expect } from '../Fixture.ts';

/** What both sides are given: the spans' ids and contents, and the ids to prune, in order, as strings of their own. */
export interface SketchFile {
  readonly ids: readonly string[];
  readonly contents: readonly string[];
  readonly order: readonly string[];
  readonly warmup: number;
  readonly rounds: number;
}

/**
 * Per round, a fresh runtime holding every span as a persisted raw tool output (untimed, then a full GC), then
 * `apply({ kind: 'prune', spanId })` on each id in `order`, timed around the loop only. Each prune verifies the
 * backing copy (one sha256 of content never hashed before), writes the tombstone and the marker, and logs the
 * outcome: the operation the "reversible prune" rows measure. The ids come parsed from JSON, equal to the
 * runtime's keys but not the same strings, as ids parsed from a model's output are.
 */
export function referenceRounds(input: SketchFile): { cpuNsPerPrune: number[]; wallNsPerPrune: number[]; prunes: number } {
  const cpu: number[] = [];
  const wall: number[] = [];
  const ops = input.order.map((spanId) => ({ kind: 'prune', spanId }) as const);
  for (let round = 0; round < input.warmup + input.rounds; round += 1) {
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
        throw new BenchError('WRONG_PATH', `python sketch bench at ${input.ids.length} spans: the reference answered ${JSON.stringify(outcome).slice(0, 200)} to ${JSON.stringify(ops[i])}; it measures a reversible eviction`);
      }
    }
    if (round >= input.warmup) {
      cpu.push((cpuMs * 1e6) / ops.length);
      wall.push((wallMs * 1e6) / ops.length);
    }
    rt = undefined;
  }
  return { cpuNsPerPrune: cpu, wallNsPerPrune: wall, prunes: ops.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2];
  if (file === undefined) throw new BenchError('BAD_ARGUMENT', 'usage: node --single-threaded --expose-gc --import tsx bench/children/referencePruneRounds.ts <input.json>');
  process.stdout.write(`${JSON.stringify(referenceRounds(JSON.parse(readFileSync(file, 'utf8')) as SketchFile))}\n`);
}
