import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { ensureDirectory, OutputPathError } from '../../src/util/writeFileAtomic.ts';
import type { Counterexample } from '../../src/run/CheckReport.ts';
import { loadScenario } from '../../src/scenario/loadScenario.ts';
import { runScenario } from '../../src/scenario/runScenario.ts';
import { parseScenario } from '../../src/scenario/loadScenario.ts';
import { RegexTimeoutError, safeExec } from '../../src/scenario/safeRegex.ts';
import { runCli } from '../helpers/cli.ts';
import { eventually, FIXTURES, isRunning, pidsIn, runBin, scratch, spawnAndWait, tinyScenario } from '../helpers/faults.ts';

// Issue 15, class "hang": every wait is bounded, and the process ends promptly once its verdict is out. A hang
// would hit the spawn guard (the process is killed, and `code` is null): these tests never measure time.
const temp = scratch('hang');
const hasProc = existsSync('/proc/self/stat');
const ADAPTER = join(FIXTURES, 'misbehavingAdapter.ts');
const CHILD = join(FIXTURES, 'stubbornChild.mjs');

describe('hangs (issue 15, items 6–11)', () => {
  it.skipIf(!hasProc)('item 6: --counterexamples /proc/cx and conformance --out-dir /proc/x are refused at once (exit 2), no spinning mkdir', async () => {
    const check = await runCli(['check', '--adapter', 'reference', '--runs', '1', '--counterexamples', '/proc/prunecheck-cx']);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('/proc');
    const conformance = await runCli(['conformance', '--only', 'reference', '--out-dir', '/proc/prunecheck-x']);
    expect(conformance.code).toBe(2);
    expect(conformance.stderr).toContain('/proc');
  });

  it('item 6: directories are created one level at a time; a file in the way is named', () => {
    const dir = temp();
    writeFileSync(join(dir, 'file'), '');
    expect(() => ensureDirectory(join(dir, 'file', 'a', 'b'))).toThrow(OutputPathError);
    expect(() => ensureDirectory(join(dir, 'file', 'a', 'b'))).toThrow(/file is a regular file, not a directory/);
    expect(ensureDirectory(join(dir, 'x', 'y', 'z'))).toBe(join(dir, 'x', 'y', 'z'));
  });

  // What ends the process after a timeout on a cmd: child is the run giving up on it: the pending request is
  // abandoned (its timer, 60 s by default, cleared) and the child's process group killed. The CLI also exits
  // at once after its verdict, which would hide a regression here; that exit is item 8's test.
  it('item 7: after an operation times out on a cmd: child, the check leaves nothing running: a process that never calls exit ends by itself', async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    const result = await spawnAndWait(process.execPath, ['--import', 'tsx', join(FIXTURES, 'checkWithoutExit.ts'), `${process.execPath} ${CHILD} deaf ${pids}`, dir], { killAfterMs: 45_000 });
    expect(result.signal, `the process had to be killed: it lingered after its verdict (${result.stdout.trim()})`).toBeNull();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('verdict: unknown; TIMEOUT');
    expect(pidsIn(pids).length).toBeGreaterThanOrEqual(4);
    expect(await eventually(() => pidsIn(pids).every((pid) => !isRunning(pid)))).toBe(true);
  });

  it('item 7: the CLI prints its verdict after a timeout on a cmd: child that ignores end of input and SIGTERM, exits, and leaves no child', async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    const ref = `cmd:${process.execPath} ${CHILD} deaf ${pids}`;
    const result = await runBin(['check', '--adapter', ref, '--runs', '1', '--max-steps', '2', '--seed', '1', '--op-timeout', '100', '--counterexamples', dir], { killAfterMs: 40_000 });
    expect(result.signal, 'the process had to be killed: it lingered').toBeNull();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('TIMEOUT');
    expect(await eventually(() => pidsIn(pids).every((pid) => !isRunning(pid)))).toBe(true);
  });

  it('item 9: a catastrophic need.pattern is refused (the match runs off-thread with a time limit), naming the field', () => {
    const scenario = tinyScenario();
    scenario['timeline'][1]['content'] = `${'a'.repeat(40)}!`;
    scenario['timeline'][2]['pattern'] = '^(a+)+$';
    expect(() => parseScenario(JSON.stringify(scenario, null, 2), 'tiny.json')).toThrow(/\$\.timeline\[2\]\.pattern: the pattern "\^\(a\+\)\+\$" ran for more than 2000 ms .*catastrophic backtracking/);
    expect(safeExec('req-(\\d+)', 'id req-42')?.values).toEqual(['req-42', '42']);
    expect(() => safeExec('^(a+)+$', `${'a'.repeat(40)}!`, { timeoutMs: 100 })).toThrow(RegexTimeoutError);
    // The matcher survives a timeout: the next match starts a fresh worker.
    expect(safeExec('b', 'ab')?.index).toBe(1);
  });

  it('item 9: a long scenario runs to its last turn, reporting its progress after every turn (stderr shows it in the CLI)', async () => {
    const scenario = tinyScenario();
    scenario['timeline'] = [{ turn: 1, kind: 'filler', to: 2_000, tokens: 100, relevance: [0.4, 0.6], persist: true }, { turn: 2_000, kind: 'assert', claim: 'never stated' }];
    scenario['expect'] = { reference: [{ failure: 'fabricated-claim-accepted', turn: 2_000, outcome: 'prevented', mechanism: 'INV-10' }] };
    const turns: number[] = [];
    const run = await runScenario(parseScenario(JSON.stringify(scenario), 'tiny.json'), referenceAdapter, { onProgress: (p) => turns.push(p.runsDone) });
    expect(run.lastTurn).toBe(2_000);
    expect(turns).toEqual(Array.from({ length: 2_000 }, (_, i) => i + 1));
  });

  it('item 10: scenario has an operation timeout: a runtime that never answers crashes the run at that turn', async () => {
    const pending: Adapter = {
      ...referenceAdapter,
      name: 'pending',
      async create(config) {
        const inner = await referenceAdapter.create(config);
        return { ...inner, apply: (op) => (op.kind === 'callTool' ? new Promise(() => undefined) : inner.apply(op)) };
      },
    };
    const run = await runScenario(loadScenario('turn-90-duplicate-side-effect'), pending, { opTimeoutMs: 50 });
    expect(run.crash?.message).toMatch(/TimeoutError: apply did not answer within 50 ms/);
    expect(run.met).toBe(false);
  });

  // In-process only since issue 25 (a module is otherwise supervised in a process of its own, spec/faults/row3*).
  it('item 11: a synchronous busy loop in apply run --in-process is caught: TIMEOUT at that step, counterexample saved, exit 1, a cmd: recommendation', async () => {
    const dir = temp();
    const result = await runBin(['check', '--adapter', ADAPTER, '--in-process', '--runs', '3', '--seed', '1', '--op-timeout', '100', '--counterexamples', dir], { env: { PRUNECHECK_FAULT: 'busy-loop', PRUNECHECK_FAULT_AT: '5' }, killAfterMs: 40_000 });
    expect(result.signal, 'the process had to be killed: the busy loop hung it').toBeNull();
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/apply blocked the process for more than 100 ms .*stuck in apply in .*misbehavingAdapter\.ts\)/);
    expect(result.stdout).toContain('verdict: unknown');
    expect(result.stdout).toContain('--adapter cmd:');
    const [file] = readdirSync(dir);
    const cx = JSON.parse(readFileSync(join(dir, file ?? ''), 'utf8')) as Counterexample;
    expect(cx).toMatchObject({ invariant: 'TIMEOUT', step: 5 });
    expect(cx.trace).toHaveLength(5);
  });
});
