import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { createCheckCommand } from '../../src/cli/checkCommand.ts';
import { main } from '../../src/cli/main.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { loadScenario } from '../../src/scenario/loadScenario.ts';
import { runScenario } from '../../src/scenario/runScenario.ts';
import { captured, runCli } from '../helpers/cli.ts';
import { faultyAdapter } from '../helpers/faultyAdapters.ts';
import { runBin, scratch, tinyScenario } from '../helpers/faults.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { parseScenario } from '../../src/scenario/loadScenario.ts';

// Issue 15, class "crash": a fault is a verdict or a message that says what to fix, never a stack trace with the
// exit code of a violation. Exit codes: 1 verdicts only, 2 usage and input errors, 3 internal errors.
const temp = scratch('crash');
const hasProc = existsSync('/proc/self/stat');
const QUICK = { runs: 10, seed: 5, examples: false } as const;

/** A reference runtime whose system is replaced or changed by `change`. */
function withSystem(name: string, change: (system: Awaited<ReturnType<Adapter['create']>>) => unknown): Adapter {
  return { ...referenceAdapter, name, create: async (config) => change(await referenceAdapter.create(config)) as Awaited<ReturnType<Adapter['create']>> };
}

/** Writes a counterexample of trusts-safe-claim (found at seed 1), changed by `edit`, and answers its path. */
async function editedCounterexample(dir: string, edit: (cx: Record<string, any>) => void): Promise<string> {
  const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { runs: 30, seed: 1, examples: false, outDir: join(dir, 'cx') });
  const cx = JSON.parse(readFileSync(report.violations[0]?.counterexample ?? '', 'utf8')) as Record<string, any>;
  edit(cx);
  delete cx['traceHash']; // hand edits to the trace: replayed on purpose, so the file's own checks speak
  const file = join(dir, `edited-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(cx));
  return file;
}

describe('crashes (issue 15, items 12–15)', () => {
  it('item 12: unwritable output paths are refused before the run (exit 2), naming the path; no .tmp left behind', async () => {
    const dir = temp();
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const asDirectory = join(dir, 'out.json');
    mkdirSync(asDirectory);
    const cases: [readonly string[], string][] = [
      [['check', '--adapter', 'reference', '--runs', '1', '--out', asDirectory], asDirectory],
      [['check', '--adapter', 'reference', '--runs', '1', '--counterexamples', join(file, 'cx')], file],
      [['scenario', '--all', '--out', file], file],
      [['conformance', '--only', 'reference', '--out-dir', file], file],
      ...(hasProc ? ([[['check', '--adapter', 'reference', '--runs', '1', '--out', '/proc/prunecheck-x/report.json'], '/proc']] as [readonly string[], string][]) : []),
    ];
    for (const [argv, named] of cases) {
      const result = await runCli(argv);
      expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(named);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'out.json']);
    expect(readdirSync(asDirectory)).toEqual([]);
  });

  it('item 12: an internal error is exit 3 with a message, never a stack-trace crash with exit 1', async () => {
    const broken = createCheckCommand({ checkAdapter: () => Promise.reject(new Error('boom in the engine')) });
    const result = await captured(() => main(['check', '--adapter', 'reference'], [broken]));
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^prunecheck: internal error \(a bug in prunecheck, not in your runtime; .*boom in the engine/);
    const thrownValue = await captured(() => main(['x'], [{ name: 'x', summary: '', usage: '', run: () => Promise.reject(null) }]));
    expect(thrownValue.code).toBe(3);
    expect(await captured(() => main(['check', '--adapter', 'reference', '--runs', 'x']))).toMatchObject({ code: 2 });
  });

  it('item 12: bin/prunecheck.js has the same top-level handler as npm start: usage errors exit 2 without a stack', async () => {
    const result = await runBin(['check', '--adapter', 'reference', '--out', temp()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^prunecheck: .* is a directory/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('item 13: replay of a file that parses but is malformed exits 2 naming the field, never a crash', async () => {
    const dir = temp();
    const cases: [(cx: Record<string, any>) => void, RegExp][] = [
      [(cx) => (cx['trace'][0] = { kind: 'prune' }), /field 'trace\[0\]' is an operation the reference model refuses: .*spanId/],
      [(cx) => cx['trace'].push({ kind: 'restore', spanId: 'never-appended' }), /field 'trace\[\d+\]' is an operation the reference model refuses: operation 'restore': spanId names 'never-appended', which was never appended/],
      [(cx) => cx['trace'].unshift({ kind: 'prune', spanId: 'ghost' }), /field 'trace\[0\]' is an operation the reference model refuses: .*ghost/],
      [(cx) => (cx['trace'][0] = { kind: 'append', span: { id: 'n', kind: 'raw', rawKind: 'tool-output', content: 'x', tokens: -5 } }), /field 'trace\[0\]' is an operation the reference model refuses/],
      [(cx) => (cx['outcomes'] = [null]), /field 'outcomes\[0\]' must be an outcome object with a string kind, got null/],
      [(cx) => (cx['outcomes'] = 'none'), /field 'outcomes' must be an array/],
      [(cx) => (cx['invariant'] = 'INV-99'), /field 'invariant' must be an invariant id/],
    ];
    for (const [edit, message] of cases) {
      const file = await editedCounterexample(dir, edit);
      const result = await runCli(['replay', file]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    // Policy mode: a case whose turns hold null.
    const policy = await checkPolicyAdapter((await import('../../src/subjects/policy/broken/index.ts')).BROKEN_POLICY_PRUNERS[0]?.adapter as PolicyAdapter, { runs: 20, seed: 1, outDir: join(dir, 'policy') });
    const cx = JSON.parse(readFileSync(policy.violations[0]?.counterexample ?? '', 'utf8')) as Record<string, any>;
    cx['case']['turns'][0] = null;
    delete cx['caseHash'];
    const file = join(dir, 'policy-null.json');
    writeFileSync(file, JSON.stringify(cx));
    const result = await runCli(['replay', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/field 'case\.turns\[0\]' must be a turn object with a string kind, got null/);
  });

  it('item 14: create answering null, close throwing, apply mutating its operation, throwing a non-Error: adapter errors, no crash', async () => {
    const cases: [Adapter, RegExp][] = [
      [withSystem('null-system', () => null), /create\(.*\) failed: create\(\) must answer a system object with apply\(\) and observe\(\), got null/],
      [withSystem('close-throws', (s) => ({ ...s, close: () => { throw new Error('close exploded'); } })), /close\(\) failed after the run: close exploded/],
      [faultyAdapter('mutates-op', (op) => void ((op as { kind: string }).kind = 'lookup')), /apply threw: Cannot assign to read only property 'kind'/],
      [faultyAdapter('throws-string', () => { throw 'a plain string'; }), /apply threw: a plain string/],
      [faultyAdapter('throws-null', () => { throw null; }), /apply threw: a non-Error value was thrown: null/],
      [faultyAdapter('throws-hostile', () => { throw { toString: () => { throw new Error('no'); } }; }), /apply threw: a non-Error value was thrown: \{"toString":"\[function toString\]"\}/],
    ];
    for (const [adapter, because] of cases) {
      const report = await checkAdapter(adapter, { ...QUICK, outDir: temp() });
      expect(report.verdict, adapter.name).toBe('error');
      expect(report.violations[0]?.because.join(' '), adapter.name).toMatch(because);
      expect(existsSync(report.violations[0]?.counterexample ?? ''), adapter.name).toBe(true);
    }
  });

  it('item 14: a policy step that throws is an adapter error of its round', async () => {
    const throwing: PolicyAdapter = { kind: 'policy', name: 'throwing-step', version: '1', description: 'd', package: 'p', invariants: ['INV-16'], create: () => ({ step: () => { throw 42; } }) };
    const report = await checkPolicyAdapter(throwing, { runs: 2, seed: 1, outDir: temp() });
    expect(report.verdict).toBe('error');
    expect(report.violations[0]?.because.join(' ')).toMatch(/a non-Error value was thrown: 42/);
  });

  it('item 15: hostile scenario JSON is refused naming the line: 200,000-deep nesting, to: 1e12, too many events', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(() => parseScenario(deep, 'deep.json')).toThrow(/deep\.json:1: invalid JSON at column 65: nesting deeper than 64 levels/);
    const far = tinyScenario();
    far['timeline'][0]['to'] = 1e12;
    expect(() => parseScenario(JSON.stringify(far, null, 2), 'tiny.json')).toThrow(/\$\.timeline\[0\]\.to: expected an integer in \[1, 10000\], got 1000000000000/);
    const late = tinyScenario();
    late['timeline'][2]['turn'] = 1e12;
    expect(() => parseScenario(JSON.stringify(late, null, 2), 'tiny.json')).toThrow(/\$\.timeline\[2\]\.turn: expected an integer in \[1, 10000\]/);
    const many = tinyScenario();
    many['timeline'] = Array.from({ length: 10_001 }, (_, i) => ({ turn: 1, kind: 'assert', claim: `c${i}` }));
    expect(() => parseScenario(JSON.stringify(many), 'tiny.json')).toThrow(/\$\.timeline: expected at most 10000 events, got 10001/);
    const huge = tinyScenario();
    huge['timeline'][1]['content'] = 'x'.repeat(70_000);
    expect(() => parseScenario(JSON.stringify(huge), 'tiny.json')).toThrow(/content: expected at most 65536 characters, got 70000/);
  });

  it('item 14: scenario with a throwing create reports the crash at turn 0 instead of crashing', async () => {
    const failing: Adapter = { ...referenceAdapter, name: 'no-start', create: () => { throw new Error('cannot start'); } };
    const run = await runScenario(loadScenario('turn-90-duplicate-side-effect'), failing);
    expect(run.crash).toEqual({ turn: 0, message: expect.stringMatching(/create\(.*\) failed: cannot start/) as unknown as string });
    expect(run.met).toBe(false);
  });
});
