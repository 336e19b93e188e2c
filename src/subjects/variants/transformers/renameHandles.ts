import type { Adapter } from '../../../adapters/Adapter.ts';
import type { Outcome } from '../../../model/Outcome.ts';
import type { SpanObservation } from '../../../model/RuntimeConfig.ts';
import type { Tombstone } from '../../../model/Tombstone.ts';
import { wrapSystem, type AnswerRewrite } from './wrapSystem.ts';

/**
 * C-4 exercised: every handle and the gap marker's pointer renamed, consistently within an episode (the same
 * handle always gets the same new name, `vault:<n>`), wherever it appears: outcomes, their logged checks and
 * tombstones, markers, tombstones observed and the gap pointer.
 */
function renaming(): AnswerRewrite {
  const names = new Map<string, string>();
  const rename = <T extends string | undefined>(handle: T): T => {
    if (handle === undefined) return handle;
    const known = names.get(handle);
    if (known !== undefined) return known as T;
    const fresh = `vault:${(names.size + 1).toString(36)}`;
    names.set(handle, fresh);
    return fresh as T;
  };
  const tombstone = (t: Tombstone | undefined): Tombstone | undefined => (t === undefined ? t : { ...t, handle: rename(t.handle) });
  const outcome = (o: Outcome): Outcome => {
    switch (o.kind) {
      case 'appended': return { ...o, handle: rename(o.handle) };
      case 'persisted': return { ...o, handle: rename(o.handle) };
      case 'recoverable': return { ...o, handle: rename(o.handle) };
      case 'evicted': return { ...o, handle: rename(o.handle), check: o.check === undefined ? undefined : { ...o.check, handle: rename(o.check.handle) }, tombstone: tombstone(o.tombstone) as Tombstone };
      case 'rejected': return o.check === undefined ? o : { ...o, check: { ...o.check, handle: rename(o.check.handle) } };
      default: return o;
    }
  };
  const observation = (s: SpanObservation): SpanObservation => ({
    ...s,
    index: s.index?.kind === 'handle' ? { ...s.index, handle: rename(s.index.handle) } : s.index,
    tombstone: tombstone(s.tombstone),
    ...(s.gap === undefined ? {} : { gap: rename(s.gap) }),
  });
  return { outcome, observation };
}

export function renameHandles(inner: Adapter): Adapter {
  return wrapSystem(inner, `${inner.name}+renamed-handles`, `${inner.description ?? inner.name}, with every handle and pointer renamed consistently (C-4)`, renaming);
}
