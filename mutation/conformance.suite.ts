import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAdapter } from '../src/run/checkAdapter.ts';
import type { Adapter } from '../src/adapters/Adapter.ts';
import { describeThrown } from '../src/run/safeJson.ts';
import { killMessage, loadFailureMessage } from './killMessage.ts';
import { loadSutAdapter } from './sutAdapter.ts';
import { suiteSettingsFrom } from './suiteSettings.ts';

/**
 * The test Stryker runs against every mutant of the copy: the conformance check, as `prunecheck check` runs it
 * (recorded incident scenarios first, then generated episodes, shrinking, re-runs), once per seed. A mutant is
 * killed when any verdict is not `conformant`: violation, diverged, error or unknown (docs/mutation.md).
 * Not part of `npm test` (its name is not *.test.ts): `npm run mutation` runs it through Stryker.
 */
const settings = suiteSettingsFrom(process.env);
const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-mutation-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/**
 * The copy, loaded inside the test: a mutant that makes its module throw on load fails the test (as prunecheck
 * fails to load such an adapter), instead of leaving Stryker a file with no test that ran.
 */
async function loadAdapter(seed: number): Promise<Adapter> {
  try {
    return await loadSutAdapter();
  } catch (error: unknown) {
    return expect.fail(`${loadFailureMessage(seed)}: ${describeThrown(error)}`);
  }
}

describe('the conformance check finds the copy of the reference conformant', () => {
  for (const seed of settings.seeds) {
    it(`seed ${seed}, ${settings.runs} runs`, async () => {
      const adapter = await loadAdapter(seed);
      const report = await checkAdapter(adapter, { seed, runs: settings.runs, outDir, adapterRef: adapter.name, examples: seed === settings.seeds[0] });
      expect(report.verdict, killMessage(report)).toBe('conformant');
    });
  }
});
