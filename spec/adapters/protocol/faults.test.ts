import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AdapterLoadError } from '../../../src/adapters/AdapterLoadError.ts';
import { loadAdapter } from '../../../src/subjects/loadAdapter.ts';
import { commandAdapter, type CommandAdapterOptions } from '../../../src/adapters/protocol/commandAdapter.ts';
import { ProtocolError, type ProtocolErrorCode } from '../../../src/adapters/protocol/ProtocolError.ts';
import { ModelError } from '../../../src/model/ModelError.ts';
import type { Operation } from '../../../src/model/Operation.ts';

const CHILD = fileURLToPath(new URL('./children/faultyChild.mjs', import.meta.url));
const command = (fault: string, ...rest: string[]): string => [process.execPath, CHILD, fault, ...rest].join(' ');
const LIMITS: CommandAdapterOptions = { timeoutMs: 400, maxLineBytes: 64 * 1024 };
const LOOKUP: Operation = { kind: 'lookup', spanId: 's1' };

/** Loads the faulty child, starts a run and applies one operation: answers what was thrown. */
async function faultOnFirstApply(fault: string, options: CommandAdapterOptions = LIMITS): Promise<unknown> {
  const adapter = await commandAdapter(command(fault), options);
  const system = await adapter.create({ capacity: 100 });
  try {
    await system.apply(LOOKUP);
    return undefined;
  } catch (error: unknown) {
    return error;
  } finally {
    await system.close?.();
    await adapter.drain();
  }
}

function expectProtocolError(error: unknown, code: ProtocolErrorCode, message?: RegExp): ProtocolError {
  expect(error).toBeInstanceOf(ProtocolError);
  const fault = error as ProtocolError;
  expect(fault.code, fault.message).toBe(code);
  if (message !== undefined) expect(fault.message).toMatch(message);
  return fault;
}

describe('protocol faults are typed errors at the step, never crashes or hangs', () => {
  it('a child that exits mid-run: CHILD_EXITED, with the exit code and its stderr', async () => {
    const fault = expectProtocolError(await faultOnFirstApply('exit'), 'CHILD_EXITED', /exited with code 3 while prunecheck waited for its answer to apply/);
    expect(fault.stderr).toMatch(/panic: index out of range/);
    expect(fault.message).toMatch(/child stderr \(last 2 lines\):\n {2}\| panic: index out of range/);
    expect(fault.method).toBe('apply');
    expect(fault.finding).toBe('ADAPTER-ERROR');
  });

  it('a child killed by a signal: CHILD_EXITED naming the signal', async () => {
    expectProtocolError(await faultOnFirstApply('signal'), 'CHILD_EXITED', /killed by SIGKILL/);
  });

  it('a child that closes its stdout and lives on: CHILD_EXITED without waiting for the timeout', async () => {
    expectProtocolError(await faultOnFirstApply('close-stdout', { ...LIMITS, timeoutMs: 30_000 }), 'CHILD_EXITED', /closed its stdout while prunecheck waited/);
  });

  it('a line that is not JSON, or JSON that is not an object: BAD_JSON quoting the line', async () => {
    expectProtocolError(await faultOnFirstApply('not-json'), 'BAD_JSON', /not JSON: "Traceback \(most recent call last\): oops"/);
    expectProtocolError(await faultOnFirstApply('not-object'), 'BAD_JSON', /not a JSON object: "\[1, 2, 3\]"/);
  });

  it('a partial line, then exit or silence: PARTIAL_LINE with the bytes received', async () => {
    expectProtocolError(await faultOnFirstApply('partial-exit'), 'PARTIAL_LINE', /exited with code 0 after writing \d+ bytes without a newline: "\{\\"id\\":3,/);
    expectProtocolError(await faultOnFirstApply('partial-hang'), 'PARTIAL_LINE', /stopped after \d+ bytes without a newline, and nothing followed within 400 ms/);
  });

  it('an answer with the wrong id: WRONG_ID', async () => {
    expectProtocolError(await faultOnFirstApply('wrong-id'), 'WRONG_ID', /answer to apply request 3 carries id 103/);
  });

  it('an unsolicited line between requests: WRONG_ID thrown by the next call, then CLOSED', async () => {
    const adapter = await commandAdapter(command('unsolicited'), LIMITS);
    const system = await adapter.create({ capacity: 100 });
    await expect(system.apply(LOOKUP)).resolves.toMatchObject({ kind: 'absent' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectProtocolError(await Promise.resolve(system.apply(LOOKUP)).catch((e: unknown) => e), 'WRONG_ID', /unsolicited line with id 999/);
    expectProtocolError(await Promise.resolve(system.apply(LOOKUP)).catch((e: unknown) => e), 'CLOSED', /after an earlier fault \(WRONG_ID\)/);
    await system.close?.();
  });

  it('a line over the size limit, complete or endless: LINE_TOO_LONG, without buffering past the limit', async () => {
    expectProtocolError(await faultOnFirstApply('oversize'), 'LINE_TOO_LONG', /over the limit of 65536/);
    expectProtocolError(await faultOnFirstApply('endless'), 'LINE_TOO_LONG', /over the limit of 65536/);
  });

  it('a child that hangs past the per-request timeout: TIMEOUT, with the stderr it wrote', async () => {
    const fault = expectProtocolError(await faultOnFirstApply('hang'), 'TIMEOUT', /no answer to apply within 400 ms; the child was killed/);
    expect(fault.stderr).toMatch(/waiting for a lock/);
    expect(fault.finding).toBe('TIMEOUT');
  });

  it('another protocol version in the handshake: refused at load (exit 2) with VERSION_MISMATCH as the cause', async () => {
    for (const fault of ['version', 'refuse-version']) {
      const error = await commandAdapter(command(fault), LIMITS).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdapterLoadError);
      expect((error as AdapterLoadError).code).toBe('BAD_ADAPTER');
      expectProtocolError((error as AdapterLoadError).cause, 'VERSION_MISMATCH');
    }
    const error = await commandAdapter(command('version'), LIMITS).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/speaks protocol 2, this prunecheck speaks 1/);
  });

  it('a version that changes when the child is respawned for a later run: VERSION_MISMATCH from create', async () => {
    const counter = join(mkdtempSync(join(tmpdir(), 'prunecheck-protocol-')), 'starts');
    const adapter = await commandAdapter(command('version-on-respawn', '1', counter), { ...LIMITS, reuse: false });
    expectProtocolError(await Promise.resolve(adapter.create({ capacity: 100 })).catch((e: unknown) => e), 'VERSION_MISMATCH');
  });

  it('a malformed handshake, a banner on stdout, or an exit before the handshake: load errors that say why', async () => {
    const bad = (await commandAdapter(command('bad-handshake'), LIMITS).catch((e: unknown) => e)) as AdapterLoadError;
    expect([bad.code, (bad.cause as ProtocolError).code]).toEqual(['BAD_ADAPTER', 'BAD_HANDSHAKE']);
    expect(bad.message).toMatch(/capabilities.operations names unknown operation "teleport"/);
    const banner = (await commandAdapter(command('banner'), LIMITS).catch((e: unknown) => e)) as AdapterLoadError;
    expect([banner.code, (banner.cause as ProtocolError).code]).toEqual(['IMPORT_FAILED', 'BAD_JSON']);
    expect(banner.message).toMatch(/write only protocol lines to stdout, logs to stderr/);
    const early = (await commandAdapter(command('exit-on-hello'), LIMITS).catch((e: unknown) => e)) as AdapterLoadError;
    expect((early.cause as ProtocolError).code).toBe('CHILD_EXITED');
    expect(early.message).toMatch(/missing configuration file runtime\.toml/);
  });

  it('a command that cannot be started, or no command at all: load errors naming the command', async () => {
    const missing = (await loadAdapter('cmd:no-such-runtime-binary --serve').catch((e: unknown) => e)) as AdapterLoadError;
    expect(missing).toBeInstanceOf(AdapterLoadError);
    expect((missing.cause as ProtocolError).code).toBe('SPAWN_FAILED');
    expect(missing.message).toMatch(/could not start 'no-such-runtime-binary': ENOENT/);
    const empty = (await loadAdapter('cmd:   ').catch((e: unknown) => e)) as AdapterLoadError;
    expect(empty.code).toBe('BAD_ADAPTER');
    const unbalanced = (await loadAdapter("cmd:python3 'x.py").catch((e: unknown) => e)) as AdapterLoadError;
    expect(unbalanced.message).toMatch(/unbalanced '/);
  });

  it('errors the runtime reports in protocol: internal is RUNTIME_ERROR (the child lives on), misuse is ModelError', async () => {
    const adapter = await commandAdapter(command('internal'), LIMITS);
    const system = await adapter.create({ capacity: 100 });
    expectProtocolError(await Promise.resolve(system.apply(LOOKUP)).catch((e: unknown) => e), 'RUNTIME_ERROR', /ZeroDivisionError: division by zero/);
    await expect(system.apply(LOOKUP)).resolves.toMatchObject({ kind: 'absent' });
    await system.close?.();
    await adapter.drain();
    const misuse = await faultOnFirstApply('misuse');
    expect(misuse).toBeInstanceOf(ModelError);
    expect((misuse as ModelError).code).toBe('UNKNOWN_ID');
    expect((misuse as ModelError).message).toBe("operation 'lookup': operation 'prune': spanId names 's1', which was never appended");
  });

  it('answers of the wrong shape: BAD_RESPONSE', async () => {
    expectProtocolError(await faultOnFirstApply('misuse-unknown-code'), 'BAD_RESPONSE', /misuse code "OOPS"/);
    expectProtocolError(await faultOnFirstApply('bad-error'), 'BAD_RESPONSE', /error of the apply answer must be/);
    expectProtocolError(await faultOnFirstApply('no-outcome'), 'BAD_RESPONSE', /must be \{"outcome"/);
  });

  it('keeps only the tail of a flood of stderr (64 KiB), and says how much was dropped', async () => {
    const fault = expectProtocolError(await faultOnFirstApply('stderr-flood'), 'CHILD_EXITED');
    expect(fault.stderr.length).toBeLessThan(70 * 1024);
    expect(fault.stderr).toMatch(/^\[… \d+ earlier bytes of stderr dropped\]/);
    expect(fault.stderr.trimEnd().endsWith('the last words')).toBe(true);
    expect(fault.message).toMatch(/… \(\d+ earlier lines\)/);
  });

  it('after a fault the next run gets a fresh child; a healthy child that declared reset is reused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-protocol-'));
    const reused = await commandAdapter(command('none', '1', join(dir, 'reused')), LIMITS);
    for (let run = 0; run < 3; run++) {
      const system = await reused.create({ capacity: 100 });
      await system.apply(LOOKUP);
      await system.close?.();
    }
    await reused.drain();
    expect(readFileSync(join(dir, 'reused'), 'utf8')).toBe('x');
    const respawned = await commandAdapter(command('none', '1', join(dir, 'respawned')), { ...LIMITS, reuse: false });
    for (let run = 0; run < 2; run++) await (await respawned.create({ capacity: 100 })).close?.();
    expect(readFileSync(join(dir, 'respawned'), 'utf8')).toBe('xxx');
    const crashing = await commandAdapter(command('exit'), LIMITS);
    for (let run = 0; run < 2; run++) {
      const system = await crashing.create({ capacity: 100 });
      expectProtocolError(await Promise.resolve(system.apply(LOOKUP)).catch((e: unknown) => e), 'CHILD_EXITED');
      await system.close?.();
    }
  });
});
