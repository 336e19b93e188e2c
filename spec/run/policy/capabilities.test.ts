import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PolicyAdapter } from '../../../src/adapters/policy/PolicyAdapter.ts';
import type { PolicyCapabilities } from '../../../src/adapters/policy/PolicyCapabilities.ts';
import { inFlightCalls } from '../../../src/adapters/policy/conversationFacts.ts';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { validatePolicyAdapter } from '../../../src/adapters/policy/validatePolicyAdapter.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { policyCaseArbitrary } from '../../../src/gen/policy/PolicyCase.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { runPolicyCase } from '../../../src/run/policy/runPolicyCase.ts';
import { policyCoverageGaps } from '../../../src/run/policy/situations.ts';
import { createWindowPruner } from '../../../src/subjects/policy/windowPruner.ts';

/** A window pruner that records every list it was asked to prune. */
function recording(capabilities: PolicyCapabilities | undefined, seen: PolicyMessage[][]): PolicyAdapter {
  return {
    kind: 'policy',
    name: 'recording-window',
    version: '1.0.0',
    description: 'window pruner that records what it was fed',
    package: 'test',
    invariants: ['INV-19', 'INV-20'],
    ...(capabilities === undefined ? {} : { capabilities }),
    create(model, config) {
      const inner = createWindowPruner(model, config);
      let list: PolicyMessage[] = [];
      return {
        async step(incoming) {
          list = [...list, ...incoming];
          seen.push(list);
          const step = await inner.step(incoming);
          list = [...step.view];
          return step;
        },
      };
    },
  };
}

const cases = fc.sample(policyCaseArbitrary(), { seed: 11, numRuns: 60 });

describe('capabilities change what a library is put through, as its framework would (issue 27)', () => {
  it('prunesOnlyBetweenTurns: no step sees a call in flight; without it, some do', async () => {
    for (const [capabilities, expectInFlight] of [[undefined, true], [{ prunesOnlyBetweenTurns: true }, false]] as const) {
      const seen: PolicyMessage[][] = [];
      for (const c of cases) await runPolicyCase(recording(capabilities, seen), c);
      expect(seen.some((list) => inFlightCalls(list).length > 0), JSON.stringify(capabilities)).toBe(expectInFlight);
    }
  });

  it('prunesOnlyBetweenTurns: INV-20 no longer convicts a library for dropping a call in flight, which it is never shown; unread results still count', () => {
    const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund.' };
    const call: PolicyMessage = { role: 'assistant', id: 'm1', content: '', toolCalls: [{ id: 'c1', name: 'issue_refund', args: { request_id: 'req-1' } }] };
    const written = new Map([task, call].map((m) => [m.id as string, m]));
    const o = (capabilities?: PolicyCapabilities): PolicyObservation => ({ round: 1, before: [task, call], after: [task], record: { retained: [task, call], offloaded: [], metadata: {} }, calls: [], seen: written, written, ...(capabilities === undefined ? {} : { capabilities }) });
    const inv20 = POLICY_CHECKS['INV-20'] as (o: PolicyObservation) => string[];
    expect(inv20(o())[0]).toMatch(/call c1 .* was in flight/);
    expect(inv20(o({ prunesOnlyBetweenTurns: true }))).toEqual([]);
    // The gate does not wait for a situation the framework never creates.
    expect(policyCoverageGaps(['INV-20'], { pruned: 1, 'multi-round': 1, 'system-first': 1, 'structured-error': 1, reframe: 1, 'unread-results': 1 }, 40, { prunesOnlyBetweenTurns: true })).toEqual([]);
    expect(policyCoverageGaps(['INV-20'], { pruned: 1, 'multi-round': 1, 'system-first': 1, 'structured-error': 1, reframe: 1, 'unread-results': 1 }, 40)[0]).toMatch(/never reached: in-flight-call/);
  });

  it('systemPromptOutsideList: no system prompt is fed, and the gate does not wait for system-first', async () => {
    for (const [capabilities, expectPrompt] of [[undefined, true], [{ systemPromptOutsideList: true }, false]] as const) {
      const seen: PolicyMessage[][] = [];
      for (const c of cases) await runPolicyCase(recording(capabilities, seen), c);
      expect(seen.some((list) => list[0]?.role === 'system' && list[0].id === 'm0'), JSON.stringify(capabilities)).toBe(expectPrompt);
    }
    const report = await checkPolicyAdapter(recording({ systemPromptOutsideList: true, prunesOnlyBetweenTurns: true }, []), { runs: 40, seed: 11, outDir: false });
    expect(report.situations['system-first']).toBeUndefined();
    expect(report.situations['in-flight-call']).toBeUndefined();
    expect(report.verdict).toBe('conformant');
  });

  it('an adapter module whose capabilities are not booleans is refused, naming the field', () => {
    const bad = { ...recording(undefined, []), capabilities: { prunesOnlyBetweenTurns: 'yes' } };
    expect(() => validatePolicyAdapter(bad, 'my-adapter.ts')).toThrow(/my-adapter\.ts: default export\.capabilities\.prunesOnlyBetweenTurns must be true or false/);
  });
});
