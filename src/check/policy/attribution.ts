import { attributionsIn, completionClaims, quotes } from '../../adapters/policy/attribution.ts';
import { calls, completedCalls, orderOf } from '../../adapters/policy/conversationFacts.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { fedSoFar } from './doneStaysDone.ts';
import { describe, insertedBy, isWritten } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/** A line with every verbatim copy of a message's content, or of a call's arguments, the harness wrote taken out. */
function withoutRecords(line: string, records: readonly string[]): string {
  return records.reduce((l, r) => l.split(r).join(''), line);
}

/**
 * INV-31: no false attribution. Every statement a message the pruner inserted attributes to the user (a
 * `user:` line, `the user said "…"`) is a real user statement's own words, and every result it attributes to a
 * tool (a `tool:` line, `<tool> returned "…"`) a real result's, elisions allowed (INV-17's matcher run the other
 * way); and a line that says an action on an order was done needs a successful result on that order
 * (anthropics/claude-code#46602, #11483).
 */
export const noFalseAttribution: PolicyCheck = (o) => {
  const fed = fedSoFar(o);
  const said = (role: PolicyMessage['role']): string[] => fed.filter((m) => m.role === role).map((m) => m.content);
  const users = said('user');
  const results = said('tool');
  const records = [...fed.map((m) => m.content), ...calls(fed).map((c) => JSON.stringify(c.args))].filter((r) => r.length >= 20);
  const done = new Set(completedCalls(fed).flatMap((c) => orderOf(c.call) ?? []));
  const out: string[] = [];
  for (const a of insertedBy(o.before, o.after).filter((m) => !isWritten(o.written, m))) {
    for (const line of a.content.split('\n')) {
      const attributed = attributionsIn(line);
      for (const { to, text } of attributed) {
        if ((to === 'user' ? users : results).some((source) => quotes(text, source))) continue;
        out.push(`round ${o.round} inserted ${describe(a)}, which attributes to the ${to} words no ${to === 'user' ? 'user statement' : 'tool result'} in the history holds: ${JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)}.`);
      }
      if (attributed.length > 0) continue;
      for (const order of completionClaims(withoutRecords(line, records)).filter((n) => !done.has(n))) {
        out.push(`round ${o.round} inserted ${describe(a)}, which says the action on order #${order} was done, but no call on it has a successful result: ${JSON.stringify(line.trim())}.`);
      }
    }
  }
  return out;
};
