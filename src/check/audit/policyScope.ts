import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { SIDE_EFFECT_TOOLS } from '../../adapters/policy/toolNames.ts';
import type { InvariantId } from '../../model/invariants.ts';
import { insertedBy, isWritten } from '../policy/messageQueries.ts';
import type { PolicyObservation } from '../policy/PolicyObservation.ts';

/**
 * The part of a compaction a policy-mode check can find something in: the observation to run it on, or
 * undefined when it provably finds nothing there. A recorded compaction drops hundreds of messages and keeps
 * a summary and a few more; the checks of POLICY_CHECKS (unchanged) were written for generated conversations
 * of a few dozen, and several scan the whole `before` list once per call they hold. Each scope below follows
 * from its check's definition (the reason is given with it); spec/check/audit/policyScope.test.ts holds every
 * one to "same breaches as the whole observation" on random compactions.
 */
export type PolicyScope = (o: PolicyObservation) => PolicyObservation | undefined;

const SIDE_EFFECT = new Set<string>(SIDE_EFFECT_TOOLS);
const hasCalls = (m: PolicyMessage): boolean => m.role === 'assistant' && (m.toolCalls ?? []).length > 0;

/**
 * INV-18 compares where each call and its result sit in the list after; with no call and no result there,
 * every pair was dropped whole, which it allows.
 */
const toolPairsScope: PolicyScope = (o) => (o.after.some((m) => m.role === 'tool' || hasCalls(m)) ? o : undefined);

/**
 * INV-20 reports the calls of `before` with no result in it (in flight) and the results after the last
 * written message that is not a result (unread). Every other message can be left out: an assistant message
 * whose calls all have results, and the results of such calls. Kept: every message carrying an in-flight
 * call id (so "in flight" and "written by the harness" read the same), the results of every call a kept
 * message carries, and everything from the last written non-result message on (so the unread run is the same).
 */
const inFlightScope: PolicyScope = (o) => {
  const answered = new Set<string>();
  for (const m of o.before) if (m.role === 'tool') answered.add(m.toolCallId);
  const open = new Set<string>();
  for (const m of o.before) if (m.role === 'assistant') for (const c of m.toolCalls ?? []) if (!answered.has(c.id)) open.add(c.id);
  let tail = -1;
  for (let i = o.before.length - 1; i >= 0; i -= 1) {
    const m = o.before[i] as PolicyMessage;
    if (m.role !== 'tool' && isWritten(o.written, m)) {
      tail = i;
      break;
    }
  }
  // Every written message is a result: all of them are unread, the whole list matters.
  if (tail < 0) return o;
  const unreadAfterTail = o.before.slice(tail + 1).some((m) => isWritten(o.written, m));
  if (open.size === 0 && !unreadAfterTail) return undefined;
  const holdsOpen = (m: PolicyMessage): boolean => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => open.has(c.id));
  const callsOfKept = new Set<string>();
  o.before.forEach((m, i) => {
    if (m.role === 'assistant' && (i >= tail || holdsOpen(m))) for (const c of m.toolCalls ?? []) callsOfKept.add(c.id);
  });
  const before = o.before.filter((m, i) => i >= tail || holdsOpen(m) || (m.role === 'tool' && callsOfKept.has(m.toolCallId)));
  return before.length === o.before.length ? o : { ...o, before };
};

/**
 * INV-21 looks at the list after for assistant messages that hold a call of a reasoning turn or carry a
 * reasoning item; without either there is nothing to compare.
 */
const reasoningScope: PolicyScope = (o) => (o.after.some((a) => a.role === 'assistant' && (hasCalls(a) || a.reasoning !== undefined)) ? o : undefined);

const instructionIn = (messages: Iterable<PolicyMessage>): boolean => {
  for (const m of messages) if (m.role === 'user' && m.content.startsWith('INSTRUCTION ')) return true;
  return false;
};

/**
 * INV-24 reads user instructions (`INSTRUCTION I-n: …`, the generator's form) and stand-in results the
 * pruner inserted; a compaction with neither has nothing it can report.
 */
const doneStaysDoneScope: PolicyScope = (o) =>
  instructionIn(o.seen.values()) || o.after.some((a) => a.role === 'tool' && !isWritten(o.written, a)) ? o : undefined;

/** INV-25 follows completed calls of the side-effecting tools (SIDE_EFFECT_TOOLS); without one it has nothing to follow. */
const repeatedSideEffectScope: PolicyScope = (o) => (o.before.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => SIDE_EFFECT.has(c.name))) ? o : undefined);

// The length of a tool result's opening INV-23 looks for (PROBE in src/check/policy/authority.ts).
const AUTHORITY_PROBE = 40;

/**
 * INV-23 looks for the opening of every written tool result in each system or user message the pruner
 * inserted. Only results whose opening one of those messages holds can be reported; `written` keeps them (all
 * of them per opening, in order, so the first call id per opening is the same) and the entries that tell
 * whether an inserted message was itself written. A compaction whose list after has no such message has
 * nothing to report.
 */
const authorityScope: PolicyScope = (o) => {
  const inserted = insertedBy(o.before, o.after).filter((a) => a.role === 'system' || a.role === 'user');
  const suspects = inserted.filter((a) => !isWritten(o.written, a));
  if (suspects.length === 0) return undefined;
  const ownIds = new Set<string>();
  for (const a of inserted) if (a.id !== undefined) ownIds.add(a.id);
  const written = new Map<string, PolicyMessage>();
  for (const [id, m] of o.written) {
    if (ownIds.has(id)) written.set(id, m);
    else if (m.role === 'tool' && m.content.length >= AUTHORITY_PROBE) {
      const probe = m.content.slice(0, AUTHORITY_PROBE);
      if (suspects.some((a) => a.content.includes(probe))) written.set(id, m);
    }
  }
  return { ...o, written };
};

/** Scopes by invariant; an invariant without one runs on the whole observation. */
export const POLICY_SCOPES: Readonly<Partial<Record<InvariantId, PolicyScope>>> = {
  'INV-18': toolPairsScope,
  'INV-20': inFlightScope,
  'INV-21': reasoningScope,
  'INV-23': authorityScope,
  'INV-24': doneStaysDoneScope,
  'INV-25': repeatedSideEffectScope,
};

/** The observation invariant `id` runs on, or undefined when it can find nothing in this compaction. */
export function scopeFor(id: InvariantId, o: PolicyObservation): PolicyObservation | undefined {
  const scope = POLICY_SCOPES[id];
  return scope === undefined ? o : scope(o);
}
