import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { Conversation } from '../../../src/gen/policy/buildConversation.ts';
import { feedAsTheFrameworkWould } from '../../../src/run/policy/capabilityRounds.ts';

// How a framework would feed a conversation to its pruner, from what the adapter declares: the system prompt kept
// beside the list, and no prune while a call is in flight.

const system: PolicyMessage = { role: 'system', id: 'm0', content: 'be careful' };
const user = (id: string): PolicyMessage => ({ role: 'user', id, content: `said ${id}` });
const calls = (id: string, callId: string): PolicyMessage => ({ role: 'assistant', id, content: '', toolCalls: [{ id: callId, name: 'read_log', args: {} }] });
const result = (id: string, callId: string): PolicyMessage => ({ role: 'tool', id, toolCallId: callId, name: 'read_log', content: 'ok' });

function conversation(rounds: PolicyMessage[][], arrivals: PolicyMessage[][] = rounds.map(() => [])): Conversation {
  const all = [...rounds.flat(), ...arrivals.flat()];
  return { rounds, arrivals, written: new Map(all.map((m) => [m.id as string, m])) };
}

const ids = (rounds: readonly (readonly PolicyMessage[])[]): string[][] => rounds.map((r) => r.map((m) => m.id as string));

describe('feedAsTheFrameworkWould', () => {
  const plain = conversation([[system, user('m1')], [calls('m2', 'c1')], [result('m3', 'c1'), user('m4')]]);

  it('without capabilities, or with none that change the feed, answers the conversation itself', () => {
    expect(feedAsTheFrameworkWould(plain, undefined)).toBe(plain);
    expect(feedAsTheFrameworkWould(plain, {})).toBe(plain);
    expect(feedAsTheFrameworkWould(plain, { systemPromptOutsideList: false, prunesOnlyBetweenTurns: false })).toBe(plain);
  });

  it('a system prompt kept outside the list is not fed, but stays among the written messages', () => {
    const fed = feedAsTheFrameworkWould(plain, { systemPromptOutsideList: true });
    expect(ids(fed.rounds)).toEqual([['m1'], ['m2'], ['m3', 'm4']]);
    expect(fed.written.get('m0')).toBe(system);
    // Only a system message that opens the first round is taken out.
    const late = conversation([[user('m1')], [system]]);
    expect(ids(feedAsTheFrameworkWould(late, { systemPromptOutsideList: true }).rounds)).toEqual([['m1'], ['m0']]);
  });

  it('pruning only between turns: a round ending with a call in flight is fed with the next, arrivals included', () => {
    const withArrivals = conversation([[system, user('m1')], [calls('m2', 'c1')], [result('m3', 'c1'), user('m4')]], [[], [user('a1')], [user('a2')]]);
    const fed = feedAsTheFrameworkWould(withArrivals, { prunesOnlyBetweenTurns: true });
    expect(ids(fed.rounds)).toEqual([['m0', 'm1'], ['m2', 'm3', 'm4']]);
    expect(ids(fed.arrivals)).toEqual([[], ['a1', 'a2']]);
  });

  it('pruning only between turns: a last round that ends in flight is not fed at all', () => {
    const endsInFlight = conversation([[user('m1')], [calls('m2', 'c1')]]);
    expect(ids(feedAsTheFrameworkWould(endsInFlight, { prunesOnlyBetweenTurns: true }).rounds)).toEqual([['m1']]);
  });

  it('both at once: the system prompt leaves the first round before rounds are merged', () => {
    const fed = feedAsTheFrameworkWould(plain, { systemPromptOutsideList: true, prunesOnlyBetweenTurns: true });
    expect(ids(fed.rounds)).toEqual([['m1'], ['m2', 'm3', 'm4']]);
  });
});
