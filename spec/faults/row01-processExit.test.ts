import { describe, expect, it } from 'vitest';
import { checkAdapter } from '../../src/run/checkAdapter.ts';
import { runBin, scratch } from '../helpers/faults.ts';
import { checkHostile, HOSTILE } from '../helpers/hostile.ts';

// Issue 25, row 1: an adapter that calls process.exit(0) (in apply, in close, at load, with --workers 2) ended
// prunecheck with exit 0, no output and no report: a silent green CI job. The module now runs in a supervised
// process of its own, so its exit is the adapter's error: verdict `error`, exit 1, the report and the
// counterexample written.
const temp = scratch('row01');

describe('row 1: process.exit(0) in adapter code is a verdict, never a green exit', () => {
  it('in apply: ADAPTER-ERROR at step 1, saying where process.exit was called; report and counterexample written', async () => {
    const { result, report, counterexamples } = await checkHostile('exit-apply', temp(), ['--max-steps', '2']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    expect(report?.violations[0]).toMatchObject({ invariant: 'ADAPTER-ERROR', step: 1 });
    expect(report?.violations[0]?.because.join(' ')).toMatch(/called process\.exit\(0\) \(at .*hostileAdapter\.ts:\d+/);
    expect(counterexamples).toHaveLength(1);
    expect(counterexamples[0]).toMatchObject({ invariant: 'ADAPTER-ERROR', adapterRef: HOSTILE });
  });

  it('in close: the run is an adapter error of close()', async () => {
    const { result, report, counterexamples } = await checkHostile('exit-close', temp(), ['--max-steps', '2']);
    expect(result.code, result.stderr).toBe(1);
    expect(report?.verdict).toBe('error');
    expect(report?.violations[0]?.because.join(' ')).toMatch(/close\(\) failed after the run: the adapter called process\.exit\(0\)/);
    expect(counterexamples).toHaveLength(1);
    // Its replay closes the system after the last step, as the check did, and finds the same adapter error there.
    const file = report?.violations[0]?.counterexample ?? '';
    const replay = await runBin(['replay', file, '--adapter', HOSTILE], { env: { PRUNECHECK_HOSTILE: 'exit-close' } });
    expect(replay.code, replay.stdout + replay.stderr).toBe(1);
    expect(replay.stdout).toMatch(/reproduced/);
    expect(replay.stdout).toMatch(/ADAPTER-ERROR again after step \d+: close\(\) failed after the run: the adapter called process\.exit\(0\)/);
  });

  it('at load: verdict error, the report says the module did not load and why', async () => {
    const { result, report } = await checkHostile('exit-load', temp());
    expect(result.code, result.stderr).toBe(1);
    expect(report).toMatchObject({ verdict: 'error', violations: [], runs: 0 });
    expect(report?.error).toMatch(/did not load: the adapter called process\.exit\(0\)/);
    expect(result.stdout).toContain('verdict: error');
  });

  it('through checkAdapter on the module path: the caller\'s process lives on and gets the report', async () => {
    const previous = process.env['PRUNECHECK_HOSTILE'];
    process.env['PRUNECHECK_HOSTILE'] = 'exit-apply';
    try {
      const report = await checkAdapter(HOSTILE, { runs: 3, seed: 1, reruns: 0, examples: false, outDir: temp() });
      expect(report.verdict).toBe('error');
      expect(report.violations[0]?.invariant).toBe('ADAPTER-ERROR');
      // Its own process exited, not the caller's (whose process.exit a test runner may intercept).
      expect(report.violations[0]?.because.join(' ')).toMatch(/the adapter called process\.exit\(0\) \(at .*hostileAdapter\.ts/);
    } finally {
      if (previous === undefined) delete process.env['PRUNECHECK_HOSTILE'];
      else process.env['PRUNECHECK_HOSTILE'] = previous;
    }
  });
});
