import { agentStateOf } from '../../adapters/policy/conversationFacts.ts';
import { fedSoFar } from './doneStaysDone.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-26: agent state the library keeps outside the list (a todo list, handles of running sub-agents)
 * survives a prune: after it, the library still holds the latest todo list, item for item with its
 * statuses, and every sub-agent handle the agent was given (anthropics/claude-code#13919). Checked only on
 * the parts of state the library reports; an adapter whose library keeps none does not claim INV-26.
 */
export const agentStateSurvives: PolicyCheck = (o) => {
  if (o.state === undefined) return [];
  const expected = agentStateOf(fedSoFar(o));
  const out: string[] = [];
  if (o.state.todos !== undefined && expected.todos !== undefined && JSON.stringify(o.state.todos) !== JSON.stringify(expected.todos)) {
    out.push(`after round ${o.round}'s prune the library's todo list is ${JSON.stringify(o.state.todos)}; the agent last wrote ${JSON.stringify(expected.todos)}.`);
  }
  if (o.state.subagents !== undefined) {
    const lost = (expected.subagents ?? []).filter((h) => !(o.state?.subagents ?? []).includes(h));
    if (lost.length > 0) out.push(`after round ${o.round}'s prune the library no longer holds sub-agent handle(s) ${lost.join(', ')}: the agent cannot check on or stop what it started.`);
  }
  return out;
};
