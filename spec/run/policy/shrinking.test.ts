import { describe, expect, it } from 'vitest';
import { BROKEN_POLICY_PRUNERS } from '../../../src/subjects/policy/broken/index.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { fedMessages, simplifyPolicyCase } from '../../../src/run/policy/simplifyPolicyCase.ts';
import type { PolicyCase } from '../../../src/gen/policy/PolicyCase.ts';

// Any prune needs at least 3 messages in the list: the trigger is at least keep + 2, and keep at least 1.
const MINIMAL = 3;

describe('policy counterexamples shrink to the minimum on message lists (issue 27: 17 messages kept where 3–4 suffice)', () => {
  for (const [flaw, invariant] of [['broken-deletes-on-failure', 'INV-16'], ['broken-summarizes-users', 'INV-17']] as const) {
    it(`${flaw} (${invariant}) shrinks to at most minimal + 1 messages at seeds 1–4`, async () => {
      const broken = BROKEN_POLICY_PRUNERS.find((b) => b.adapter.name === flaw && b.caughtBy === invariant);
      if (broken === undefined) throw new Error(`no ${flaw}`);
      for (let seed = 1; seed <= 4; seed += 1) {
        const report = await checkPolicyAdapter({ ...broken.adapter, invariants: [invariant] }, { seed, runs: 100, outDir: false });
        const v = report.violations.find((x) => x.invariant === invariant);
        expect(v, `seed ${seed}`).toBeDefined();
        expect(v?.before.length, `seed ${seed}: ${v?.before.join(' | ')}`).toBeLessThanOrEqual(MINIMAL + 1);
      }
    });
  }

  it('shrinks the turns and the budgets together where fast-check, one field at a time, stops', async () => {
    const broken = BROKEN_POLICY_PRUNERS.find((b) => b.caughtBy === 'INV-18');
    if (broken === undefined) throw new Error('no INV-18 pruner');
    // fast-check's own result at seed 1: a cut between a call and its result at trigger 5, keep 3. Dropping the
    // retraction turn alone, or lowering the budgets alone, makes the finding vanish.
    const stuck: PolicyCase = {
      system: false,
      turns: [{ kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: false, retried: false }], reasoning: true }, { kind: 'retraction', how: 'cancelled', tool: 'issue_refund' }, { kind: 'large-read' }],
      rounds: 1,
      script: ['faithful'],
      config: { triggerMessages: 5, keepMessages: 3, triggerTokens: 96, keepTokens: 16 },
    };
    const simpler = await simplifyPolicyCase(broken.adapter, stuck, 'INV-18');
    expect(fedMessages(simpler)).toBeLessThan(fedMessages(stuck));
    expect(fedMessages(simpler)).toBeLessThanOrEqual(MINIMAL + 2);
    expect(simpler.turns.some((t) => t.kind === 'large-read')).toBe(false);
  });
});
