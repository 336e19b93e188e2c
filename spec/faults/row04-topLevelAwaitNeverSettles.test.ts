import { describe, expect, it } from 'vitest';
import { scratch } from '../helpers/faults.ts';
import { checkHostile } from '../helpers/hostile.ts';
import { checkAdapter } from '../../src/run/checkAdapter.ts';
import { HOSTILE } from '../helpers/hostile.ts';

// Issue 25, row 4: a module whose top-level await never settles (it waits on nothing) let prunecheck's event
// loop run dry mid-import: Node's exit 13, no output. The supervised process tells that load apart (its loop runs
// dry while the import is pending) and the verdict is unknown, with the reason, without waiting for a timeout.
const temp = scratch('row04');

describe('row 4: a top-level await that never settles', () => {
  it('is an unknown verdict naming the top-level await, with a report; exit 1, not 13', async () => {
    const { result, report } = await checkHostile('tla-never', temp(), ['--load-timeout', '600000']);
    expect(result.code, result.stderr).toBe(1);
    expect(report).toMatchObject({ verdict: 'unknown', runs: 0 });
    expect(report?.error).toMatch(/top-level await never settles/);
    expect(result.stdout).toContain('verdict: unknown');
  });

  it('through checkAdapter, the caller gets the same report', async () => {
    process.env['PRUNECHECK_HOSTILE'] = 'tla-never';
    try {
      const report = await checkAdapter(HOSTILE, { runs: 1, seed: 1 });
      expect(report.verdict).toBe('unknown');
      expect(report.error).toMatch(/top-level await never settles/);
    } finally {
      delete process.env['PRUNECHECK_HOSTILE'];
    }
  });
});
