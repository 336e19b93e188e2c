import type { ReframeOp } from './Operation.ts';
import type { Reframed } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';

/**
 * A re-frame is a retention-invalidating event (seed 001, "Decision Boundary"), O(d + k): the resident spans that
 * can be derivable (the derived ones, `derivabilityCandidates`) and the ids the directive names:
 * 1. derivability is measured under the old frame;
 * 2. the frame changes, every span is re-scored (named spans get their new base score, a summary no more than its
 *    ceiling, INV-27), and derivations
 *    lapse, except those the directive re-declares and the runtime verifies against resident sources;
 * 3. a span derivable before and not after, with no resolvable pointer, is floored: no policy evicts it.
 */
export function runReframe(rt: ReferenceRuntime, op: ReframeOp): Reframed {
  const wasDerivable: Span[] = [];
  for (const span of rt.derivabilityCandidates()) if (rt.isDerivable(span)) wasDerivable.push(span);

  rt.frame = op.frame;
  rt.frameEpoch += 1;
  // Keys in Object.entries order (integer-like first, then insertion), without an [id, value] pair per entry.
  const scores = op.scores ?? {};
  for (const id of Object.keys(scores)) {
    const span = rt.span(id);
    if (span !== undefined) span.score = Math.min(scores[id] as number, span.ceiling ?? Number.POSITIVE_INFINITY);
  }
  const derivable: string[] = [];
  const derivations = op.derivations ?? {};
  for (const id of Object.keys(derivations)) {
    const sources = derivations[id] as readonly string[];
    const span = rt.window.get(id);
    if (span === undefined || span.kind !== 'derived') continue;
    if (!allResident(rt, sources)) continue;
    // A re-declaration of the same sources keeps the list the span has (equal, and never mutated).
    if (!sameIds(span.sources, sources)) (span as { sources: readonly string[] }).sources = [...sources];
    span.derivationFrame = rt.frameEpoch;
    span.floored = false;
    derivable.push(id);
  }
  const floored: string[] = [];
  for (const span of wasDerivable) {
    if (span.resident !== true || rt.isDerivable(span) || rt.hasResolvablePointer(span)) continue;
    span.floored = true;
    floored.push(span.id);
  }
  return { kind: 'reframed', frame: op.frame, floored, derivable };
}

function allResident(rt: ReferenceRuntime, ids: readonly string[]): boolean {
  for (const id of ids) if (!rt.window.has(id)) return false;
  return true;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
