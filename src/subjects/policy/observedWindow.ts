import type { PolicyConfig, PolicyStep, PolicySystem } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyHeldItem } from '../../adapters/policy/PolicyHeldItem.ts';
import type { PolicyOutcome } from '../../adapters/policy/PolicyOutcome.ts';
import { messageSize, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { UNCHANGED } from '../../adapters/policy/readCache.ts';

/**
 * Deliberate defects of the state a pruner keeps around its list (src/subjects/policy/broken/), one per invariant:
 * - `stale-read-cache`: never evicts a read cache entry when the file's content leaves the list (INV-36);
 * - `overwrites-arrivals`: messages that land while a compaction runs are lost when its result replaces the
 *   list, as a prune that rebuilds the list from its pre-prune snapshot loses them (INV-37);
 * - `claims-compaction`: reports "compacted" whenever the list reached its trigger, also when the summary was
 *   refused and nothing changed (INV-38).
 */
export type StateFlaw = 'stale-read-cache' | 'overwrites-arrivals' | 'claims-compaction';

/**
 * Choices a legal variant makes otherwise than the default (src/subjects/policy/legal/), each one the spec leaves open:
 * - `clears-read-cache`: empties the whole read cache whenever it compacts, instead of evicting only the
 *   entries whose content left the list (INV-36);
 * - `applies-arrivals-at-once`: shows what arrived during a compaction in that step's list (after its result),
 *   instead of only from the next step (INV-37);
 * - `reports-own-tokens`: reports tokens in its own count (words) and no message counts (INV-38).
 */
export type StateChoice = 'clears-read-cache' | 'applies-arrivals-at-once' | 'reports-own-tokens';

const chars = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + messageSize(m), 0);
const words = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + m.content.split(/\s+/).filter((w) => w !== '').length, 0);

/**
 * Wraps a pruner with the state a real one keeps around its list: a read cache of the files the agent read
 * (INV-36), a queue for messages that arrive while a step runs, reported in its record (INV-37), and a report of what each step did
 * (INV-38). Correct unless told otherwise: a cache entry leaves when its content leaves the list, arrivals are
 * handed to the pruner with the next step, and the report is counted from the lists it held before and after.
 */
export function observeWindow(inner: PolicySystem, config: PolicyConfig, flaws: readonly StateFlaw[] = [], choices: readonly StateChoice[] = []): PolicySystem {
  const has = (flaw: StateFlaw): boolean => flaws.includes(flaw);
  let list: readonly PolicyMessage[] = [];
  let pending: PolicyMessage[] = [];
  let during: PolicyMessage[] | undefined;
  const paths = new Map<string, string>();
  const cache = new Map<string, string>();

  const remember = (messages: readonly PolicyMessage[]): void => {
    for (const m of messages) {
      if (m.role === 'assistant') for (const c of m.toolCalls ?? []) if (c.name === 'read_file' && typeof c.args['path'] === 'string') paths.set(c.id, c.args['path']);
      const path = m.role === 'tool' ? paths.get(m.toolCallId) : undefined;
      if (path !== undefined && !m.content.startsWith(UNCHANGED)) cache.set(path, m.content);
    }
  };
  const report = (before: readonly PolicyMessage[], after: readonly PolicyMessage[]): PolicyOutcome => {
    const removed = before.filter((b) => !after.some((a) => a.id === b.id)).length;
    const inserted = after.filter((a) => !before.some((b) => b.id === a.id)).length;
    const compacted = has('claims-compaction') ? before.length >= config.triggerMessages : removed + inserted > 0;
    if (choices.includes('reports-own-tokens')) return { compacted, tokensBefore: words(before), tokensAfter: words(after) };
    return { compacted, removed, inserted, messagesBefore: before.length, messagesAfter: after.length, tokensSaved: Math.ceil((chars(before) - chars(after)) / 4) };
  };

  return {
    async step(incoming) {
      // Arrivals already shown (`applies-arrivals-at-once`) are in `list`; the pruner underneath gets them now.
      const handed = [...pending, ...incoming];
      const before = [...list, ...handed.filter((m) => !list.includes(m))];
      pending = [];
      remember(handed);
      during = [];
      let result: PolicyStep;
      let landed: PolicyMessage[];
      try {
        result = await inner.step(handed);
      } finally {
        landed = during;
        during = undefined;
      }
      const compacted = before.some((b) => !result.view.some((a) => a.id === b.id));
      let view = result.view;
      let shown: readonly PolicyMessage[] = [];
      if (landed.length > 0 && !(has('overwrites-arrivals') && compacted)) {
        pending.push(...landed);
        if (choices.includes('applies-arrivals-at-once')) {
          remember(landed);
          shown = landed;
          view = [...view, ...landed];
        }
      }
      list = view;
      if (choices.includes('clears-read-cache') && compacted) cache.clear();
      if (!has('stale-read-cache')) for (const [path, text] of cache) if (!list.some((m) => m.content.includes(text))) cache.delete(path);
      const held: PolicyHeldItem[] = [...cache].map(([key, text]) => ({ source: 'read-cache', key, text }));
      // What it queued for the next step it holds outside the list: part of its record (INV-37).
      const record = pending.length === 0 ? result.record : { ...result.record, retained: [...result.record.retained, ...pending] };
      return { ...result, view, record, held, outcome: report([...before, ...shown], view) };
    },
    arrive(messages) {
      // While a step runs the arrivals wait for its end; between steps, for the next one.
      if (during !== undefined) during.push(...messages);
      else pending.push(...messages);
    },
  };
}
