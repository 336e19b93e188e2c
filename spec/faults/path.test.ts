import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { counterexampleName, safeName } from '../../src/run/writeCounterexample.ts';
import { runCli } from '../helpers/cli.ts';
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

describe('code from data (issue 15, items 20–21)', () => {
  /** A counterexample whose adapterRef names code: a module that would write a marker file if it ran. */
  async function plantedFile(dir: string): Promise<{ file: string; marker: string }> {
    const marker = join(dir, 'ran');
    const module = join(dir, 'evil.mjs');
    writeFileSync(module, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'it ran');\nexport default { name: 'trusts-safe-claim', version: '1.0.0', capabilities: { operations: [], invariants: [] }, create() { throw new Error('x'); } };\n`);
    const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { runs: 30, seed: 1, examples: false, outDir: join(dir, 'cx') });
    const file = report.violations[0]?.counterexample ?? '';
    const cx = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...cx, adapterRef: module }));
    return { file, marker };
  }

  it('item 20: replay never runs the module or command a file names unless told to (--adapter or --trust); it shows the adapterRef', async () => {
    const dir = temp();
    const { file, marker } = await plantedFile(dir);
    const refused = await runCli(['replay', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`names adapter ${join(dir, 'evil.mjs')}`);
    expect(refused.stderr).toMatch(/replaying it would run code named by a file. prunecheck runs only code you name: pass --adapter .* or --trust/);
    expect(existsSync(marker)).toBe(false);
    const cmd = await runCli(['replay', await withRef(dir, file, `cmd:sh -c 'touch ${marker}'`)]);
    expect(cmd.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    // A built-in runs by name; a module runs when named or trusted.
    expect((await runCli(['replay', file, '--adapter', 'trusts-safe-claim'])).code).toBe(1);
    expect(existsSync(marker)).toBe(false);
    await runCli(['replay', file, '--trust']);
    expect(existsSync(marker)).toBe(true);
  });

  it('item 21: a trace edited after the check wrote it (a stale traceHash) is refused, not replayed as "reproduced"', async () => {
    const dir = temp();
    const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { runs: 30, seed: 1, examples: false, outDir: join(dir, 'cx') });
    const file = report.violations[0]?.counterexample ?? '';
    const cx = JSON.parse(readFileSync(file, 'utf8')) as { trace: Record<string, unknown>[] };
    cx.trace.unshift({ kind: 'append', span: { id: 'extra', kind: 'raw', rawKind: 'tool-output', content: 'planted' } });
    writeFileSync(file, JSON.stringify(cx));
    const replay = await runCli(['replay', file]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toMatch(/field 'traceHash' does not match the trace: the trace was changed after the check wrote the file/);
    expect(replay.stdout).not.toContain('reproduced');
  });
});

async function withRef(dir: string, file: string, adapterRef: string): Promise<string> {
  const copy = join(dir, `ref-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(copy, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), adapterRef }));
  return copy;
}
