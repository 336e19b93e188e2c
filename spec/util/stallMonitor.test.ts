import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importAdapterModule } from '../../src/adapters/importAdapterModule.ts';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { loadWithLibraries } from '../../src/subjects/policy/PrunerLibrary.ts';
import { resolveAdapter } from '../../src/subjects/resolveAdapter.ts';
import { deferStallMonitor, stallMonitorRunning, stopStallMonitor } from '../../src/util/stallMonitor.ts';
import { FIXTURES, ROOT, spawnAndWait } from '../helpers/faults.ts';

describe('the stall monitor', () => {
  it("resumes when prunecheck's own code was busy, and stops a synchronous loop in the adapter's, naming it", async () => {
    const result = await spawnAndWait(process.execPath, ['--import', 'tsx', join(FIXTURES, 'own', 'stallScript.ts')], { cwd: ROOT, killAfterMs: 30_000 });
    expect(result.stdout).toContain('own code: carried on\n');
    expect(result.stdout).toMatch(/stalled: apply spinForever in .*fixtures\/spin\.ts/);
    expect(result.code, result.stderr).toBe(7);
  });

  describe('readied by the CLI, started only when code prunecheck does not own runs in its process', () => {
    afterEach(stopStallMonitor);
    const never = (): never => {
      throw new Error('no stall expected');
    };

    it('stays off for the reference and the other built-in runtimes', async () => {
      deferStallMonitor(never);
      await resolveAdapter('reference');
      await resolveAdapter('naive');
      await resolveAdapter('archiving-window'); // a policy built-in of prunecheck's own
      expect(stallMonitorRunning()).toBe(false);
    });

    it('starts before an adapter module is imported into this process (--in-process)', async () => {
      deferStallMonitor(never);
      await importAdapterModule(join(FIXTURES, 'hostileAdapter.ts'));
      expect(stallMonitorRunning()).toBe(true);
    });

    it('starts before a built-in policy adapter imports the npm pruner it wraps', async () => {
      deferStallMonitor(never);
      const wrapped = await loadWithLibraries('a-wrapper', [], async () => {
        expect(stallMonitorRunning()).toBe(true);
        return (await resolveAdapter('archiving-window')).adapter as PolicyAdapter;
      });
      expect(wrapped.name).toBe('archiving-window');
    });

    it('never starts where nothing readied it (a library user, a supervised child)', async () => {
      await importAdapterModule(join(FIXTURES, 'hostileAdapter.ts'));
      expect(stallMonitorRunning()).toBe(false);
    });
  });
});
