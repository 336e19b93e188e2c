import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { PARAPHRASED_STANDING } from '../../../src/gen/policy/fakeModel.ts';
import { standingText } from '../../../src/gen/policy/turnMessages.ts';

// INV-32 on hand-built lists: a standing instruction kept, or re-injected once, passes; gone, paraphrased or twice fails.
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const agents: PolicyMessage = { role: 'system', id: 'm1', content: standingText(0, 'alice') };
const skill: PolicyMessage = { role: 'user', id: 'm2', content: standingText(2, 'chen') };
const note: PolicyMessage = { role: 'assistant', id: 'm3', content: 'Progress note 4: continuing with the current task for dana.' };
const before = [task, agents, skill, note];
const summary: PolicyMessage = { role: 'assistant', id: 's1', content: 'Summary: progress notes.', replaces: ['m3'] };

function inv32(after: readonly PolicyMessage[]): string[] {
  const written = new Map(before.map((m) => [m.id as string, m]));
  const o: PolicyObservation = { round: 1, before, after, record: { retained: before, offloaded: [], metadata: {} }, calls: [], seen: written, written };
  return (POLICY_CHECKS['INV-32'] as (o: PolicyObservation) => string[])(o);
}

describe('INV-32: standing instructions survive exactly once', () => {
  it('INV-32 passes standing instructions kept in place, or re-injected once under another id', () => {
    expect(inv32([task, agents, skill, summary])).toEqual([]);
    const copy: PolicyMessage = { ...agents, id: 'standing-1-1', replaces: ['m1'] };
    expect(inv32([task, summary, copy, skill])).toEqual([]);
  });

  it('INV-32 flags a standing instruction that vanished or survives only paraphrased (anthropics/claude-code#3841)', () => {
    expect(inv32([task, skill, summary])[0]).toMatch(/standing instruction m1 .* is in no message after round 1's prune/);
    const paraphrased: PolicyMessage = { ...summary, content: `Summary: ${PARAPHRASED_STANDING}` };
    expect(inv32([task, paraphrased, skill])).toHaveLength(1);
  });

  it('INV-32 flags a standing instruction that comes back twice, counted by text whatever the ids (anomalyco/opencode#31764)', () => {
    const again: PolicyMessage = { ...skill, id: 'reattached-1-1', replaces: ['m2'] };
    expect(inv32([task, agents, skill, summary, again])[0]).toMatch(/standing instruction m2 .* is in 2 messages .*\(m2, reattached-1-1\)/);
    const quoted: PolicyMessage = { ...summary, content: `Summary:\n- user: ${skill.content}` };
    expect(inv32([task, agents, quoted, skill])).toHaveLength(1);
  });
});
