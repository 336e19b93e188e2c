import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { getCurrentTest } from 'vitest/suite';
import type { AppendOp, Operation } from '../../src/model/Operation.ts';
import type { Outcome } from '../../src/model/Outcome.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../src/model/ReferenceRuntime.ts';
import type { SpanInput } from '../../src/model/Span.ts';

/** sha256 hex, recomputed here with node:crypto so tests never trust the model's own `digest`. */
export function sha256(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/**
 * Index entries free, as 1.0 accounted them (D-10): for tests whose token figures are about spans. INV-29's own
 * tests (spec/model/markers.test.ts) and the random-sequence properties charge them.
 */
export const FREE_MARKERS = { markerTokens: 0 } as const;

/**
 * What an index entry costs in the random-sequence properties' 24-token windows: at seed 002's ~15 a window would
 * hold one span; 2 keeps the usual mix while markers still cost capacity and crowded ones fold (INV-29).
 */
export const SMALL_MARKERS = { markerTokens: 2 } as const;

/** A fresh reference runtime; `capacity` in tokens (default roomy). */
export function episode(capacity = 10_000, config: Omit<RuntimeConfig, 'capacity'> = {}): ReferenceRuntime {
  return new ReferenceRuntime({ capacity, ...config });
}

type SpanExtras = Omit<SpanInput, 'id' | 'kind' | 'content' | 'sources'>;

/** `append` of a raw observation. */
export function raw(id: string, content: string, extra: SpanExtras = {}): AppendOp {
  return { kind: 'append', span: { id, kind: 'raw', content, ...extra } };
}

/** `append` of a derived span declaring `sources`. */
export function derived(id: string, content: string, sources: readonly string[], extra: SpanExtras = {}): AppendOp {
  return { kind: 'append', span: { id, kind: 'derived', content, sources, ...extra } };
}

/** Applies every op in order and answers their outcomes. */
export function applyAll(rt: ReferenceRuntime, ...ops: Operation[]): Outcome[] {
  return ops.map((op) => rt.apply(op));
}

/** Narrows an outcome to `kind`, failing with the whole outcome when it is something else. */
export function expectKind<K extends Outcome['kind']>(outcome: Outcome, kind: K): Extract<Outcome, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected outcome '${kind}', got ${JSON.stringify(outcome)}`);
  return outcome as Extract<Outcome, { kind: K }>;
}

/** Applies `op` and narrows its outcome to `kind`. */
export function applyExpect<K extends Outcome['kind']>(rt: ReferenceRuntime, op: Operation, kind: K): Extract<Outcome, { kind: K }> {
  return expectKind(rt.apply(op), kind);
}

/** Everything observable about `ids` plus the global counters, as plain data to compare with `toEqual`. */
export function snapshot(rt: ReferenceRuntime, ids: readonly string[], signatures: readonly string[] = []) {
  const spans = Object.fromEntries(
    ids.map((id) => {
      const span = rt.span(id);
      const handle = rt.store.handleFor(id);
      return [
        id,
        {
          observed: rt.observe(id),
          lookup: rt.lookup(id),
          meta: span && { score: span.score, floored: span.floored, tokens: span.tokens, sources: span.sources, frame: span.derivationFrame },
          store: handle === undefined ? undefined : { handle, read: rt.store.read(handle) },
        },
      ];
    }),
  );
  return {
    spans,
    used: rt.window.used,
    residentTokens: rt.window.residentTokens,
    size: rt.window.size,
    tombstones: rt.tombstones.size,
    frame: rt.frame,
    versions: [rt.modelVersion, rt.policyVersion],
    ledger: signatures.map((signature) => rt.ledger.get(signature)),
  };
}

type Snapshot = ReturnType<typeof snapshot>;

/**
 * A snapshot with rejection notices dropped: the one change a refused directive may make (INV-12, INV-15), with
 * what writing one costs: the index's tokens, and older entries folded into the gap marker (INV-29).
 */
export function ignoringNotices(snap: Snapshot): Omit<Snapshot, 'used'> {
  const spans = Object.fromEntries(
    Object.entries(snap.spans).map(([id, entry]) => {
      const { gap: _gap, ...observed } = entry.observed;
      const index = observed.index?.kind === 'rejected' ? undefined : observed.index;
      return [id, { ...entry, observed: { ...observed, index } }];
    }),
  );
  const { used: _used, ...rest } = snap;
  return { ...rest, spans };
}

/**
 * fast-check parameters: one seed for the run, `FC_SEED` to replay. The seed is fixed by default so CI is
 * deterministic; `assertProperty` prints the command that replays a failure.
 */
export function fcParams(numRuns = 200): { seed: number; numRuns: number } {
  const fromEnv = Number(process.env['FC_SEED']);
  return { seed: Number.isInteger(fromEnv) ? fromEnv : 20_261_130, numRuns };
}

/**
 * Runs a synchronous fast-check property with `fcParams`; on failure the error names the command that replays
 * it (fast-check's own message carries the seed and the shrunk counterexample).
 */
export function assertProperty<Ts>(file: string, property: fc.IProperty<Ts>, numRuns = 200): void {
  const params = fcParams(numRuns);
  // The replay command filters on the running test's own name, so callers never spell it twice. `-t` is a
  // regular expression matched against the name, hence the escaping.
  const testName = (getCurrentTest()?.name ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    fc.assert(property, params);
  } catch (error) {
    const replay = `FC_SEED=${params.seed} npx vitest run ${file} -t ${JSON.stringify(testName)}`;
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nreplay: ${replay}`, { cause: error });
  }
}
