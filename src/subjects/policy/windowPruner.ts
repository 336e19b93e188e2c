import { agentStateOf } from '../../adapters/policy/conversationFacts.ts';
import type { FakeChatModel, PolicyConfig, PolicyRecord, PolicySystem } from '../../adapters/policy/PolicyAdapter.ts';
import { messageSize, renderMessages, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { retractions } from '../../adapters/policy/retractions.ts';
import { guardSummary } from './summaryGuard.ts';
import { credentialLines, guardSecrets } from './secretGuard.ts';
import { stripAttachments } from './windowAttachments.ts';
import { isStanding } from '../../adapters/policy/standingInstructions.ts';

/**
 * Deliberate defects a broken variant switches on (src/subjects/policy/broken/), one per invariant:
 * - `splits-tool-pairs`: cuts wherever the budget says, even between a call and its result (INV-18);
 * - `drops-system`: summarizes the system message with the rest (INV-19);
 * - `deletes-on-failure`: a failed summary becomes an error text and the history goes (INV-16);
 * - `reuses-ids`: the summary takes the id of the first message it replaces (INV-04);
 * - `no-archive`: keeps no copy of what it drops (INV-01; INV-09 when the summary loses the ids);
 * - `no-provenance`: the summary does not say what it replaces (INV-05);
 * - `silent-drop`: drops old messages with no summary, marker or copy (INV-03);
 * - `summarizes-users`: folds user statements into the summary instead of keeping them (INV-17);
 * - `drops-in-flight`: summarizes calls whose results have not arrived, as pairing repairs do (INV-20);
 * - `truncates-reasoning`: shortens the reasoning items of the messages it keeps (INV-21);
 * - `no-progress-guard`: inserts whatever the summarizer answers, however large (INV-22);
 * - `summary-as-user`: inserts the summary as a user message (INV-23);
 * - `forgets-done`: drops old calls and results (archived) with no summary, keeping the instructions (INV-24);
 * - `ledger-ids-only`: keeps only message and request ids of what it drops, and no anchors (INV-25);
 * - `resets-state`: forgets the agent's todo list and sub-agent handles when it compacts (INV-26);
 * - `trusts-summary`: inserts the summarizer's text without its retraction guard (summaryGuard.ts), so a summary
 *   that revives a cancelled plan or adds "continue without asking" reaches the model (INV-30);
 * - `trusts-attribution`: inserts it without its attribution guard, so an invented user statement or a claim
 *   that unfinished work was done reaches the model (INV-31);
 * - `reattaches-standing`: after each compaction attaches every standing instruction again, as agents re-read
 *   AGENTS.md, though the originals are still in the list (anomalyco/opencode#31764) (INV-32);
 * - `summary-leads`: puts its summary (an assistant message) first after the system message, so the history
 *   opens with a model turn, which Gemini rejects (mastra-ai/mastra#4816) (INV-33);
 * - `strips-attachments`: takes the image and file parts off the old user messages it keeps, with no marker
 *   naming them (open-webui/open-webui#29747) (INV-34);
 * - `repeats-secrets`: inserts the summarizer's text without its secret guard (secretGuard.ts) and keeps the
 *   credential lines of the results it summarizes among its anchors, as identifiers to preserve, so secrets
 *   from sensitive tool output travel into the summary (NousResearch/hermes-agent PR #12734,
 *   openclaw/openclaw PR #67801) (INV-35).
 */
export type WindowFlaw =
  | 'splits-tool-pairs'
  | 'drops-system'
  | 'deletes-on-failure'
  | 'reuses-ids'
  | 'no-archive'
  | 'no-provenance'
  | 'silent-drop'
  | 'summarizes-users'
  | 'drops-in-flight'
  | 'truncates-reasoning'
  | 'no-progress-guard'
  | 'summary-as-user'
  | 'forgets-done'
  | 'ledger-ids-only'
  | 'resets-state'
  | 'trusts-summary'
  | 'trusts-attribution'
  | 'reattaches-standing'
  | 'summary-leads'
  | 'strips-attachments'
  | 'repeats-secrets';

/**
 * Choices a legal variant makes otherwise than the default (src/subjects/policy/legal/), each one the spec leaves open:
 * - `drops-retracted`: an instruction the user cancelled or replaced (with its retraction), and a plan never
 *   approved, leave the list entirely, archived, instead of staying verbatim (INV-30, INV-17);
 * - `keeps-elided-quotes`: the summary guard keeps a quote of the user or a tool that leaves words out with an
 *   elision mark (`[id]`, `…`) instead of dropping it (INV-31);
 * - `reinjects-standing`: standing instructions leave with the old messages (archived) and one copy of each is
 *   injected again after the summary, naming the original it replaces, instead of staying in place (INV-32);
 * - `summary-first`: the summary goes first after the system message, as `summary-leads` does, in a pruner that
 *   declares only the providers that accept a history opening with a model turn (INV-33);
 * - `marks-attachments`: the image and file parts of old user messages leave the list, archived, and the
 *   summary names each in a marker line, instead of staying in place (INV-34);
 * - `redacts-secrets`: a summary line holding a secret stays with the secret replaced by `[REDACTED]` instead
 *   of being dropped (INV-35).
 */
export type WindowChoice = 'drops-retracted' | 'keeps-elided-quotes' | 'reinjects-standing' | 'summary-first' | 'marks-attachments' | 'redacts-secrets';

const size = (list: readonly PolicyMessage[]): number => list.reduce((n, m) => n + messageSize(m), 0);
const answered = (list: readonly PolicyMessage[], id: string): boolean => list.some((m) => m.role === 'tool' && m.toolCallId === id);

/**
 * A small message-list pruner that passes every policy invariant unless told to break one: past
 * `triggerMessages` it keeps the system message, user statements and the last `keepMessages` messages (moving
 * the cut back so no call is parted from its result, and so calls in flight and unread results stay), and
 * summarizes the rest into one assistant message that names what it replaces and ends with anchors naming
 * every call it replaces (id, arguments, outcome). It archives the originals. It changes nothing when the
 * summarizer fails or answers something no smaller than what it would replace, and does not summarize its
 * own summary alone. It keeps the agent's todo list and sub-agent handles outside the list.
 */
export function createWindowPruner(model: FakeChatModel, config: PolicyConfig, flaws: readonly WindowFlaw[] = [], choices: readonly WindowChoice[] = []): PolicySystem {
  const has = (flaw: WindowFlaw): boolean => flaws.includes(flaw);
  let list: PolicyMessage[] = [];
  const archive: PolicyMessage[] = [];
  const fed: PolicyMessage[] = [];
  let stateFrom = 0;
  let summaries = 0;
  const dropped: string[] = [];
  // The anchor lines of each summary this pruner wrote, carried into any summary that replaces it.
  const anchorsOf = new Map<string, readonly string[]>();

  const record = (): PolicyRecord => {
    if (has('ledger-ids-only')) return { retained: [], offloaded: [], metadata: { summaries, dropped: [...dropped], requestIds: requestIds(archive) } };
    return { retained: has('no-archive') || has('silent-drop') ? [] : [...archive], offloaded: [], metadata: { summaries } };
  };
  // It keeps both a todo list and sub-agent handles, empty until the agent writes them.
  const answer = () => {
    const { todos = [], subagents = [] } = agentStateOf(fed.slice(stateFrom));
    return { view: list, record: record(), state: { todos, subagents } };
  };

  return {
    async step(incoming) {
      list = [...list, ...incoming];
      fed.push(...incoming);
      if (list.length < config.triggerMessages) return answer();

      const head = list[0]?.role === 'system' && !has('drops-system') ? list.slice(0, 1) : [];
      const rest = list.slice(head.length);
      let cut = Math.max(0, rest.length - config.keepMessages);
      if (!has('splits-tool-pairs')) while (cut > 0 && rest[cut]?.role === 'tool') cut -= 1;
      // Results the model has not read yet (they end the list) stay, with the turn that asked for them.
      const lastTurn = rest.findLastIndex((m) => m.role !== 'tool');
      if (!has('drops-in-flight') && lastTurn < rest.length - 1) cut = Math.min(cut, Math.max(0, lastTurn));
      let tail = rest.slice(cut);
      const old = rest.slice(0, cut);
      // A pairing repair: calls whose results have not arrived leave with the old messages.
      const inFlight = has('drops-in-flight') ? tail.filter((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => !answered(list, c.id))) : [];
      tail = tail.filter((m) => !inFlight.includes(m));
      const retracted = choices.includes('drops-retracted') ? retractedIn(old, list) : [];
      // Standing instructions stay as users do; with `reinjects-standing`, originals leave and copies come back.
      const reinject = choices.includes('reinjects-standing');
      const original = (m: PolicyMessage): boolean => isStanding(m) && m.id?.startsWith('standing-') !== true;
      const keptUsers: PolicyMessage[] = has('summarizes-users')
        ? old.filter((m) => m.role === 'system' && isStanding(m))
        : old.filter((m) => (m.role === 'user' || isStanding(m)) && !retracted.includes(m) && !(reinject && original(m)));
      const gone = [...old.filter((m) => !keptUsers.includes(m) && !retracted.includes(m)), ...inFlight];
      // Nothing new to summarize: its own earlier summary alone is left as it is (no loop).
      if (gone.every((m) => m.id?.startsWith('summary-') === true)) {
        archive.push(...retracted);
        list = list.filter((m) => !retracted.includes(m));
        return answer();
      }
      if (has('silent-drop') || has('forgets-done')) {
        if (has('forgets-done')) archive.push(...gone);
        list = [...head, ...keptUsers, ...tail];
        return answer();
      }

      let text: string;
      let failed = false;
      try {
        text = await model.complete(`Summarize this conversation:\n${renderMessages(gone).join('\n')}`);
      } catch (error: unknown) {
        text = `Error generating summary: ${String(error)}`;
        failed = true;
      }
      if (!failed) text = guardSummary(text, fed, { retractions: !has('trusts-summary'), attribution: !has('trusts-attribution'), elidedQuotes: choices.includes('keeps-elided-quotes') });
      if (!failed && !has('repeats-secrets')) text = guardSecrets(text, fed, choices.includes('redacts-secrets'));
      failed ||= text.trim() === '';
      if (failed && !has('deletes-on-failure')) return answer();

      const ids = gone.flatMap((m) => (m.id === undefined ? [] : [m.id]));
      const marking = choices.includes('marks-attachments');
      const parts = has('strips-attachments') || marking ? stripAttachments(keptUsers, marking) : { kept: keptUsers, stripped: [], markers: [] };
      const lines = has('ledger-ids-only') ? [] : [...anchorLines(gone, anchorsOf), ...parts.markers, ...(has('repeats-secrets') ? credentialLines(gone) : [])];
      const anchors = lines.length === 0 ? '' : `\nCalls replaced by this summary:\n${lines.join('\n')}`;
      const summary: PolicyMessage = {
        role: has('summary-as-user') ? 'user' : 'assistant',
        id: has('reuses-ids') && ids[0] !== undefined ? ids[0] : `summary-${summaries + 1}`,
        content: `${text}${anchors}`,
        ...(has('no-provenance') ? {} : { replaces: ids }),
      };
      // A summary no smaller than what it replaces is no compaction (INV-22): keep the list as it is.
      const copies = gone.filter((m) => reinject && original(m)).map((m, i): PolicyMessage => ({ ...m, id: `standing-${summaries + 1}-${i + 1}`, replaces: [m.id as string] }));
      if (!failed && !has('no-progress-guard') && messageSize(summary) + size(copies) >= size(gone)) return answer();
      summaries += 1;
      anchorsOf.set(summary.id as string, lines);
      if (!failed) {
        archive.push(...gone, ...retracted, ...parts.stripped);
        dropped.push(...ids);
      }
      if (has('truncates-reasoning')) tail = tail.map((m) => (m.role === 'assistant' && m.reasoning !== undefined ? { ...m, reasoning: { ...m.reasoning, text: m.reasoning.text.slice(0, 24) } } : m));
      if (has('resets-state')) stateFrom = fed.length;
      const again = has('reattaches-standing') ? standingOf(fed).map((m, i): PolicyMessage => ({ ...m, id: `reattached-${summaries}-${i + 1}`, replaces: [m.id as string] })) : [];
      // The first kept user message (the task) opens the history, so no provider sees a model turn first (INV-33).
      const lead: PolicyMessage[] = has('summary-leads') || choices.includes('summary-first') ? [] : parts.kept.slice(0, 1).filter((m): m is PolicyMessage => m.role === 'user');
      list = [...head, ...lead, summary, ...copies, ...parts.kept.filter((m) => !lead.includes(m)), ...tail, ...again];
      return answer();
    },
  };
}

/**
 * One line per call the summary replaces, with its id, exact arguments and outcome, and the lines of any
 * earlier summary it replaces: whatever the summarizer writes, the calls stay named (INV-24, INV-25).
 */
function anchorLines(gone: readonly PolicyMessage[], earlier: ReadonlyMap<string, readonly string[]>): string[] {
  return gone.flatMap((m) => {
    if (m.id !== undefined && earlier.has(m.id)) return [...(earlier.get(m.id) ?? [])];
    if (m.role !== 'assistant') return [];
    return (m.toolCalls ?? []).map((c) => {
      const result = gone.find((r) => r.role === 'tool' && r.toolCallId === c.id);
      const outcome = result === undefined ? 'no result' : result.role === 'tool' && result.isError === true ? 'failed' : 'done';
      return `- ${c.id} ${c.name} ${JSON.stringify(c.args)}: ${outcome}`;
    });
  });
}

/**
 * The retracted messages among `old` that the `drops-retracted` choice takes out: a plan never approved, and
 * an instruction cancelled or replaced together with its retraction when both are old (one without the other
 * would leave a cancellation of nothing, or an instruction that reads as pending).
 */
function retractedIn(old: readonly PolicyMessage[], list: readonly PolicyMessage[]): PolicyMessage[] {
  return retractions(list).flatMap((r) => {
    const pair = r.by === undefined ? [r.item] : [r.item, r.by];
    return pair.every((m) => old.includes(m)) ? pair : [];
  });
}

/** The standing instructions among `messages`, one per text (the originals the agent was given). */
function standingOf(messages: readonly PolicyMessage[]): PolicyMessage[] {
  return messages.filter((m, i) => isStanding(m) && messages.findIndex((x) => x.content === m.content) === i);
}

function requestIds(messages: readonly PolicyMessage[]): string[] {
  return messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).flatMap((c) => (typeof c.args['request_id'] === 'string' ? [c.args['request_id']] : [])) : []));
}
