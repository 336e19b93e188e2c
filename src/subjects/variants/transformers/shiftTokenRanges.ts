import type { Adapter } from '../../../adapters/Adapter.ts';
import type { Outcome } from '../../../model/Outcome.ts';
import type { SpanObservation } from '../../../model/RuntimeConfig.ts';
import type { Tombstone } from '../../../model/Tombstone.ts';
import { wrapSystem } from './wrapSystem.ts';

/** The origin the shifted ranges count from: tokens before the episode (a system prompt, an earlier session). */
export const TOKEN_ORIGIN = 4_096;

const shifted = (t: Tombstone): Tombstone => ({ ...t, tokenRange: [t.tokenRange[0] + TOKEN_ORIGIN, t.tokenRange[1] + TOKEN_ORIGIN] });

/** C-6 exercised: every tombstone's token range counted from another origin, in outcomes and observations alike. */
export function shiftTokenRanges(inner: Adapter): Adapter {
  return wrapSystem(inner, `${inner.name}+shifted-ranges`, `${inner.description ?? inner.name}, with token ranges counted from ${TOKEN_ORIGIN} (C-6)`, () => ({
    outcome: (o: Outcome) => (o.kind === 'evicted' ? { ...o, tombstone: shifted(o.tombstone) } : o),
    observation: (s: SpanObservation) => (s.tombstone === undefined ? s : { ...s, tombstone: shifted(s.tombstone) }),
  }));
}
