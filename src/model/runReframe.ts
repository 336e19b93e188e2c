import type { ReframeOp } from './Operation.ts';
import type { Reframed } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';

/**
 * A re-frame is a retention-invalidating event (seed 001, "Decision Boundary"), O(n) in resident spans:
 * 1. derivability is measured under the old frame;
 * 2. the frame changes, every span is re-scored (named spans get their new base score, a summary no more than its
 *    ceiling, INV-27), and derivations
 *    lapse, except those the directive re-declares and the runtime verifies against resident sources;
 * 3. a span derivable before and not after, with no resolvable pointer, is floored: no policy evicts it.
 */
export function runReframe(rt: ReferenceRuntime, op: ReframeOp): Reframed {
  const wasDerivable = new Set<string>();
  for (const span of rt.window.spans()) if (rt.isDerivable(span)) wasDerivable.add(span.id);

  rt.frame = op.frame;
  rt.frameEpoch += 1;
  for (const [id, score] of Object.entries(op.scores ?? {})) {
    const span = rt.span(id);
    if (span !== undefined) span.score = Math.min(score, span.ceiling ?? Number.POSITIVE_INFINITY);
  }
  const derivable: string[] = [];
  for (const [id, sources] of Object.entries(op.derivations ?? {})) {
    const span = rt.window.get(id);
    if (span === undefined || span.kind !== 'derived') continue;
    if (!sources.every((source) => rt.window.has(source))) continue;
    (span as { sources: readonly string[] }).sources = [...sources];
    span.derivationFrame = rt.frameEpoch;
    span.floored = false;
    derivable.push(id);
  }
  const floored: string[] = [];
  for (const id of wasDerivable) {
    const span = rt.window.get(id);
    if (span === undefined || rt.isDerivable(span) || rt.hasResolvablePointer(span)) continue;
    span.floored = true;
    floored.push(id);
  }
  return { kind: 'reframed', frame: op.frame, floored, derivable };
}
