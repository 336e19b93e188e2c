import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import fc from 'fast-check';
import { AdapterLoadError } from '../../src/adapters/AdapterLoadError.ts';
import { policyCaseArbitrary } from '../../src/gen/policy/PolicyCase.ts';
import { createReplayCommand, headline } from '../../src/cli/replayCommand.ts';
import type { PolicyCounterexample } from '../../src/run/policy/PolicyCounterexample.ts';
import { PolicyCounterexampleError } from '../../src/run/policy/PolicyCounterexampleError.ts';
import type { PolicyReplayResult } from '../../src/run/policy/replayPolicyCounterexample.ts';
import { findingIdentity } from '../../src/run/writeCounterexample.ts';
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

describe('prunecheck replay: headlines, load failures and policy-mode files', () => {
  it('a divergence says its cause when the evidence shows one', () => {
    expect(headline({ kind: 'diverged', cause: 'nondeterminism' })).toBe('diverged (nondeterminism)');
    expect(headline({ kind: 'diverged', cause: 'adapter-changed' })).toBe('diverged (another adapter or version)');
    expect(headline({ kind: 'diverged', cause: 'unexplained' })).toBe('diverged (not explained by the answers: see why)');
    expect(headline({ kind: 'diverged' })).toBe('diverged');
    expect(headline({ kind: 'reproduced' })).toBe('reproduced');
  });

  it('an adapter the file names that cannot be loaded exits 2 and suggests --adapter', async () => {
    const command = createReplayCommand({
      replay: () => Promise.reject(new AdapterLoadError('UNKNOWN_ADAPTER', "unknown adapter 'gone'")),
    });
    const { code, stderr, stdout } = await runCommand(command, [file('gone.json', counterexample())]);
    expect(code).toBe(2);
    expect(stderr).toContain(`gone.json: unknown adapter 'gone'; or pass --adapter\n`);
    expect(stdout).toBe('');
  });

  it('a runtime-mode file naming a policy adapter, or replayed against one, exits 2 naming both modes', async () => {
    const { command, calls } = fakeReplay('passed', 'never');
    const named = await runCommand(command, [file('policy-name.json', counterexample({ adapter: 'archiving-window', adapterRef: 'archiving-window' }))]);
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/policy-name\.json is a runtime-mode counterexample but names archiving-window, a policy-mode adapter; pass --adapter with an adapter of the runtime mode/);
    const against = await runCommand(command, [file('against.json', counterexample()), '--adapter', 'archiving-window']);
    expect(against.code).toBe(2);
    expect(against.stderr).toMatch(/against\.json is a runtime-mode counterexample but --adapter archiving-window is a policy-mode adapter; pass an adapter of the same mode/);
    expect(calls).toHaveLength(0);
  });

  const [CASE] = fc.sample(policyCaseArbitrary(), { seed: 3, numRuns: 1 });
  const policyCx = {
    format: 'prunecheck-policy-counterexample/1',
    mode: 'policy',
    adapter: 'archiving-window',
    adapterRef: 'archiving-window',
    adapterVersion: '1.0.0',
    package: 'prunecheck (in-repo)',
    prunecheckVersion: '0.1.0',
    specVersion: '1.0.0',
    invariant: 'INV-16',
    seed: 3,
    path: '0',
    case: CASE,
    caseHash: findingIdentity(CASE),
    round: 1,
    because: ['round 1: the summary lost the history'],
    replay: 'npx prunecheck replay x.json',
    rounds: [],
  } as unknown as PolicyCounterexample;

  it('a policy-mode file goes to the policy engine: what was recorded, what happened now, and the exit code', async () => {
    const seen: unknown[] = [];
    const result = (kind: PolicyReplayResult['kind']): PolicyReplayResult => ({ kind, counterexample: policyCx, adapterVersion: '1.0.1', notes: ['the adapter is 1.0.1 now'], because: ['round 1: the summary lost the history again'], detail: `${kind} detail` });
    for (const [kind, exit] of [['reproduced', 1], ['passed', 0], ['error', 2]] as const) {
      const command = createReplayCommand({ replay: () => Promise.reject(new Error('not runtime')), replayPolicy: async (f, options) => (seen.push([f, options?.adapter?.name]), result(kind)) });
      const { code, stdout } = await runCommand(command, [file(`policy-${kind}.json`, policyCx)]);
      expect(code).toBe(exit);
      expect(stdout).toContain(`: archiving-window (prunecheck (in-repo)) INV-16 in round 1 (seed 3; recorded with archiving-window 1.0.0, now 1.0.1; adapterRef archiving-window)\n`);
      expect(stdout).toContain('  recorded: round 1: the summary lost the history\n');
      expect(stdout).toContain('  note: the adapter is 1.0.1 now\n');
      expect(stdout).toContain(`${kind}: ${kind} detail\n  now: round 1: the summary lost the history again\n`);
    }
    expect(seen[0]).toEqual([join(dir, 'policy-reproduced.json'), undefined]);
    // --adapter of the policy mode is handed to the policy engine.
    const command = createReplayCommand({ replay: () => Promise.reject(new Error('not runtime')), replayPolicy: async (_f, options) => (seen.push(options?.adapter?.name), result('passed')) });
    expect((await runCommand(command, [file('policy-adapter.json', policyCx), '--adapter', 'archiving-window'])).code).toBe(0);
    expect(seen.at(-1)).toBe('archiving-window');
  });

  it('a policy-mode file the policy engine refuses exits 2 with its message', async () => {
    const command = createReplayCommand({ replay: () => Promise.reject(new Error('not runtime')), replayPolicy: () => Promise.reject(new PolicyCounterexampleError('INV-16 cannot be observed in this round')) });
    const { code, stderr } = await runCommand(command, [file('policy-bad.json', policyCx)]);
    expect(code).toBe(2);
    expect(stderr).toContain('prunecheck: replay: INV-16 cannot be observed in this round\n');
  });
});
