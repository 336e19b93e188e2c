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

  it('a rejection Node reports only after the run: the next run cannot start, an adapter error, never "nondeterministic"', async () => {
    // Re-running the next run's empty trace would not end the process again; it used to be called diverged.
    const { result, report, counterexamples } = await checkHostile('unhandled-generated-3', temp(), ['--runs', '10']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    const because = report?.violations[0]?.because.join(' ') ?? '';
    expect(because).toMatch(/crashed with an unhandled promise rejection: Error: rejected with nobody to catch it/);
    expect(because).toContain('no step of this run had run');
    expect(report?.error ?? '').not.toMatch(/nondeterministic/);
    expect(counterexamples).toHaveLength(1);
  });
});
