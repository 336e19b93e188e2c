import type { Adapter, PruningSystem } from '../../../adapters/Adapter.ts';
import type { Operation } from '../../../model/Operation.ts';
import { AdapterBenchError } from '../AdapterBenchError.ts';
import { ContentSource } from '../ContentSource.ts';
import { heapAfterGc } from '../heapAfterGc.ts';
import { Rng } from '../Rng.ts';
import { spanPools } from '../spanPools.ts';
import { driveOperations } from './driveOperations.ts';

/** Tokens are not what is measured: the window is large enough that no operation answers `window-full`. */
export const RUNTIME_BENCH_CAPACITY = 2 ** 50;

/**
 * Operations per batch while building (a protocol child gets each chunk as one `batch`): its answer observes every
 * span the chunk names, content included, and must stay under the protocol client's 8 MiB line limit.
 */
const BUILD_CHUNK = 500;

export const RUNTIME_WINDOW =
  'N resident spans: 80 % raw tool outputs persisted at append (half of them prune targets, half read targets), 10 % raw ' +
  'spans never persisted, 10 % derived spans each declaring two resident raw sources; beside them N/10 spans appended and ' +
  'pruned reversibly (the pruned pool). Content 512–1536 B per span from the seed; targets drawn at random from the seed.';

const id = (i: number): string => `s-${i}`;

/**
 * One subject's window of `size` resident spans with the pools of targets the paths draw from. Targets that a
 * path uses up (a pruned span, a lossy-pruned one) leave their pool; `take` answers fresh ones and rebuilds the
 * window (untimed) when a pool runs short or the window has grown by a quarter, so every timed call acts on a
 * fresh target of a window of `size` spans.
 */
export class RuntimeWindow {
  readonly size: number;
  private readonly adapter: Adapter;
  private readonly seed: number;
  private readonly subject: string;
  system: PruningSystem | undefined;
  reversible: string[] = [];
  reads: string[] = [];
  volatile: string[] = [];
  pruned: string[] = [];
  derivations: Record<string, readonly string[]> = {};
  growth = 0;
  builds = 0;
  /** Heap per resident span from the first build, when a collector is reachable and the system is in-process. */
  bytesPerSpan: number | undefined;
  contentBytesPerSpan = 0;
  private serial = 0;
  private content: ContentSource;

  constructor(adapter: Adapter, subject: string, size: number, seed: number) {
    this.adapter = adapter;
    this.subject = subject;
    this.size = size;
    this.seed = seed;
    this.content = new ContentSource(seed, `runtime:${size}`);
  }

  /** A span id never used in this window. */
  freshId(prefix: string): string {
    this.serial += 1;
    return `${prefix}-${this.builds}-${this.serial}`;
  }

  /** Content for a new span, from the seed. */
  nextContent(spanId: string): string {
    return this.content.next(spanId);
  }

  /** Builds the window afresh when `need` targets are not left in `pool` or the window has grown by a quarter. */
  async ensure(pool: 'reversible' | 'volatile' | 'reads', need: number): Promise<PruningSystem> {
    if (this.system === undefined || this[pool].length < need || this.growth > Math.max(100, this.size / 4)) await this.build(this.system === undefined);
    return this.system as PruningSystem;
  }

  /** Takes `count` targets out of a pool (they are used up). */
  take(pool: 'reversible' | 'volatile', count: number): string[] {
    return this[pool].splice(this[pool].length - count, count);
  }

  async close(): Promise<void> {
    await this.system?.close?.();
    this.system = undefined;
  }

  private async build(first: boolean): Promise<void> {
    await this.close();
    this.builds += 1;
    this.growth = 0;
    this.content = new ContentSource(this.seed, `runtime:${this.size}`);
    const before = first ? heapAfterGc() : undefined;
    const system = await this.adapter.create({ capacity: RUNTIME_BENCH_CAPACITY });
    this.system = system;
    const ops: Operation[] = [];
    let bytes = 0;
    for (let i = 0; i < this.size; i += 1) {
      const content = this.content.next(id(i));
      bytes += content.length;
      const role = i % 10;
      ops.push(role === 9 ? { kind: 'append', span: { id: id(i), kind: 'derived', content, sources: [id(i - 9), id(i - 5)] } } : { kind: 'append', span: { id: id(i), kind: 'raw', rawKind: 'tool-output', content, persist: role <= 7 } });
    }
    const prunedCount = Math.max(10, Math.floor(this.size / 10));
    for (let j = 0; j < prunedCount; j += 1) {
      const spanId = `p-${this.builds}-${j}`;
      ops.push({ kind: 'append', span: { id: spanId, kind: 'raw', rawKind: 'tool-output', content: this.content.next(spanId), persist: true } }, { kind: 'prune', spanId });
    }
    await this.apply(system, ops);
    this.contentBytesPerSpan = bytes / this.size;
    if (before !== undefined) {
      const after = heapAfterGc();
      // The appended content and the pruned pool are counted with the spans: what the runtime keeps for a window of N.
      if (after !== undefined) this.bytesPerSpan = (after - before) / this.size;
    }
    this.pools(prunedCount);
    // A first lookup of a raw span may verify its backing copy once (the reference memoizes the digest): done here,
    // untimed, so the read paths measure reads and the prune paths the first verification of their targets.
    if (this.adapter.capabilities.operations.includes('lookup')) {
      const lookups = this.reads.map((spanId): Operation => ({ kind: 'lookup', spanId }));
      for (let start = 0; start < lookups.length; start += BUILD_CHUNK) await driveOperations(system, lookups.slice(start, start + BUILD_CHUNK));
    }
  }

  private async apply(system: PruningSystem, ops: readonly Operation[]): Promise<void> {
    for (let start = 0; start < ops.length; start += BUILD_CHUNK) {
      const chunk = ops.slice(start, start + BUILD_CHUNK);
      const answers = await driveOperations(system, chunk);
      answers.forEach((answer, k) => {
        const op = chunk[k] as Operation;
        const wanted = op.kind === 'append' ? 'appended' : 'evicted';
        if ('outcome' in answer && answer.outcome.kind === wanted) return;
        const span = op.kind === 'append' ? op.span.id : op.kind === 'prune' ? op.spanId : '';
        throw new AdapterBenchError('BUILD_FAILED', `${this.subject}: building the window of ${this.size} spans, ${op.kind} '${span}' answered ${JSON.stringify(answer).slice(0, 200)}, expected '${wanted}'; the benchmark needs a runtime that appends and prunes persisted spans`);
      });
    }
  }

  private pools(prunedCount: number): void {
    const pools = spanPools(this.size, new Rng(this.seed, `pools:${this.size}:${this.builds}`));
    this.reversible = pools.reversible;
    this.reads = pools.reads;
    this.volatile = pools.volatile;
    this.derivations = Object.fromEntries(pools.derivations.map((d) => [d.id, d.sources]));
    this.pruned = Array.from({ length: prunedCount }, (_, j) => `p-${this.builds}-${j}`);
  }
}
