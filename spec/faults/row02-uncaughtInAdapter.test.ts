import { describe, expect, it } from 'vitest';
import { scratch } from '../helpers/faults.ts';
import { checkHostile } from '../helpers/hostile.ts';

// Issue 25, row 2: an exception thrown from an adapter's timer, or a promise it rejects with nobody to catch it,
// ended prunecheck with a raw Node stack, exit 1, no report and no counterexample. In the supervised process it
// ends that process only: an adapter error with the exception's own stack, the report and the counterexample.
const temp = scratch('row02');

describe('row 2: an uncaught exception or rejection in adapter code is an adapter error, with report and counterexample', () => {
  it('an exception from a timer', async () => {
    const { result, report, counterexamples } = await checkHostile('timer-throw', temp(), ['--max-steps', '2']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    expect(report?.violations[0]?.invariant).toBe('ADAPTER-ERROR');
    expect(report?.violations[0]?.because.join(' ')).toMatch(/crashed with an uncaught exception .*thrown from a timer of the adapter/s);
    expect(counterexamples).toHaveLength(1);
    expect(result.stdout).toContain('verdict: error');
  });

  it('a rejection Node reports once the microtasks drain, in the middle of a batch: blamed on the step that made it', async () => {
    // The child used to answer the batch before Node reported it: the next run's create failed, with no step to blame.
    const { result, report, counterexamples } = await checkHostile('unhandled-generated-3', temp(), ['--runs', '10']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    const finding = report?.violations[0];
    expect(finding?.traceLength).toBe(3);
    expect(finding?.because.join(' ')).toMatch(/^step 3: .* failed: the adapter process crashed with an unhandled promise rejection: Error: rejected with nobody to catch it/s);
    expect(counterexamples).toHaveLength(1);
  });

  it('a timer that throws after its run: an adapter error whenever it fires, never "nondeterministic", the step that set it named', async () => {
    // When it fires is the event loop's affair: at the next run's create, or during its steps. Re-running that run's
    // trace would not end the process again, and used to call the system diverged (3 checks in 4 with re-runs on).
    const { result, report, counterexamples } = await checkHostile('timer-generated-3', temp(), ['--runs', '10', '--reruns', '3']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    const finding = report?.violations[0];
    const because = finding?.because.join(' ') ?? '';
    expect(because).toMatch(/crashed with an uncaught exception .*, from a timer (an earlier run set \(at its step 3\)|set at step 3 of this run): Error: thrown from a timer of the adapter/s);
    // Fired after its run (as a run's steps go in one batch, almost always): no step of the run it ended is blamed.
    if (/an earlier run set/.test(because)) {
      expect(finding?.traceLength).toBe(0);
      expect(because).toMatch(/no step of this run had run|no step of that run caused it/);
    } else expect(finding?.traceLength).toBeGreaterThanOrEqual(3);
    expect(report?.error ?? '').not.toMatch(/nondeterministic|recurred on/);
    expect(counterexamples).toHaveLength(1);
  });
});
