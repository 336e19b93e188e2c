/**
 * How the generated runs of one check are split, for worker threads and for CI shards alike: run indices are
 * fast-check's (run i draws its episode from the seed alone, whatever ran before it), grouped into chunks of
 * consecutive runs. The split depends on the number of runs only, never on the number of workers or
 * shards, so every way of running a check runs the same episodes.
 */

/** The fewest runs in a chunk: a chunk costs one fast-check call (which skips to its first run) and one message. */
export const MIN_CHUNK_RUNS = 8;
/** At most this many chunks: reaching run i replays i draws of the seed's generator, so chunks stay few. */
export const MAX_CHUNKS = 128;

/** Runs per chunk for a check of `runs` runs. */
export function chunkSize(runs: number): number {
  return Math.max(MIN_CHUNK_RUNS, Math.ceil(runs / MAX_CHUNKS));
}

export function chunkCount(runs: number): number {
  return Math.ceil(runs / chunkSize(runs));
}

/** The runs of one chunk: `count` runs from index `start`. */
export function chunkRuns(chunk: number, runs: number): { readonly start: number; readonly count: number } {
  const size = chunkSize(runs);
  const start = chunk * size;
  return { start, count: Math.max(0, Math.min(size, runs - start)) };
}

/** One part of a check split across CI jobs: `index` from 1 to `count` (`--shard 2/3`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The chunks shard `index`/`count` runs: every `count`th chunk, from chunk `index - 1`. */
export function shardChunks(shard: Shard, runs: number): number[] {
  const chunks: number[] = [];
  for (let chunk = shard.index - 1; chunk < chunkCount(runs); chunk += shard.count) chunks.push(chunk);
  return chunks;
}

/** The runs shard `index`/`count` runs. */
export function shardRuns(shard: Shard, runs: number): number {
  return shardChunks(shard, runs).reduce((sum, chunk) => sum + chunkRuns(chunk, runs).count, 0);
}
