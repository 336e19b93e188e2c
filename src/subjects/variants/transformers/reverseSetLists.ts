import type { Adapter } from '../../../adapters/Adapter.ts';
import type { Outcome } from '../../../model/Outcome.ts';
import type { SpanObservation } from '../../../model/RuntimeConfig.ts';
import { wrapSystem } from './wrapSystem.ts';

const rev = <T>(list: readonly T[]): T[] => [...list].reverse();

/**
 * Every list spec/SPEC.md §7 C-7 reads as a set, reversed: the outcome lists (`expired`, `evicted`, `refused`,
 * `floored`, `derivable`, `sourceIds`, a lookup's `sources`, a claim's ids) and the set-valued fields of what is
 * observed (a span's `sources`, a tombstone's `derivationChain`, a derivable marker's `sources`).
 */
export function reverseOutcomeLists(outcome: Outcome): Outcome {
  switch (outcome.kind) {
    case 'rotated': return { ...outcome, expired: rev(outcome.expired) };
    case 'compacted': return { ...outcome, evicted: rev(outcome.evicted), refused: rev(outcome.refused) };
    case 'reframed': return { ...outcome, floored: rev(outcome.floored), derivable: rev(outcome.derivable) };
    case 'summarized': return { ...outcome, sourceIds: rev(outcome.sourceIds) };
    case 'derivable': return { ...outcome, sources: rev(outcome.sources) };
    case 'derived-only': return { ...outcome, derivedIds: rev(outcome.derivedIds) };
    case 'gap': return { ...outcome, lostIds: rev(outcome.lostIds) };
    case 'unfounded': return { ...outcome, unknownIds: rev(outcome.unknownIds), ...(outcome.lostIds === undefined ? {} : { lostIds: rev(outcome.lostIds) }) };
    case 'evicted': return { ...outcome, tombstone: { ...outcome.tombstone, derivationChain: rev(outcome.tombstone.derivationChain) } };
    case 'resident': return { ...outcome, span: { ...outcome.span, sources: rev(outcome.span.sources) } };
    default: return outcome;
  }
}

/** The same for one observation. */
export function reverseObservationLists(o: SpanObservation): SpanObservation {
  return {
    ...o,
    resident: o.resident === undefined ? undefined : { ...o.resident, sources: rev(o.resident.sources) },
    index: o.index?.kind === 'derivable' ? { ...o.index, sources: rev(o.index.sources) } : o.index,
    tombstone: o.tombstone === undefined ? undefined : { ...o.tombstone, derivationChain: rev(o.tombstone.derivationChain) },
  };
}

/** C-7 exercised: `inner` with every set-valued list it reports reversed. Conformant whenever `inner` is. */
export function reverseSetLists(inner: Adapter): Adapter {
  return wrapSystem(inner, `${inner.name}+reversed-lists`, `${inner.description ?? inner.name}, reporting every set-valued list reversed (C-7)`, () => ({ outcome: reverseOutcomeLists, observation: reverseObservationLists }));
}
