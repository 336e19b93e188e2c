import { describe, expect, it } from 'vitest';
import * as api from '../../../src/index.ts';
import type { PolicyAdapter, PolicyCapabilities } from '../../../src/index.ts';
import { POLICY_INVARIANT_IDS } from '../../../src/check/policy/invariants.ts';

// Issue 27: users typed the list of policy invariants by hand; POLICY_CHECKABLE is what they claim from.
describe('the policy-mode public API', () => {
  it('exports POLICY_CHECKABLE, equal to what policy mode observes, and the new policy names', () => {
    expect([...api.POLICY_CHECKABLE].sort()).toEqual([...POLICY_INVARIANT_IDS].sort());
    expect(api.POLICY_DEFAULT_RUNS).toBe(250);
    expect(api.POLICY_CAPABILITY_NAMES).toEqual(['prunesOnlyBetweenTurns', 'systemPromptOutsideList', 'summaryIsSystemMessage']);
    expect(api.proxyTokens([{ role: 'user', content: 'abcdefgh' }])).toBe(2);
    const capabilities: PolicyCapabilities = { prunesOnlyBetweenTurns: true };
    const adapter: Pick<PolicyAdapter, 'invariants' | 'capabilities'> = { invariants: api.POLICY_CHECKABLE.filter((id) => id !== 'INV-26'), capabilities };
    expect(adapter.invariants).not.toContain('INV-26');
  });
});
