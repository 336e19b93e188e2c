import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { policyCaseArbitrary, type PolicyCase } from '../../src/gen/policy/PolicyCase.ts';
import { CounterexampleFileError } from '../../src/run/CounterexampleFileError.ts';
import { readCounterexampleFile } from '../../src/run/readCounterexampleFile.ts';
import { findingIdentity } from '../../src/run/writeCounterexample.ts';
import { counterexample } from '../helpers/reports.ts';

// What `prunecheck replay` refuses before it runs anything (exit 2): the fields spec/cli/replayCommand.test.ts does
// not reach through the command, and the policy-mode file, read here directly.

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-readcx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(content: unknown): string {
  files += 1;
  const path = join(dir, `cx-${files}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** The error reading `content` throws: its code and its message without the file name. */
async function refusal(content: unknown, expected?: 'runtime' | 'policy'): Promise<{ code: string; message: string }> {
  const path = file(content);
  const error: unknown = await readCounterexampleFile(path, expected).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof CounterexampleFileError)) throw new Error(`expected a CounterexampleFileError, got ${String(error)}`);
  expect(error.file).toBe(path);
  return { code: error.code, message: error.message.slice(path.length + 2) };
}

const [CASE] = fc.sample(policyCaseArbitrary(), { seed: 3, numRuns: 1 }) as [PolicyCase];

/** A policy-mode counterexample as the policy check writes it, with `overrides` applied (the hash follows the case). */
function policyFile(overrides: Record<string, unknown> = {}, caseOverrides: Record<string, unknown> = {}): Record<string, unknown> {
  const c = { ...CASE, ...caseOverrides };
  return { format: 'prunecheck-policy-counterexample/1', mode: 'policy', adapter: 'p', adapterRef: 'p', invariant: 'INV-16', seed: 3, because: ['x'], case: c, caseHash: findingIdentity(c), round: 1, ...overrides };
}

describe('readCounterexampleFile: a runtime-mode file', () => {
  it('reads a well-formed file, with its mode and adapter, and a byte-order mark in front', async () => {
    const read = await readCounterexampleFile(file(`\uFEFF${JSON.stringify(counterexample())}`));
    expect(read.mode).toBe('runtime');
    expect(read.adapterRef).toBe('trusts-safe-claim');
    expect(read.data['step']).toBe(2);
  });

  it('refuses a file of the other mode when one is expected', async () => {
    expect(await refusal(counterexample(), 'policy')).toEqual({
      code: 'BAD_FIELD',
      message: "field 'format' must be 'prunecheck-policy-counterexample/1' here, got \"prunecheck-counterexample/1\" (a runtime-mode counterexample); re-create the file with the check that found it, or fix the field",
    });
  });

  it('refuses a directory and a missing file as NOT_FOUND', async () => {
    const sub = join(dir, 'a-directory');
    mkdirSync(sub);
    await expect(readCounterexampleFile(sub)).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/is not a regular file/) });
    await expect(readCounterexampleFile(join(dir, 'nope.json'))).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/cannot read the file \(ENOENT\)/) });
  });

  it.each([
    ['an unknown finding kind', { invariant: 'INV-99' }, /field 'invariant' must be an invariant id \(INV-01…\) or DIFFERENTIAL, ADAPTER-ERROR or TIMEOUT, got "INV-99"/],
    ['a seed too large for JSON', '1e999', /field 'seed' must be an integer, got Infinity \(a number too large to represent, such as 1e999\)/],
    ['a config that is not an object', { config: [400] }, /field 'config' must be the runtime configuration/],
    ['a trace that is not an array', { trace: { kind: 'append' }, traceHash: undefined }, /field 'trace' must be an array of operations/],
    ['a hash that is not a string', { traceHash: 42 }, /field 'traceHash' must be the sha256 of the trace \(a hex string\), got 42/],
    ['outcomes that are not an array', { outcomes: 'evicted' }, /field 'outcomes' must be an array/],
    ['more outcomes than operations', { outcomes: [{ kind: 'appended' }, { kind: 'evicted' }, { kind: 'evicted' }] }, /field 'outcomes' holds 3 outcomes for 2 operations; one per operation at most/],
    ['an outcome without a kind', { outcomes: [{ spanId: 's1' }] }, /field 'outcomes\[0\]' must be an outcome object with a string kind, got \{"spanId":"s1"\}/],
    ['a recheck interval out of range', { recheckEvery: -1 }, /field 'recheckEvery' must be an integer from 0 to 100000/],
    ['a config the reference refuses', { config: { capacity: 10, markerTokens: 10 } }, /field 'config' is not a configuration the reference model accepts: .*markerTokens must be an integer/],
  ])('refuses %s, naming the field', async (_name, overrides, message) => {
    const content = typeof overrides === 'string' ? JSON.stringify(counterexample()).replace('"seed":7', `"seed":${overrides}`) : { ...counterexample(), ...overrides };
    const { code, message: said } = await refusal(content);
    expect(code).toBe('BAD_FIELD');
    expect(said).toMatch(message);
    expect(said).toMatch(/re-create the file with the check that found it, or fix the field$/);
  });

  it('refuses a trace edited after the check wrote it, and replays an edited one whose hash was deleted', async () => {
    const edited = { ...counterexample(), trace: [{ kind: 'append', span: { id: 's1', kind: 'raw', content: 'edited' } }, { kind: 'prune', spanId: 's1', claimSafe: true }] };
    expect((await refusal(edited)).message).toMatch(/^field 'traceHash' does not match the trace: the trace was changed after the check wrote the file/);
    const { traceHash: _dropped, ...unhashed } = edited;
    expect((await readCounterexampleFile(file(unhashed))).mode).toBe('runtime');
  });

  it('runs the trace on the reference first: an operation it refuses names its index', async () => {
    const ops = [{ kind: 'append', span: { id: 's1', kind: 'raw', content: 'x' } }, { kind: 'prune', spanId: 'never-appended' }];
    const { message } = await refusal(counterexample({ trace: ops as never, traceHash: undefined as never, step: 1 }));
    expect(message).toBe("field 'trace[1]' is an operation the reference model refuses: operation 'prune': spanId names 'never-appended', which was never appended or summarized in this episode; re-create the file with the check that found it, or fix the field");
  });
});

describe('readCounterexampleFile: a policy-mode file', () => {
  it('reads a well-formed file as policy mode', async () => {
    const read = await readCounterexampleFile(file(policyFile()), 'policy');
    expect([read.mode, read.adapterRef]).toEqual(['policy', 'p']);
  });

  it.each([
    ['no case', { case: null }, {}, /field 'case' must be the generated conversation/],
    ['system not a boolean', {}, { system: 'yes' }, /field 'case\.system' must be true or false, got "yes"/],
    ['no turns', {}, { turns: [] }, /field 'case\.turns' must be an array of 1 to 10000 turns/],
    ['a turn without a kind', {}, { turns: [{ kind: 'assistant-text' }, 7] }, /field 'case\.turns\[1\]' must be a turn object with a string kind, got 7/],
    ['rounds past the turns', {}, { turns: [{ kind: 'assistant-text' }], rounds: 3 }, /field 'case\.rounds' must be an integer from 1 to 2, got 3/],
    ['an empty script', {}, { script: [] }, /field 'case\.script' must be a non-empty array of fake-model behaviours \(faithful, /],
    ['an unknown behaviour', {}, { script: ['faithful', 'lies'] }, /field 'case\.script\[1\]' must be one of faithful, .*got "lies"/],
    ['no config', {}, { config: 5 }, /field 'case\.config' must be an object with triggerMessages and keepMessages/],
    ['a negative keep', {}, { config: { triggerMessages: 4, keepMessages: -1 } }, /field 'case\.config\.keepMessages' must be an integer from 0 to 100000, got -1/],
    ['a fractional token budget', {}, { config: { triggerMessages: 4, keepMessages: 2, triggerTokens: 1.5 } }, /field 'case\.config\.triggerTokens' must be an integer from 0 to 10000000 when present, got 1\.5/],
    ['no round', { round: -1 }, {}, /field 'round' must be a round number \(an integer ≥ 0\), got -1/],
  ])('refuses %s, naming the field', async (_name, overrides, caseOverrides, message) => {
    const made = policyFile(overrides, caseOverrides);
    if ((overrides as { case?: unknown }).case === null) made['case'] = null;
    const { code, message: said } = await refusal(made);
    expect(code).toBe('BAD_FIELD');
    expect(said).toMatch(message);
  });

  it('refuses a case edited after the check wrote it, and one that cannot be built into a conversation', async () => {
    const edited = { ...policyFile(), case: { ...CASE, system: !CASE.system } };
    expect((await refusal(edited)).message).toMatch(/^field 'caseHash' does not match the case: the case was changed after the check wrote the file/);
    const unbuildable = policyFile({ caseHash: undefined }, { turns: [{ kind: 'tool-calls', calls: 5 }], rounds: 1 });
    expect((await refusal(unbuildable)).message).toMatch(/^field 'case' cannot be built into a conversation: /);
  });
});
