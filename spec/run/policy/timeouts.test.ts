import { describe, expect, it } from 'vitest';
import type { PolicyAdapter } from '../../../src/adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKABLE } from '../../../src/adapters/policy/invariantIds.ts';
import { FAKE_WINDOW_CHARS } from '../../../src/gen/policy/fakeModel.ts';
import { renderJsonReport } from '../../../src/report/jsonReport.ts';
import { renderJunitReport } from '../../../src/report/junitReport.ts';
import { renderMarkdownReport } from '../../../src/report/markdownReport.ts';
import { renderPrettyReport } from '../../../src/report/prettyReport.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { describeStepBudget, stepBudget } from '../../../src/run/policy/stepBudget.ts';
import { createWindowPruner } from '../../../src/subjects/policy/windowPruner.ts';

/**
 * A deliberately slow library: prunecheck's conformant window pruner, except that a step holding a large tool
 * output takes 200 ms (it re-tokenizes it, as the library in issue 27 did): past a 25 ms budget.
 */
const slowOnLargeOutput: PolicyAdapter = {
  kind: 'policy',
  name: 'slow-on-large-output',
  version: '1.0.0',
  description: 'window pruner whose step is slow when the list holds a large tool output',
  package: 'test',
  invariants: POLICY_CHECKABLE,
  create(model, config) {
    const inner = createWindowPruner(model, config);
    let large = false;
    return {
      async step(incoming) {
        large ||= incoming.some((m) => m.content.length > FAKE_WINDOW_CHARS);
        if (large) await new Promise((resolve) => setTimeout(resolve, 200));
        return inner.step(incoming);
      },
    };
  },
};

describe('policy mode: a slow or stuck case is a finding of its own, not the end of the check (issue 27)', () => {
  it('ends each slow case as unknown (timeout) with its seed and path, checks every other case, and names --op-timeout', async () => {
    const report = await checkPolicyAdapter(slowOnLargeOutput, { runs: 30, seed: 3, outDir: false, opTimeoutMs: 25 });
    expect(report.runs).toBe(30);
    // Some cases, not all: the check went on after the first timeout.
    expect(report.timeouts.length).toBeGreaterThan(0);
    expect(report.timeouts.length).toBeLessThan(30);
    expect(report.situations['timed-out']).toBe(report.timeouts.length);
    for (const t of report.timeouts) {
      expect(t.seed).toBe(3);
      expect(t.path).toMatch(/^\d+$/);
      expect(t.ms).toBe(25);
    }
    // Not a violation of anything: the verdict is unknown and the sentence says which cases and which flag.
    expect(report.violations).toEqual([]);
    expect(report.verdict).toBe('unknown');
    expect(report.error).toContain(`${report.timeouts.length} of 30 cases unknown (timeout): seed 3 path ${report.timeouts[0]?.path}`);
    expect(report.error).toContain('--op-timeout');
    expect(report.stepBudget).toEqual({ ms: 25, source: 'flag' });
    // Without the slow steps the same pruner is conformant at this seed: the timeouts are what made it unknown.
    const fast = await checkPolicyAdapter({ ...slowOnLargeOutput, name: 'window', create: (model, config) => createWindowPruner(model, config) }, { runs: 30, seed: 3, outDir: false });
    expect(fast.timeouts).toEqual([]);
  });

  it('counts the timed-out cases in every report: pretty, JSON, Markdown and JUnit', async () => {
    const report = await checkPolicyAdapter(slowOnLargeOutput, { runs: 12, seed: 3, outDir: false, opTimeoutMs: 25 });
    const n = report.timeouts.length;
    expect(n).toBeGreaterThan(0);
    expect(renderPrettyReport(report)).toContain(`cases unknown (timeout): ${n} of 12`);
    expect(renderMarkdownReport(report)).toContain(`cases unknown (timeout): ${n} of 12`);
    expect(renderJunitReport(report)).toContain(`<property name="situation:timed-out" value="${n}"/>`);
    expect((JSON.parse(renderJsonReport(report)) as { timeouts: unknown[] }).timeouts).toHaveLength(n);
  });

  it('states the per-step budget; a library measured slow in the first rounds gets one from its own steps', () => {
    expect(stepBudget(800, [10, 20], 3)).toEqual({ ms: 800, source: 'flag' });
    // Fast steps keep the default.
    expect(stepBudget(undefined, [5, 8, 12, 40], 3)).toMatchObject({ ms: 5_000, source: 'default' });
    // A library whose ordinary step takes about 0.6 s would meet 5 s on a bad step: 20 times its median.
    const slow = stepBudget(undefined, [400, 500, 550, 600, 600, 610, 620, 630, 640, 650], 3);
    expect(slow).toEqual({ ms: 12_200, source: 'measured', measured: { steps: 10, medianMs: 610, cases: 3 } });
    expect(describeStepBudget(slow)).toMatch(/per-step budget 12200 ms: the library was measured slow.*610 ms over 10 steps.*--op-timeout sets it/);
    // Capped: a stuck library is not given forever.
    expect(stepBudget(undefined, [9_000], 3).ms).toBe(60_000);
  });
});
