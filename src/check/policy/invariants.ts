import { samePayload, type PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { FAILING_BEHAVIOURS } from '../../gen/policy/fakeModel.ts';
import { sideEffectRequestIds } from '../../adapters/policy/conversationFacts.ts';
import type { InvariantId } from '../../model/invariants.ts';
import type { PolicyObservation } from './PolicyObservation.ts';
import type { PolicyCheck } from './PolicyCheck.ts';
import { agentStateSurvives } from './agentState.ts';
import { summaryGainsNoAuthority } from './authority.ts';
import { doneStaysDone } from './doneStaysDone.ts';
import { inFlightSurvives } from './inFlight.ts';
import { compactionProgresses } from './progress.ts';
import { reasoningStaysWithCalls } from './reasoning.ts';
import { noRepeatedSideEffect } from './repeatedSideEffects.ts';
import { inList, retractedStaysRetracted } from './retracted.ts';
import { noFalseAttribution } from './attribution.ts';
import { standingSurvivesOnce } from './standing.ts';
import { nextRequestValid } from './requestShape.ts';
import { attachmentsLeaveTrace } from './attachmentTrace.ts';
import { secretsDoNotTravel } from './secretsStay.ts';
import { retractions } from '../../adapters/policy/retractions.ts';
import { systemStaysFirst } from './systemFirst.ts';
import { heldStateInWindow } from './heldState.ts';
import { arrivalsSurvive } from './arrivals.ts';
import { outcomeAsReported } from './reportedOutcome.ts';

export type { PolicyCheck } from './PolicyCheck.ts';
import { describe, isKept, isMarked, isRecorded, isRecoverable, isWritten as writtenBy, searchableText } from './messageQueries.ts';


/**
 * Messages the harness wrote (raw: user statements, tool calls and results…) that are not in the list after
 * the prune. A summary the pruner wrote earlier and later replaces is derived, not raw: INV-05 covers it.
 */
const dropped = (o: PolicyObservation): PolicyMessage[] => o.before.filter((m) => isWritten(o, m) && !isKept(m, o.after));
const isWritten = (o: PolicyObservation, m: PolicyMessage): boolean => writtenBy(o.written, m);
const where = (o: PolicyObservation): string =>
  `the library's record holds ${o.record.retained.length} retained message(s) and ${o.record.offloaded.length} offloaded file(s)`;

/** INV-01: every dropped message is named or held by the library's record outside the list. */
const externalRecord: PolicyCheck = (o) =>
  dropped(o)
    .filter((m) => !isRecorded(m, o.record))
    .map((m) => `${describe(m)} left the list in round ${o.round} and ${where(o)}, none of which names it; an in-list marker alone is not a record.`);

/** INV-03: every dropped message is recoverable exactly from the record, or marked in the list. */
const recoverableOrMarked: PolicyCheck = (o) =>
  dropped(o)
    .filter((m) => !isRecoverable(m, o.record) && !isMarked(m, o.after))
    .map((m) => `${describe(m)} left the list in round ${o.round}; ${where(o)}, none holding it exactly, and no message in the list says it replaces it.`);

/** INV-04: an id never names a different message than the one it named when first seen. */
const idNeverReused: PolicyCheck = (o) => {
  const out: string[] = [];
  const counts = new Map<string, number>();
  for (const a of o.after) {
    if (a.id === undefined) continue;
    counts.set(a.id, (counts.get(a.id) ?? 0) + 1);
    const earlier = o.seen.get(a.id);
    // A one-for-one marker in place of the message (a "cleared" tool result) may keep its id.
    const inPlaceMarker = a.replaces?.length === 1 && a.replaces[0] === a.id;
    if (earlier !== undefined && !samePayload(earlier, a) && !inPlaceMarker) {
      out.push(`id ${a.id} named ${describe(earlier)} and after round ${o.round} names a different message, ${describe(a)}: a lookup of ${a.id} can no longer tell "pruned" from "never existed".`);
    }
  }
  for (const [id, n] of counts) if (n > 1) out.push(`after round ${o.round}, ${n} messages in the list share id ${id}.`);
  return out;
};

/** INV-05: a message the pruner inserted names, from its own record, the messages it replaced. */
const summaryProvenance: PolicyCheck = (o) =>
  o.after
    // New unless a message before had its id, role and text (an edit that only strips tool calls is INV-04's).
    .filter((a) => !o.before.some((b) => b.id === a.id && b.role === a.role && b.content === a.content))
    .filter((a) => a.replaces === undefined || a.replaces.length === 0 || a.replaces.some((id) => !o.seen.has(id)))
    .map((a) =>
      a.replaces === undefined || a.replaces.length === 0
        ? `round ${o.round} inserted ${describe(a)}, and neither it nor the library's record says which messages it replaces.`
        : `round ${o.round} inserted ${describe(a)} claiming to replace [${a.replaces.join(', ')}], which names ids that were never in the list.`,
    );

/** INV-09: every request id of a side-effecting call stays findable in the list or the record. */
const requestIdsDiscoverable: PolicyCheck = (o) => {
  const text = searchableText(o.after, o.record);
  return sideEffectRequestIds(o.before)
    .filter((id) => !text.includes(id))
    .map((id) => `request id ${id} of a side-effecting call was in the list before round ${o.round}'s prune and is nowhere after it (list, retained messages, offloaded files, metadata): a retry cannot be deduplicated.`);
};

/** INV-16: when the summarizer failed, every message is still in the list or recoverable from the record. */
const failingSummarizerKeepsHistory: PolicyCheck = (o) => {
  const failed = o.calls.filter((c) => (FAILING_BEHAVIOURS as readonly string[]).includes(c.behaviour) || c.rejected !== undefined);
  if (failed.length === 0) return [];
  const how = failed.map((c) => `call ${c.call} ${c.rejected !== undefined ? 'was refused (prompt over the window)' : c.behaviour === 'throw' ? 'threw' : 'returned ""'}`).join(', ');
  return dropped(o)
    .filter((m) => !isRecoverable(m, o.record))
    .map((m) => `the summarizer failed in round ${o.round} (${how}), yet ${describe(m)} is gone from the list and ${where(o)}, none holding it.`);
};

/**
 * INV-17: each user statement the harness wrote is still in the list, as itself or quoted verbatim. An
 * instruction the user cancelled or replaced may leave together with its retraction (INV-30's choice).
 */
const userStatementsSurvive: PolicyCheck = (o) => {
  const retractedPairs = retractions(o.before).flatMap((r) => (r.by !== undefined && !inList(r.item, o.after) && !inList(r.by, o.after) ? [r.item, r.by] : []));
  return o.before
    .filter((m) => m.role === 'user' && isWritten(o, m) && !retractedPairs.includes(m))
    .filter((m) => !isKept(m, o.after) && !o.after.some((a) => a.content.includes(m.content)))
    .map((m) => `user statement ${describe(m)} is neither in the list after round ${o.round} nor quoted verbatim by any message in it${m.content.includes('TASK') ? ' (it states the task)' : ''}.`);
};

/** INV-18: a call and its result, both in the list before, are both kept (call first) or both removed. */
const toolPairsIntact: PolicyCheck = (o) => {
  const out: string[] = [];
  const callIndex = (list: readonly PolicyMessage[], id: string): number => list.findIndex((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.id === id));
  const resultIndex = (list: readonly PolicyMessage[], id: string): number => list.findIndex((m) => m.role === 'tool' && m.toolCallId === id);
  const pairs = o.before.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : []));
  for (const id of pairs) {
    if (callIndex(o.before, id) < 0 || resultIndex(o.before, id) < callIndex(o.before, id)) continue;
    const call = callIndex(o.after, id);
    const result = resultIndex(o.after, id);
    if (call >= 0 && result < 0) out.push(`after round ${o.round} the list keeps the call ${id} but not its result: the next model request has a dangling tool call.`);
    else if (call < 0 && result >= 0) out.push(`after round ${o.round} the list keeps the result of ${id} but not the call: the next model request has an orphan tool result.`);
    else if (call >= 0 && result < call) out.push(`after round ${o.round} the result of ${id} comes before its call.`);
  }
  return out;
};

/** The policy-mode observation checks, by the invariant of spec/SPEC.md each enforces. */
export const POLICY_CHECKS: Readonly<Partial<Record<InvariantId, PolicyCheck>>> = {
  'INV-01': externalRecord,
  'INV-03': recoverableOrMarked,
  'INV-04': idNeverReused,
  'INV-05': summaryProvenance,
  'INV-09': requestIdsDiscoverable,
  'INV-16': failingSummarizerKeepsHistory,
  'INV-17': userStatementsSurvive,
  'INV-18': toolPairsIntact,
  'INV-19': systemStaysFirst,
  'INV-20': inFlightSurvives,
  'INV-21': reasoningStaysWithCalls,
  'INV-22': compactionProgresses,
  'INV-23': summaryGainsNoAuthority,
  'INV-24': doneStaysDone,
  'INV-25': noRepeatedSideEffect,
  'INV-26': agentStateSurvives,
  'INV-30': retractedStaysRetracted,
  'INV-31': noFalseAttribution,
  'INV-32': standingSurvivesOnce,
  'INV-33': nextRequestValid,
  'INV-34': attachmentsLeaveTrace,
  'INV-35': secretsDoNotTravel,
  'INV-36': heldStateInWindow,
  'INV-37': arrivalsSurvive,
  'INV-38': outcomeAsReported,
};

/** The invariants policy mode can observe, in report order. */
export const POLICY_INVARIANT_IDS = Object.keys(POLICY_CHECKS) as InvariantId[];

/** What each check observes, in one line (spec/SPEC.md §4 "Policy mode"), for reports. */
export const POLICY_RULES: Readonly<Partial<Record<InvariantId, string>>> = {
  'INV-01': "every dropped message is held or named by the library's record outside the list",
  'INV-03': "every dropped message is recoverable exactly from the library's record, or marked in the list",
  'INV-04': 'an id never names a different message; no two messages share an id',
  'INV-05': 'a message the pruner inserts names the messages it replaces',
  'INV-09': 'request ids of side-effecting calls stay findable in the list or the record',
  'INV-16': 'after a thrown or empty summary, every message is still in the list or recoverable',
  'INV-17': 'each user statement stays in the list, as itself or quoted verbatim (a retracted instruction may leave with its retraction)',
  'INV-18': 'a call and its result are kept together (call first) or dropped together',
  'INV-19': 'a system message that was first stays first, unchanged',
  'INV-20': 'a call whose result has not arrived, and results the model has not read, stay in the list unchanged',
  'INV-21': "a reasoning item stays byte-identical with its calls (absent only on an earlier turn), never orphaned",
  'INV-22': "the summarizer's prompt fits its window; a prune that removes messages shrinks the list; a second prune with nothing new changes nothing and calls no model",
  'INV-23': 'tool output is never quoted in a system or user message the pruner inserts',
  'INV-24': 'an instruction acted on stays visibly done (result, request id or call named); no stand-in result for a call in flight',
  'INV-25': 'a completed side effect stays visible to the agent, or its arguments stay in the record, so a reworded re-issue is refused',
  'INV-26': "agent state the library keeps outside the list (todos, sub-agent handles) survives the prune",
  'INV-30': 'an instruction cancelled or replaced, or a plan never approved, stays absent or visibly retracted; no inserted message revives it or adds "continue without asking"',
  'INV-31': 'what an inserted message attributes to the user or to a tool is their own words (elisions allowed); a claim that an action was done needs its successful result',
  'INV-32': 'each standing instruction (AGENTS.md, skills, persona attached as a message) is in exactly one message after the prune, kept or re-injected',
  'INV-33': "the list after the prune breaks no request-shape rule of the adapter's providers (first turn a user's for Gemini, no orphan result or unanswered call, no empty message, no reasoning-only turn for Anthropic)",
  'INV-34': 'each image or file part the user gave is still a part of a message in the list, or a message in it names it',
  'INV-35': 'a secret from tool output marked sensitive is in no inserted message and in nothing the library persists but its archive of the originals',
  'INV-36': "whatever the library's state outside the list says the model holds (read cache, file snapshot, dedup entry) is in the list after the prune",
  'INV-37': 'every message that lands while a prune may be running (user message, tool or sub-agent result) ends in the list or the record',
  'INV-38': "the outcome the library reports (compacted or not, counts, tokens saved) matches the observed difference",
};
