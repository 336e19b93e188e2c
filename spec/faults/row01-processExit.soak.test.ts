import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { FIXTURES, runBin, scratch } from '../helpers/faults.ts';
import { SHRINK_RESTART_BUDGET } from '../../src/run/runtime/RestartBudget.ts';
import { checkHostile } from '../helpers/hostile.ts';

// Issue 25, row 1: an adapter that calls process.exit(0) (in apply, in close, at load, with --workers 2) ended
// prunecheck with exit 0, no output and no report: a silent green CI job. The module now runs in a supervised
// process of its own, so its exit is the adapter's error: verdict `error`, exit 1, the report and the
// counterexample written.
const temp = scratch('row01');

// The heavier cases of row01-processExit.test.ts, in the soak tier (npm run test:soak, run by .ci/run): each starts processes or worker threads that load the checker again.
describe('row 1: process.exit(0) in adapter code is a verdict, never a green exit', () => {
  it('with --workers 2, in a worker thread\'s adapter: the main thread reproduces it and reports it', async () => {
    const { result, report, counterexamples } = await checkHostile('exit-generated', temp(), ['--workers', '2', '--runs', '20', '--max-steps', '2']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    expect(report?.violations[0]?.because.join(' ')).toMatch(/called process\.exit\(0\)/);
    expect(counterexamples).toHaveLength(1);
  });

  it('in the fortieth apply of a run: shrinking stops after its restart budget, and the report says so', async () => {
    // Each failing candidate ends the process and costs a start: uncapped, this check shrank for many minutes.
    const { result, report, counterexamples } = await checkHostile('exit-apply-40', temp(), ['--runs', '300']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    expect(report?.violations[0]).toMatchObject({ invariant: 'ADAPTER-ERROR', step: 40 });
    expect(report?.error).toContain(`shrinking stopped once the adapter's process had been started again ${SHRINK_RESTART_BUDGET} times`);
    expect(counterexamples).toHaveLength(1);
  });

  it('in a policy-mode adapter\'s step: the same, through the policy engine', async () => {
    const dir = temp();
    const out = join(dir, 'report.json');
    const result = await runBin(['check', '--adapter', join(FIXTURES, 'hostilePolicyAdapter.ts'), '--seed', '1', '--runs', '1', '--max-steps', '2', '--out', out, '--counterexamples', join(dir, 'cx')], { env: { PRUNECHECK_HOSTILE: 'exit-step' } });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/verdict: error/);
    expect(result.stdout).toMatch(/the adapter called process\.exit\(0\) \(at .*hostilePolicyAdapter\.ts/);
  });
});
