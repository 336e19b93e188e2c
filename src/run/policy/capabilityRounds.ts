import type { PolicyCapabilities } from '../../adapters/policy/PolicyCapabilities.ts';
import { inFlightCalls } from '../../adapters/policy/conversationFacts.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { Conversation } from '../../gen/policy/buildConversation.ts';

/**
 * The rounds of a conversation as the library's framework would hand them to it, given what the adapter
 * declares (src/adapters/policy/PolicyCapabilities.ts):
 * - `systemPromptOutsideList`: the system prompt the agent wrote first is not fed (the framework passes it to
 *   the model beside the memory); it stays among the written messages, so nothing may claim to be it.
 * - `prunesOnlyBetweenTurns`: a round that would end with a call in flight is fed together with the next one,
 *   and a last round that ends so is not fed at all (the framework would not run the pruner until the result
 *   arrived, and it never does).
 * Without capabilities the rounds are the generator's own.
 */
export function feedAsTheFrameworkWould(conversation: Conversation, capabilities: PolicyCapabilities | undefined): Conversation {
  let rounds = conversation.rounds;
  let arrivals = conversation.arrivals;
  if (capabilities?.systemPromptOutsideList === true) {
    rounds = rounds.map((round, r) => (r === 0 && round[0]?.role === 'system' ? round.slice(1) : round));
  }
  if (capabilities?.prunesOnlyBetweenTurns === true) {
    const merged: PolicyMessage[][] = [];
    const mergedArrivals: PolicyMessage[][] = [];
    let pending: PolicyMessage[] = [];
    // A merged round's arrivals (INV-37) are those of every round it joins, so they stay with the prune they race.
    let pendingArrivals: PolicyMessage[] = [];
    const fed: PolicyMessage[] = [];
    for (const [r, round] of rounds.entries()) {
      pending = [...pending, ...round];
      pendingArrivals = [...pendingArrivals, ...(arrivals[r] ?? [])];
      fed.push(...round);
      if (inFlightCalls(fed).length > 0) continue;
      merged.push(pending);
      mergedArrivals.push(pendingArrivals);
      pending = [];
      pendingArrivals = [];
    }
    rounds = merged;
    arrivals = mergedArrivals;
  }
  return rounds === conversation.rounds ? conversation : { ...conversation, rounds, arrivals };
}
