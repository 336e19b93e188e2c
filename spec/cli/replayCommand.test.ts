import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { createReplayCommand } from '../../src/cli/replayCommand.ts';
import type { ReplayResult } from '../../src/run/runtime/replayCounterexample.ts';
import { runCommand } from '../helpers/cli.ts';
import { counterexample, violationReport } from '../helpers/reports.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  return path;
}

function fakeReplay(kind: ReplayResult['kind'], detail: string) {
  const calls: { file: string; adapter: Adapter | undefined }[] = [];
  const command = createReplayCommand({
    replay: async (f, options) => {
      calls.push({ file: f, adapter: options?.adapter });
      return { kind, ...(kind === 'diverged' ? { cause: 'nondeterminism' as const } : {}), detail, counterexample: counterexample(), report: violationReport() };
    },
  });
  return { command, calls };
}

describe('prunecheck replay: outcomes', () => {
  const good = file('good.json', counterexample());

  it.each([
    ['reproduced', 1, 'reproduced: INV-03 at step 2 again'],
    ['diverged', 1, 'diverged (nondeterminism): step 2 answered rejected, recorded evicted'],
    ['passed', 0, 'passed: the trace now satisfies every claimed invariant'],
  ] as const)('%s exits %i and says which', async (kind, exit, line) => {
    const { command } = fakeReplay(kind, line.slice(line.indexOf(': ') + 2));
    const { code, stdout } = await runCommand(command, [good]);
    expect(code).toBe(exit);
    expect(stdout).toContain(`replaying ${good}: trusts-safe-claim INV-03 at step 2 of 2 (seed 7;`);
    expect(stdout).toContain('  recorded: the system answered: evicted s1 as reversible\n');
    expect(stdout).toContain(`${line}\n`);
  });

  it('--adapter replays against another adapter; --verbose prints the report', async () => {
    const { command, calls } = fakeReplay('passed', 'ok');
    const { stdout } = await runCommand(command, [good, '--adapter', 'reference', '--verbose']);
    expect(calls[0]?.adapter?.name).toBe('reference');
    expect(stdout).toContain('verdict: violation');
  });
});

describe('prunecheck replay: bad input exits 2 naming the file and the field', () => {
  it.each([
    ['no file', undefined, /replay: name the counterexample file/],
    ['missing file', join(dir, 'absent.json'), /absent\.json: cannot read the file \(ENOENT\)/],
    ['not JSON', file('torn.json', '{"format": "prunecheck-counterexample/1", "tra'), /torn\.json: not valid JSON/],
    ['an array', file('array.json', []), /array\.json: field '\(top level\)' must be a JSON object/],
    ['wrong format', file('format.json', counterexample({ format: 'x' as never })), /format\.json: field 'format' must be one of prunecheck-counterexample\/1, prunecheck-policy-counterexample\/1, got "x"/],
    ['no adapter', file('adapter.json', { ...counterexample(), adapterRef: undefined }), /adapter\.json: field 'adapterRef' must be a non-empty string/],
    ['bad seed', file('seed.json', counterexample({ seed: 'seven' as never })), /seed\.json: field 'seed' must be an integer, got "seven"/],
    ['bad capacity', file('config.json', counterexample({ config: { capacity: 0 } })), /config\.json: field 'config\.capacity' must be a positive integer, got 0/],
    ['bad op', file('op.json', counterexample({ trace: [{ kind: 'append', span: { id: 'a', kind: 'raw', rawKind: 'tool-output', content: 'x' } }, { kind: 'explode' } as never] })), /op\.json: field 'trace\[1\]\.kind' must be one of append, /],
    ['step past the trace', file('step.json', counterexample({ step: 9 })), /step\.json: field 'step' must be an integer from 0 to the trace length 2, got 9/],
    ['because not strings', file('because.json', counterexample({ because: [1] as never })), /because\.json: field 'because' must be an array of strings/],
  ])('%s', async (_name, path, message) => {
    const { command, calls } = fakeReplay('passed', 'never');
    const { code, stderr, stdout } = await runCommand(command, path === undefined ? [] : [path]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('an unknown --adapter exits 2 with the built-ins', async () => {
    const { command } = fakeReplay('passed', 'never');
    const { code, stderr } = await runCommand(command, [file('ok2.json', counterexample()), '--adapter', 'nope']);
    expect(code).toBe(2);
    expect(stderr).toContain("unknown adapter 'nope'; built-ins: reference");
  });
});
