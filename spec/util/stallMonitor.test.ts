import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, spawnAndWait } from '../helpers/faults.ts';

describe('the stall monitor', () => {
  it("resumes when prunecheck's own code was busy, and stops a synchronous loop in the adapter's, naming it", async () => {
    const result = await spawnAndWait(process.execPath, ['--import', 'tsx', join(FIXTURES, 'own', 'stallScript.ts')], { cwd: ROOT, killAfterMs: 30_000 });
    expect(result.stdout).toContain('own code: carried on\n');
    expect(result.stdout).toMatch(/stalled: apply spinForever in .*fixtures\/spin\.ts/);
    expect(result.code, result.stderr).toBe(7);
  });
});
