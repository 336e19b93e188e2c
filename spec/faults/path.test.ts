import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { referenceAdapter } from '../../src/adapters/reference.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { counterexampleName, safeName } from '../../src/run/writeCounterexample.ts';
import { faultyAdapter } from '../helpers/faultyAdapters.ts';
import { scratch } from '../helpers/faults.ts';

// Issue 15, class "path": nothing is written outside the directory the user named.
const temp = scratch('path');
const HOSTILE = '../../../escaped/pwn';

describe('path escape (issue 15, items 19–21)', () => {
  it('item 19: a policy-mode adapter named ../../../escaped/pwn writes its counterexample inside --counterexamples', async () => {
    const root = temp();
    const outDir = join(root, 'a', 'b', 'c');
    const drops: PolicyAdapter = {
      kind: 'policy',
      name: HOSTILE,
      version: '1',
      description: 'drops every message',
      package: 'test',
      invariants: ['INV-17'],
      create: () => ({ step: () => ({ view: [], record: { retained: [], offloaded: [], metadata: {} } }) }),
    };
    const report = await checkPolicyAdapter(drops, { runs: 5, seed: 1, outDir });
    expect(report.verdict).toBe('violation');
    const file = report.violations[0]?.counterexample ?? '';
    expect(dirname(file)).toBe(outDir);
    expect(readdirSync(outDir)).toEqual(['escaped-pwn-INV-17-1.json']);
    expect(readdirSync(root)).toEqual(['a']);
  });

  it('item 19: runtime-mode names are sanitised the same way, and no name can start with a dot or hold a separator', async () => {
    const outDir = join(temp(), 'cx');
    const report = await checkAdapter({ ...faultyAdapter('x', (op) => (op.kind === 'lookup' ? { kind: 'absent', spanId: op.spanId } : undefined)), name: HOSTILE }, { runs: 10, seed: 1, examples: false, outDir });
    expect(dirname(report.violations[0]?.counterexample ?? '')).toBe(outDir);
    for (const name of [HOSTILE, '..', '.hidden', 'a/b\\c', '', 'cmd:python3 x.py', '\u0000']) {
      const file = counterexampleName(name, 'INV-01', 1);
      expect(file).not.toMatch(/[/\\]/);
      expect(file.startsWith('.')).toBe(false);
      expect(safeName(name)).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/);
    }
    expect(referenceAdapter.name).toBe('reference');
  });
});
