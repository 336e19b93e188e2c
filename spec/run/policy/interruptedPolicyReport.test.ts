import { describe, expect, it } from 'vitest';
import { POLICY_CHECKABLE } from '../../../src/adapters/policy/invariantIds.ts';
import type { PolicyAdapter } from '../../../src/adapters/policy/PolicyAdapter.ts';
import { interruptedPolicyReport } from '../../../src/run/policy/interruptedPolicyReport.ts';
import { renderPrettyReport } from '../../../src/report/prettyReport.ts';

const adapter: PolicyAdapter = { kind: 'policy', name: 'blocks', version: '1.0.0', description: 'test', package: 'test', invariants: POLICY_CHECKABLE, create: () => ({ step: () => ({ view: [], record: { retained: [], offloaded: [], metadata: {} } }) }) };

// Issue 27: a step that blocked the process ended the check "unknown after 0 runs", naming neither the case nor the flag.
describe('a policy check stopped by a step that blocks the process', () => {
  it('reports the case it was in (seed and path), the cases done before it, and --op-timeout', () => {
    const report = interruptedPolicyReport(adapter, 7, { kind: 'stall', what: 'step', ms: 5_000, location: 'tokenizer.js:42' }, { path: '12', done: 12 }, 250, { ms: 5_000, source: 'default' }, [], [], { pruned: 9 }, 61_000);
    expect(report.verdict).toBe('unknown');
    expect(report.runs).toBe(12);
    expect(report.error).toContain('step blocked the process for more than 5000 ms (stuck in tokenizer.js:42)');
    expect(report.error).toContain('in the case at seed 7 path 12 (12 of 250 cases were done before it)');
    expect(report.error).toContain('raise --op-timeout (now 5000 ms)');
    expect(renderPrettyReport(report)).toContain('cases unknown (timeout): 0 of 12');
  });

  it('a signal names the case too, without the flag', () => {
    const report = interruptedPolicyReport(adapter, 7, { kind: 'signal', signal: 'SIGINT' }, { path: '3', done: 3 }, 250, { ms: 5_000, source: 'default' }, [], [], {}, 1_000);
    expect(report.error).toBe('interrupted by SIGINT, in the case at seed 7 path 3 (3 of 250 cases were done before it)');
  });
});
