import type { FakeChatModel, PolicyConfig, PolicySystem } from './PolicyAdapter.ts';
import { renderMessages, type PolicyMessage } from './PolicyMessage.ts';

/**
 * Deliberate defects a broken variant switches on (src/adapters/policy/broken/), one per invariant:
 * - `splits-tool-pairs`: cuts wherever the budget says, even between a call and its result (INV-18);
 * - `drops-system`: summarizes the system message with the rest (INV-19);
 * - `deletes-on-failure`: a failed summary becomes an error text and the history goes (INV-16);
 * - `reuses-ids`: the summary takes the id of the first message it replaces (INV-04);
 * - `no-archive`: keeps no copy of what it drops (INV-01; INV-09 when the summary loses the ids);
 * - `no-provenance`: the summary does not say what it replaces (INV-05);
 * - `silent-drop`: drops old messages with no summary, marker or copy (INV-03);
 * - `summarizes-users`: folds user statements into the summary instead of keeping them (INV-17).
 */
export type WindowFlaw =
  | 'splits-tool-pairs'
  | 'drops-system'
  | 'deletes-on-failure'
  | 'reuses-ids'
  | 'no-archive'
  | 'no-provenance'
  | 'silent-drop'
  | 'summarizes-users';

/**
 * A small message-list pruner that passes every policy invariant unless told to break one: past
 * `triggerMessages` it keeps the system message, user statements and the last `keepMessages` messages (moving
 * the cut back so no call is parted from its result), summarizes the rest into one message that names what it
 * replaces, and archives the originals. If the summarizer fails it changes nothing.
 */
export function createWindowPruner(model: FakeChatModel, config: PolicyConfig, flaws: readonly WindowFlaw[] = []): PolicySystem {
  const has = (flaw: WindowFlaw): boolean => flaws.includes(flaw);
  let list: PolicyMessage[] = [];
  const archive: PolicyMessage[] = [];
  let summaries = 0;

  return {
    async step(incoming) {
      list = [...list, ...incoming];
      const record = () => ({ retained: has('no-archive') || has('silent-drop') ? [] : [...archive], offloaded: [], metadata: { summaries } });
      if (list.length < config.triggerMessages) return { view: list, record: record() };

      const head = list[0]?.role === 'system' && !has('drops-system') ? list.slice(0, 1) : [];
      const rest = list.slice(head.length);
      let cut = Math.max(0, rest.length - config.keepMessages);
      if (!has('splits-tool-pairs')) while (cut > 0 && rest[cut]?.role === 'tool') cut -= 1;
      const old = rest.slice(0, cut);
      const keptUsers: PolicyMessage[] = has('summarizes-users') ? [] : old.filter((m) => m.role === 'user');
      const gone = old.filter((m) => !keptUsers.includes(m));
      if (gone.length === 0) return { view: list, record: record() };
      if (has('silent-drop')) {
        list = [...head, ...keptUsers, ...rest.slice(cut)];
        return { view: list, record: record() };
      }

      let text: string;
      let failed = false;
      try {
        text = await model.complete(`Summarize this conversation:\n${renderMessages(gone).join('\n')}`);
      } catch (error: unknown) {
        text = `Error generating summary: ${String(error)}`;
        failed = true;
      }
      failed ||= text.trim() === '';
      if (failed && !has('deletes-on-failure')) return { view: list, record: record() };

      summaries += 1;
      const ids = gone.flatMap((m) => (m.id === undefined ? [] : [m.id]));
      const summary: PolicyMessage = {
        role: 'assistant',
        id: has('reuses-ids') && ids[0] !== undefined ? ids[0] : `summary-${summaries}`,
        content: text,
        ...(has('no-provenance') ? {} : { replaces: ids }),
      };
      if (!failed) archive.push(...gone);
      list = [...head, summary, ...keptUsers, ...rest.slice(cut)];
      return { view: list, record: record() };
    },
  };
}
