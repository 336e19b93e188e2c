import { agentStateOf, completedCalls, inFlightCalls, instructions, unreadResults } from '../../adapters/policy/conversationFacts.ts';
import { FAKE_WINDOW_CHARS } from '../../gen/policy/fakeModel.ts';
import { POISON } from '../../gen/policy/turnMessages.ts';
import { fedSoFar } from './doneStaysDone.ts';
import type { PolicyObservation } from './PolicyObservation.ts';
import { retractions } from '../../adapters/policy/retractions.ts';
import { standingInstructions } from '../../adapters/policy/standingInstructions.ts';
import { isKept } from './messageQueries.ts';

/**
 * The situations INV-20 onward need a run to reach before a pass means anything: a call in flight or unread
 * results at a prune, a reasoning item on the latest turn, a settle step, tool output that reads like an
 * instruction, a done and a pending instruction, a completed side effect, agent state the library reports,
 * and (SPEC 1.2) a prune that removed messages with a cancelled, replaced or unapproved action in the history,
 * a summary written while an instruction was not done yet, and a prune with standing instructions in the history.
 */
export function compactionSituations(obs: readonly PolicyObservation[], bump: (name: string, reached: boolean) => void): void {
  bump('in-flight-call', obs.some((o) => inFlightCalls(o.before).length > 0));
  bump('unread-results', obs.some((o) => unreadResults(o.before).length > 0));
  bump('reasoning-item', obs.some((o) => o.before.some((m) => m.role === 'assistant' && m.reasoning !== undefined)));
  bump('settle-step', obs.some((o) => o.settle !== undefined));
  bump('instruction-like-tool-output', obs.some((o) => o.before.some((m) => m.role === 'tool' && m.content.startsWith(POISON))));
  bump('instruction-done', obs.some((o) => instructions(fedSoFar(o)).some((i) => i.doneBy !== undefined)));
  bump('instruction-pending', obs.some((o) => instructions(fedSoFar(o)).some((i) => i.doneBy === undefined)));
  bump('side-effect-completed', obs.some((o) => completedCalls(fedSoFar(o), true).length > 0));
  bump('large-tool-output', obs.some((o) => o.before.some((m) => m.role === 'tool' && m.content.length > FAKE_WINDOW_CHARS)));
  bump('instruction-retracted', obs.some((o) => retractions(fedSoFar(o)).length > 0 && o.before.some((m) => !isKept(m, o.after))));
  bump('unfinished-work-summarized', obs.some((o) => o.calls.length > 0 && instructions(fedSoFar(o)).some((i) => i.doneBy === undefined)));
  bump('standing-instruction-pruned', obs.some((o) => standingInstructions(fedSoFar(o)).length > 0 && o.before.some((m) => !isKept(m, o.after))));
  bump('agent-state-kept', obs.some((o) => o.state !== undefined && Object.keys(agentStateOf(fedSoFar(o))).length > 0));
}
