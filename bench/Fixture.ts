import type { Operation } from '../src/model/Operation.ts';
import type { Outcome } from '../src/model/Outcome.ts';
import type { BenchSubject } from '../src/report/bench/BenchReport.ts';
import { BenchError } from './BenchError.ts';
import { ContentSource } from '../src/run/bench/ContentSource.ts';
import { Rng } from '../src/run/bench/Rng.ts';
import { spanPools } from '../src/run/bench/spanPools.ts';
import { heapAfterGc } from '../src/run/bench/heapAfterGc.ts';

/** What the benches drive: anything with the reference model's synchronous `apply`. */
export interface BenchRuntime {
  apply(op: Operation): Outcome;
}

/** How to make one subject's runtime, and how to pre-compute its per-span memo (untimed, unlogged). */
export interface SubjectFactory {
  readonly subject: Exclude<BenchSubject, 'ceiling'>;
  /** Spans in the pruned pool; default N/10 (at least 10). */
  prunedPool?(size: number): number;
  create(): BenchRuntime;
  warm?(runtime: BenchRuntime, spanId: string): void;
}

/** Tokens are not what is measured: the window is made large enough that no operation answers `window-full`. */
export const BENCH_CAPACITY = 2 ** 50;

export const WINDOW_COMPOSITION =
  'N resident spans: 80 % raw tool outputs persisted to the backing store at append, 10 % raw spans never persisted, ' +
  '10 % derived spans each declaring two resident raw sources; beside them N/10 spans appended and pruned reversibly ' +
  '(the pruned pool) and N request signatures in the ledger. Targets are drawn uniformly at random (seeded) across ' +
  'the whole window, never the recently appended tail.';

/** One derived span and the sources it declares; re-frames re-declare these. */
export interface Derivation {
  readonly id: string;
  readonly sources: readonly string[];
}

const id = (i: number): string => `s-${i}`;

/** A window's content lengths, in bytes, and a label that keeps its text apart from the default window's. */
export interface ContentRange {
  readonly label: string;
  readonly min: number;
  readonly max: number;
}

/** The small-content window of the hash target: ~250 B per span (uniform in 128–384). */
export const SMALL_CONTENT: ContentRange = { label: 'small', min: 128, max: 384 };

/**
 * A window of `size` resident spans for one subject, with the pools of ids the benches draw targets from.
 *
 * Pools hold fresh id strings (equal to, not the same objects as, the runtime's keys), as ids parsed from a
 * model's output would be. Tasks that add spans (`addVolatile`, summaries) count them in `growth`; once the
 * history reaches a quarter of the window, `refresh` rebuilds it, so a small window is never measured with a
 * history many times its own size.
 */
export class Fixture {
  readonly size: number;
  readonly factory: SubjectFactory;
  private readonly seed: number;
  rt: BenchRuntime;
  readonly content: ContentSource;
  /** Persisted raw spans whose digest has never been computed: prune-reversible targets. */
  reversible: string[] = [];
  /** Persisted raw spans with their digest memoized: lookup, claim and summary-source targets. */
  reads: string[] = [];
  /** Raw spans without a backing copy: lossy and rejected prune targets. Lossy prunes replace their entry. */
  volatile: string[] = [];
  derivations: Derivation[] = [];
  derivationRecord: Record<string, readonly string[]> = {};
  pruned: string[] = [];
  signatures: string[] = [];
  growth = 0;
  builds = 0;
  /** Bytes of heap per resident span, from the first build (when GC is exposed). */
  bytesPerSpan: number | undefined;
  contentBytesPerSpan = 0;
  private serial = 0;

  /** `content` sets the range of content lengths (default `ContentSource`'s ~1 KB); its label keeps the text apart. */
  constructor(factory: SubjectFactory, size: number, seed: number, content?: ContentRange) {
    this.factory = factory;
    this.size = size;
    this.seed = seed;
    this.content = content === undefined ? new ContentSource(seed, `${factory.subject}:${size}`) : new ContentSource(seed, `${factory.subject}:${size}:${content.label}`, content.min, content.max);
    this.rt = factory.create();
    this.build(true);
  }

  /** Rebuilds the window once tasks have added more than a quarter of its size in new spans. */
  refresh(): void {
    if (this.growth > Math.max(100, this.size / 4)) this.build(false);
  }

  /** A span id never used in this window. */
  freshId(prefix: string): string {
    this.serial += 1;
    return `${prefix}-${this.builds}-${this.serial}`;
  }

  /** Appends a new never-persisted raw span (untimed setup) and answers its id. */
  addVolatile(): string {
    const spanId = this.freshId('v');
    expect(this.rt.apply({ kind: 'append', span: { id: spanId, kind: 'raw', rawKind: 'tool-output', content: this.content.next(spanId) } }), 'appended', spanId);
    this.growth += 1;
    return spanId;
  }

  private build(measure: boolean): void {
    this.builds += 1;
    this.growth = 0;
    const before = measure ? heapAfterGc() : undefined;
    const rt = measure ? this.rt : this.factory.create();
    this.content.resetStats();
    for (let i = 0; i < this.size; i += 1) {
      const spanId = id(i);
      const role = i % 10;
      const content = this.content.next(spanId);
      if (role === 9) {
        rt.apply({ kind: 'append', span: { id: spanId, kind: 'derived', content, sources: [id(i - 9), id(i - 5)] } });
      } else {
        rt.apply({ kind: 'append', span: { id: spanId, kind: 'raw', rawKind: 'tool-output', content, persist: role <= 7 } });
      }
    }
    if (this.factory.warm !== undefined) {
      for (let i = 1; i < this.size; i += 2) if (i % 10 <= 7) this.factory.warm(rt, id(i));
    }
    this.contentBytesPerSpan = this.content.meanBytes;
    if (before !== undefined) {
      const after = heapAfterGc();
      if (after !== undefined) this.bytesPerSpan = (after - before) / this.size;
    }
    this.rt = rt;
    this.buildHistory(rt);
    this.buildPools();
  }

  /** The pruned pool and the ledger: history next to the resident window. */
  private buildHistory(rt: BenchRuntime): void {
    const prunedCount = this.factory.prunedPool?.(this.size) ?? Math.max(10, Math.floor(this.size / 10));
    this.pruned = [];
    for (let j = 0; j < prunedCount; j += 1) {
      const spanId = `p-${j}`;
      expect(rt.apply({ kind: 'append', span: { id: spanId, kind: 'raw', rawKind: 'tool-output', content: this.content.next(spanId), persist: true } }), 'appended', spanId);
      expect(rt.apply({ kind: 'prune', spanId }), 'evicted', spanId);
      this.pruned.push(`p-${String(j)}`);
    }
    this.signatures = [];
    for (let k = 0; k < this.size; k += 1) {
      rt.apply({ kind: 'callTool', signature: `sig-${k}`, requestId: `req-${k}` });
      this.signatures.push(`sig-${String(k)}`);
    }
  }

  private buildPools(): void {
    const pools = spanPools(this.size, new Rng(this.seed, `pools:${this.factory.subject}:${this.size}:${this.builds}`));
    this.reversible = pools.reversible;
    this.reads = pools.reads;
    this.volatile = pools.volatile;
    this.derivations = pools.derivations;
    this.derivationRecord = Object.fromEntries(pools.derivations.map((d) => [d.id, d.sources]));
  }
}

/** Fails the build loudly when setup does not do what the benches rely on. */
export function expect(outcome: Outcome, kind: Outcome['kind'], spanId: string): void {
  if (outcome.kind !== kind) {
    throw new BenchError('BUILD_FAILED', `building the window: '${spanId}' answered ${JSON.stringify(outcome).slice(0, 200)}, expected '${kind}'`);
  }
}
