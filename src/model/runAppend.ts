import type { AppendOp } from './Operation.ts';
import type { Appended, WindowFull } from './Outcome.ts';
import { DEFAULT_SCORE, type ReferenceRuntime } from './ReferenceRuntime.ts';
import { estimateTokens } from './Span.ts';
import { SpanRecord } from './SpanRecord.ts';

const NO_SOURCES: readonly string[] = Object.freeze([]);

/**
 * Adds a span at the tail of the window (INV-13: at capacity the answer is `window-full` and nothing changes).
 * A derived span's derivation is tied to the current frame epoch (INV-08, D-11); `persist` copies it to the
 * backing store, as a tool-call log does.
 */
export function runAppend(rt: ReferenceRuntime, op: AppendOp): Appended | WindowFull {
  const input = op.span;
  const tokens = input.tokens ?? estimateTokens(input.content);
  if (!rt.window.fits(tokens)) return rt.full(input.id, tokens);
  // One shared empty list rather than a fresh one per span: most spans are raw and declare no sources.
  const sources = input.sources ?? NO_SOURCES;
  const span = new SpanRecord({
    id: input.id,
    kind: input.kind,
    rawKind: input.kind === 'raw' ? (input.rawKind ?? 'other') : undefined,
    content: input.content,
    tokens,
    score: input.score ?? DEFAULT_SCORE,
    sources,
    derivationFrame: input.kind === 'derived' && sources.length > 0 ? rt.frameEpoch : undefined,
    provenance: undefined,
    tokenStart: rt.claimTokens(tokens),
    appendedAt: rt.step,
  });
  rt.admit(span);
  const handle = input.persist === true ? rt.store.put(span.id, span.content) : undefined;
  return { kind: 'appended', spanId: span.id, handle };
}
