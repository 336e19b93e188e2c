import { describe, expect, it } from 'vitest';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKABLE } from '../../src/adapters/policy/invariantIds.ts';
import type { PolicyMessage } from '../../src/adapters/policy/PolicyMessage.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';

const base = { kind: 'policy', version: '1.0.0', description: 'test', package: 'test', invariants: POLICY_CHECKABLE } as const;

describe('policy engine: adapter errors and propagated summarizer outages', () => {
  it('an adapter that throws its own error is one ADAPTER-ERROR finding, verdict error, the invariants inconclusive', async () => {
    const adapter: PolicyAdapter = { ...base, name: 'throws-typeerror', create: () => ({ step: () => { throw new TypeError('cannot read x of undefined'); } }) };
    const report = await checkPolicyAdapter(adapter, { runs: 10, seed: 1, outDir: false });
    expect(report.verdict).toBe('error');
    expect(report.violations.map((v) => v.invariant)).toEqual(['ADAPTER-ERROR']);
    expect(report.violations[0]?.because[0]).toMatch(/the adapter threw in round 1: cannot read x of undefined/);
    expect(new Set(report.invariants.map((i) => i.status))).toEqual(new Set(['inconclusive']));
  });

  it('a pruner that lets the summarizer outage propagate changed nothing: not an adapter error, the list stays (INV-16)', async () => {
    const adapter: PolicyAdapter = {
      ...base,
      // It sends its whole list to the summarizer, unbounded (INV-22's concern); this test is about INV-16.
      invariants: ['INV-16'],
      name: 'propagates-outage',
      create(model, config) {
        let list: PolicyMessage[] = [];
        return {
          async step(incoming) {
            list = [...list, ...incoming];
            // Asks for a summary before changing anything, and does not catch the model's errors.
            if (list.length >= config.triggerMessages) await model.complete(list.map((m) => m.content).join('\n'));
            return { view: list, record: { retained: [], offloaded: [], metadata: {} } };
          },
        };
      },
    };
    const report = await checkPolicyAdapter(adapter, { runs: 60, seed: 2, outDir: false });
    expect(report.violations).toEqual([]);
    expect(report.situations['library-threw'] ?? 0).toBeGreaterThan(0);
  });
});
