import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { readPolicyCounterexample } from '../../../src/run/policy/replayPolicyCounterexample.ts';
import { BROKEN_POLICY_PRUNERS } from '../../../src/subjects/policy/broken/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-cx-tokens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('policy counterexample files carry the token budgets', () => {
  it('writes them, reads them back, reads a file without them, and refuses a bad one naming the field', async () => {
    const broken = BROKEN_POLICY_PRUNERS.find((b) => b.caughtBy === 'INV-19');
    if (broken === undefined) throw new Error('no INV-19 pruner');
    const report = await checkPolicyAdapter({ ...broken.adapter, invariants: ['INV-19'] }, { seed: 1, runs: 20, outDir: dir });
    const file = report.violations[0]?.counterexample ?? '';
    const cx = await readPolicyCounterexample(file);
    expect(cx.case.config.triggerTokens).toBeGreaterThanOrEqual(96);
    expect(cx.case.config.keepTokens).toBeGreaterThanOrEqual(16);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { case: { config: Record<string, unknown> }; caseHash?: string };
    delete raw.caseHash;
    const older = join(dir, 'older.json');
    delete raw.case.config['triggerTokens'];
    delete raw.case.config['keepTokens'];
    writeFileSync(older, JSON.stringify(raw));
    expect((await readPolicyCounterexample(older)).case.config.triggerTokens).toBeUndefined();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...raw, case: { ...raw.case, config: { ...raw.case.config, keepTokens: 'many' } } }));
    await expect(readPolicyCounterexample(bad)).rejects.toThrow(/case\.config\.keepTokens.*must be an integer from 0 to 10000000 when present, got "many"/);
  });
});
