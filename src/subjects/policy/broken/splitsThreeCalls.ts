import { brokenView } from './viewFlaw.ts';

/** How many parallel calls of one message the pruner keeps the results of. */
export const PAIRED_CALLS = 2;

/**
 * Breaks INV-18. The pruner keeps the results of the first two parallel calls of a message only (archiving the
 * rest), as a pairing repair written for at most two calls per turn does: a third call stays in the list without its
 * result. Issue 22: turns had at most two parallel calls, so this passed; they now have 1 to 8.
 */
export const splitsThreeCalls = brokenView(
  'splits-three-calls',
  'Window pruner that keeps the results of the first two parallel calls of a message only',
  'INV-18',
  (view) => {
    const beyond = new Set(view.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).slice(PAIRED_CALLS).map((c) => c.id) : [])));
    return view.filter((m) => m.role === 'tool' && m.toolCallId !== undefined && beyond.has(m.toolCallId));
  },
  'always',
);
