import type { Refusal } from './Chooser.ts';
import type { RestoreOp } from './Operation.ts';
import type { Rejected, Restored, WindowFull } from './Outcome.ts';
import type { ReferenceRuntime } from './ReferenceRuntime.ts';
import type { Span } from './Span.ts';

/**
 * Re-expands an evicted span from its backing copy into the window (it re-enters at the tail), with the copy's
 * bytes. Only a span whose lookup answers `recoverable` is restored (INV-04); a restore that would not fit
 * answers `window-full` (INV-13). A lost span that would not fit either may be refused either way (C-3).
 */
export function runRestore(rt: ReferenceRuntime, op: RestoreOp): Restored | Rejected | WindowFull {
  const span = rt.span(op.spanId) as Span;
  if (rt.window.has(span.id)) return rt.reject(span.id, 'not-recoverable');
  const answer = rt.lookup(span.id);
  const refusals: Refusal[] = [];
  // D-25: a copy changed since the eviction is refused as stale, so the model knows the log moved on.
  if (answer.kind !== 'recoverable') refusals.push({ kind: 'rejected', spanId: span.id, reason: answer.kind === 'tombstoned' && answer.why === 'stale' ? 'stale' : 'not-recoverable' });
  if (!rt.window.fitsBack(span)) refusals.push({ kind: 'window-full', spanId: span.id, needed: span.tokens });
  if (answer.kind !== 'recoverable' || refusals.length > 0) return rt.refuse(refusals);
  span.content = answer.content;
  span.digestCache = undefined;
  rt.window.insert(span);
  return { kind: 'restored', spanId: span.id };
}
