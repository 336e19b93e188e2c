import { describe, expect, it } from 'vitest';
import type { PolicyConfig } from '../../../../src/adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../../../src/adapters/policy/PolicyMessage.ts';
import { approximateTokens } from '../../../../src/subjects/policy/bench/approximateTokens.ts';
import { createFlatWindow, flatWindowAdapter } from '../../../../src/subjects/policy/bench/flatWindow.ts';
import { createRecountingWindow, recountingWindowAdapter } from '../../../../src/subjects/policy/bench/recountingWindow.ts';

// The two benchmark pruners the growth verdict is tested on: one re-counts the whole history each call, one keeps a
// running total. Their cost differs; what they show the model must follow their stated rules.

const config: PolicyConfig = { triggerMessages: 6, keepMessages: 3 };
const system: PolicyMessage = { role: 'system', id: 's', content: 'be careful' };
const user = (n: number): PolicyMessage => ({ role: 'user', id: `u${n}`, content: `message number ${n}` });
const call = (n: number): PolicyMessage => ({ role: 'assistant', id: `a${n}`, content: '', toolCalls: [{ id: `c${n}`, name: 'read_log', args: {} }] });
const result = (n: number): PolicyMessage => ({ role: 'tool', id: `t${n}`, toolCallId: `c${n}`, name: 'read_log', content: `result ${n}` });
const idsOf = (view: readonly PolicyMessage[]): (string | undefined)[] => view.map((m) => m.id);

describe('approximateTokens', () => {
  it('counts runs of letters and digits by four characters, and every other non-space character', () => {
    expect(approximateTokens({ role: 'user', content: '' })).toBe(0);
    expect(approximateTokens({ role: 'user', content: 'abc' })).toBe(1);
    expect(approximateTokens({ role: 'user', content: 'abcdefgh ijklm' })).toBe(2 + 2);
    expect(approximateTokens({ role: 'user', content: 'a, b!\n\tc' })).toBe(1 + 1 + 1 + 1 + 1);
    // A call's arguments are part of what the model reads.
    expect(approximateTokens(call(1))).toBeGreaterThan(approximateTokens({ role: 'assistant', content: '' }));
  });
});

describe('the recounting window', () => {
  it('shows everything until the trigger, then the system message, a marker naming what it archived, and the last messages', async () => {
    const pruner = createRecountingWindow(config);
    const first = await pruner.step([system, user(1), user(2)]);
    expect(idsOf(first.view)).toEqual(['s', 'u1', 'u2']);
    expect(first.record.metadata).toEqual({ tokens: [system, user(1), user(2)].reduce((n, m) => n + approximateTokens(m), 0), prunes: 0 });
    const second = await pruner.step([user(3), user(4), user(5)]);
    expect(idsOf(second.view)).toEqual(['s', 'archived-1', 'u3', 'u4', 'u5']);
    expect(second.view[1]).toMatchObject({ role: 'assistant', content: '[2 earlier messages archived; ask for them by id]', replaces: ['u1', 'u2'] });
    // It keeps the whole history and re-counts all of it on every call.
    expect(idsOf(second.record.retained)).toEqual(['s', 'u1', 'u2', 'u3', 'u4', 'u5']);
    const third = await pruner.step([user(6)]);
    expect(idsOf(third.view)).toEqual(['s', 'archived-2', 'u4', 'u5', 'u6']);
    expect(third.record.metadata).toMatchObject({ prunes: 2 });
  });

  it('never parts a call from its result: the cut moves back over tool results', async () => {
    // Keeping the last message alone would keep t4 without the call a4 that it answers.
    const pruner = createRecountingWindow({ triggerMessages: 5, keepMessages: 1 });
    const view = (await pruner.step([user(1), user(2), user(3), call(4), result(4)])).view;
    expect(idsOf(view)).toEqual(['archived-1', 'a4', 't4']);
  });

  it('without a system message, the marker leads', async () => {
    const view = (await createRecountingWindow({ triggerMessages: 2, keepMessages: 1 }).step([user(1), user(2)])).view;
    expect(idsOf(view)).toEqual(['archived-1', 'u2']);
  });

  it('is declared as an in-repo benchmark subject that claims nothing', async () => {
    expect([recountingWindowAdapter.kind, recountingWindowAdapter.name, recountingWindowAdapter.invariants]).toEqual(['policy', 'bench-recounting-window', []]);
    const made = await recountingWindowAdapter.create(undefined as never, config);
    expect(idsOf((await made.step([user(1)])).view)).toEqual(['u1']);
  });
});

describe('the flat window', () => {
  it('archives all but the last messages once it holds the trigger, keeping a running token total of what it shows', async () => {
    const pruner = createFlatWindow(config);
    const step = await pruner.step([system, user(1), user(2), user(3), user(4), user(5)]);
    expect(idsOf(step.view)).toEqual(['s', 'archived-1', 'u3', 'u4', 'u5']);
    expect(step.record.metadata).toEqual({ tokens: step.view.reduce((n, m) => n + approximateTokens(m), 0), prunes: 1, archived: 2 });
    // Below the trigger again, nothing moves; the archive is handed out as it is.
    const next = await pruner.step([]);
    expect(idsOf(next.view)).toEqual(['s', 'archived-1', 'u3', 'u4', 'u5']);
    expect(idsOf(next.record.retained)).toEqual(['u1', 'u2']);
    expect(flatWindowAdapter.name).toBe('bench-flat-window');
  });
});
