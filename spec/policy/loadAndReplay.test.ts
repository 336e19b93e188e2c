import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdapterLoadError } from '../../src/adapters/AdapterLoadError.ts';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { findPolicyAdapter, POLICY_ADAPTERS } from '../../src/subjects/policy/index.ts';
import { loadPolicyAdapter } from '../../src/subjects/policy/loadPolicyAdapter.ts';
import { validatePolicyAdapter } from '../../src/adapters/policy/validatePolicyAdapter.ts';
import { archivingWindowAdapter } from '../../src/subjects/policy/archivingWindow.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { PolicyCounterexampleError, replayPolicyCounterexample } from '../../src/run/policy/replayPolicyCounterexample.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-policy-'));

describe('loading policy adapters', () => {
  it('finds every built-in by name, each with a unique name and the package it names', async () => {
    expect(new Set(POLICY_ADAPTERS.map((e) => e.name)).size).toBe(POLICY_ADAPTERS.length);
    for (const entry of POLICY_ADAPTERS) {
      const adapter = await entry.load();
      expect(adapter.name).toBe(entry.name);
      expect(adapter.package).toBe(entry.package);
      expect(adapter.kind).toBe('policy');
    }
    expect(findPolicyAdapter('no-such')).toBeUndefined();
  });

  it('an unknown name is an UNKNOWN_ADAPTER error listing the built-ins', async () => {
    await expect(loadPolicyAdapter('no-such')).rejects.toMatchObject({ code: 'UNKNOWN_ADAPTER', message: expect.stringMatching(/langchain-summarization/) });
  });

  it('loads a module path; a missing file or a wrong default export names the path and the field', async () => {
    // As the README's quick start sets it up: an ES-module project (a .ts file with no package.json above it is
    // CommonJS to Node, and the supervised child that loads it says so).
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    const good = join(dir, 'good.ts');
    writeFileSync(good, "import { archivingWindowAdapter } from '" + new URL('../../src/subjects/policy/archivingWindow.ts', import.meta.url).pathname + "';\nexport default archivingWindowAdapter;\n");
    expect((await loadPolicyAdapter(good)).name).toBe('archiving-window');
    await expect(loadPolicyAdapter(join(dir, 'missing.ts'))).rejects.toMatchObject({ code: 'MODULE_NOT_FOUND' });
    const bad = join(dir, 'bad.ts');
    writeFileSync(bad, "export default { kind: 'policy', name: 'x', version: '1', description: 'd', package: 'p', invariants: ['INV-99'], create() {} };\n");
    await expect(loadPolicyAdapter(bad)).rejects.toMatchObject({ code: 'BAD_ADAPTER', message: expect.stringMatching(/\.invariants names unknown invariant "INV-99"/) });
  });

  it('validatePolicyAdapter names the first wrong field', () => {
    const base = { ...archivingWindowAdapter } as Record<string, unknown>;
    expect(() => validatePolicyAdapter({ ...base, kind: 'runtime' }, 'm.ts')).toThrow(/kind: 'policy'/);
    expect(() => validatePolicyAdapter({ ...base, package: '' }, 'm.ts')).toThrow(/\.package must be a non-empty string/);
    expect(() => validatePolicyAdapter({ ...base, create: 1 }, 'm.ts')).toThrow(/\.create must be a function/);
    expect(() => validatePolicyAdapter({ ...base, create: 1 }, 'm.ts')).toThrow(AdapterLoadError);
  });
});

describe('policy counterexample files', () => {
  it('are written with the case, the readable rounds and a replay command, and replay as reproduced', async () => {
    const broken = BROKEN_POLICY_PRUNERS.find((b) => b.caughtBy === 'INV-18');
    if (broken === undefined) throw new Error('zoo lacks an INV-18 pruner');
    const report = await checkPolicyAdapter(broken.adapter, { runs: 60, seed: 3, outDir: dir });
    const v = report.violations.find((x) => x.invariant === 'INV-18');
    expect(v?.counterexample).toBe(join(dir, `${broken.adapter.name}-INV-18-3.json`));
    expect(v?.replay).toBe(`npx prunecheck replay ${v?.counterexample}`);
    const result = await replayPolicyCounterexample(v?.counterexample ?? '', { adapter: broken.adapter });
    expect(result.kind).toBe('reproduced');
    expect(result.counterexample.rounds[0]?.before.length).toBeGreaterThan(0);
    // A fixed pruner passes the same case; under the recorded name and version, passing means nondeterminism.
    expect((await replayPolicyCounterexample(v?.counterexample ?? '', { adapter: archivingWindowAdapter })).kind).toBe('passed');
    expect((await replayPolicyCounterexample(v?.counterexample ?? '', { adapter: { ...archivingWindowAdapter, name: broken.adapter.name } })).kind).toBe('diverged');
  });

  it('a file that is not a policy counterexample is an error naming the file and the field', async () => {
    const notJson = join(dir, 'x.json');
    writeFileSync(notJson, '{');
    await expect(replayPolicyCounterexample(notJson)).rejects.toThrow(PolicyCounterexampleError);
    const runtime = join(dir, 'runtime.json');
    writeFileSync(runtime, JSON.stringify({ format: 'prunecheck-counterexample/1' }));
    await expect(replayPolicyCounterexample(runtime)).rejects.toThrow(/runtime\.json: field 'format' must be 'prunecheck-policy-counterexample\/1' here/);
    const noCase = join(dir, 'nocase.json');
    writeFileSync(noCase, JSON.stringify({ format: 'prunecheck-policy-counterexample/1', adapter: 'archiving-window', adapterRef: 'archiving-window', invariant: 'INV-18', seed: 1, because: [] }));
    await expect(replayPolicyCounterexample(noCase)).rejects.toThrow(/field 'case' must be the generated conversation/);
  });
});
