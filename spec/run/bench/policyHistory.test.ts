import { describe, expect, it } from 'vitest';
import { policyHistory } from '../../../src/run/bench/policy/policyHistory.ts';

describe('policyHistory', () => {
  it('gives exactly N messages, the same for the same seed and other ones for another seed', () => {
    for (const size of [10, 11, 257, 1_000]) {
      const a = policyHistory(42, size);
      expect(a.messages).toHaveLength(size);
      expect(a.turns.flat()).toEqual(a.messages);
      expect(policyHistory(42, size)).toEqual(a);
      expect(policyHistory(43, size).messages).not.toEqual(a.messages);
    }
  });

  it('pairs every tool result with the call just before it, and starts with a system prompt and a user request', () => {
    const { messages, turns } = policyHistory(7, 500);
    expect(messages.slice(0, 2).map((m) => m.role)).toEqual(['system', 'user']);
    messages.forEach((m, i) => {
      if (m.role !== 'tool') return;
      const before = messages[i - 1];
      expect(before?.role === 'assistant' ? before.toolCalls?.[0]?.id : undefined).toBe(m.toolCallId);
    });
    expect(turns.every((t) => t.length >= 1 && t.length <= 2)).toBe(true);
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
  });
});
