import { messageText } from '../../adapters/policy/PolicyMessage.ts';
import { completedCalls } from '../../adapters/policy/conversationFacts.ts';
import { agentSeesDone, namesAction, reissue } from '../../gen/policy/fakeAgent.ts';
import { fedSoFar } from './doneStaysDone.ts';
import { namedFiles } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-25: after a compaction, a side effect already performed is not performed again. The fake agent
 * (src/gen/policy/fakeAgent.ts) reads the list and re-issues every completed side-effecting call it cannot
 * see done, reworded and with a fresh request id; the re-issue is a repeated side effect unless the
 * library's record still holds the original call by its action and arguments, so that a ledger comparing
 * arguments (not request-id strings) refuses it (openclaw/openclaw#114690).
 */
export const noRepeatedSideEffect: PolicyCheck = (o) => {
  const out: string[] = [];
  const files = namedFiles(o.after, o.record);
  const record = [...o.record.retained.map(messageText), ...o.record.offloaded.map((f) => f.text), JSON.stringify(o.record.metadata)];
  const fed = fedSoFar(o);
  const asked = fed.flatMap((m) => (m.role === 'user' ? [m.content] : []));
  for (const { call } of completedCalls(fed, true)) {
    if (agentSeesDone(o.after, files, call, asked)) continue;
    if (record.some((text) => namesAction(text, call))) continue;
    const again = reissue(call);
    out.push(
      `after round ${o.round}'s prune nothing in the list shows that ${call.id} (${call.name} ${JSON.stringify(call.args)}) was done, so the agent issues it again as ${again.name} ${JSON.stringify(again.args)}; the library's record does not hold the original's arguments either, so nothing can refuse the repeat.`,
    );
  }
  return out;
};
