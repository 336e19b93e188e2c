import type { PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';

/**
 * Where to cut a list to keep about its last `keep` messages: never between a call and its result (the cut moves
 * back over tool results), never before `head` (the system message stays).
 */
export function cutPoint(list: readonly PolicyMessage[], head: number, keep: number): number {
  let cut = list.length - keep;
  while (cut > head && list[cut]?.role === 'tool') cut -= 1;
  return Math.max(head, cut);
}

/** A marker standing in for the messages a prune archived, naming them. */
export function archivedMarker(n: number, gone: readonly PolicyMessage[]): PolicyMessage {
  const ids = gone.flatMap((m) => (m.id === undefined ? [] : [m.id]));
  return { role: 'assistant', id: `archived-${n}`, content: `[${gone.length} earlier messages archived; ask for them by id]`, replaces: ids };
}
