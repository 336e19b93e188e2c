import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveProtocol, type ServedInfo, type ServedRuntime } from '../../../src/adapters/protocol/serveProtocol.ts';
import { PROTOCOL_VERSION } from '../../../src/adapters/protocol/messages.ts';
import { OPERATION_KINDS } from '../../../src/model/Operation.ts';
import { RUNTIME_INVARIANT_IDS } from '../../../src/model/invariants.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';
import { raw } from '../../helpers/model.ts';

// The child side of the protocol, served in-process: the requests are a file opened as the input fd and the answers
// land in another, so every method and error path is exercised without a child process.

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const INFO: ServedInfo = { name: 'served', version: '1.0.0', capabilities: { operations: OPERATION_KINDS, invariants: RUNTIME_INVARIANT_IDS } };

function reference(withLog: boolean) {
  return (config: RuntimeConfig): ServedRuntime => {
    const rt = new ReferenceRuntime(config);
    return {
      apply: (op) => rt.apply(op),
      observe: (id) => rt.observe(id),
      request: (signature) => rt.ledger.get(signature),
      ...(withLog ? { auditLog: () => rt.log.all() } : {}),
    };
  };
}

let files = 0;
/** Serves `text` (request lines, as written) and answers the decoded response lines, in order. */
function serveText(text: string, info: ServedInfo = INFO, create = reference(info.auditLog === true)): { id: number; result?: unknown; error?: { kind: string; code: string; message: string; before?: unknown } }[] {
  files += 1;
  const inPath = join(dir, `in-${files}`);
  const outPath = join(dir, `out-${files}`);
  writeFileSync(inPath, text);
  const input = openSync(inPath, 'r');
  const output = openSync(outPath, 'w');
  try {
    serveProtocol(info, create, input, output);
  } finally {
    closeSync(input);
    closeSync(output);
  }
  return readFileSync(outPath, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as never);
}

function serve(requests: readonly { method: string; params?: unknown }[], info?: ServedInfo, create?: (config: RuntimeConfig) => ServedRuntime) {
  return serveText(requests.map((r, i) => `${JSON.stringify({ id: i + 1, ...r })}\n`).join(''), info, create);
}

const RESET = { method: 'reset', params: { config: { capacity: 1000 } } };

describe('serveProtocol', () => {
  it('negotiates the highest minor both sides speak, and refuses another major version', () => {
    const answers = serve([
      { method: 'hello', params: { protocol: PROTOCOL_VERSION, minor: 2 } },
      { method: 'hello', params: { protocol: PROTOCOL_VERSION } },
      { method: 'hello', params: { protocol: 2, minor: 0 } },
    ]);
    expect(answers[0]).toMatchObject({ id: 1, result: { protocol: 1, minor: 1, name: 'served', reset: true } });
    expect(answers[1]).toMatchObject({ id: 2, result: { minor: 0 } });
    expect(answers[2]).toEqual({ id: 3, error: { kind: 'internal', code: 'VERSION_MISMATCH', message: 'this runtime speaks protocol 1, not 2' } });
    const logged = serve([{ method: 'hello', params: { protocol: 1, minor: 9 } }], { ...INFO, auditLog: true });
    expect(logged[0]).toMatchObject({ result: { minor: 2, auditLog: true } });
  });

  it('refuses apply, observe, request and step before a reset', () => {
    const answers = serve([
      { method: 'apply', params: { operation: raw('a', 'x') } },
      { method: 'observe', params: { spanIds: ['a'] } },
      { method: 'request', params: { signature: 's' } },
      { method: 'step', params: { before: [], operation: raw('a', 'x'), after: [] } },
    ]);
    expect(answers.map((a) => a.error?.code)).toEqual(['NO_EPISODE', 'NO_EPISODE', 'NO_EPISODE', 'NO_EPISODE']);
    expect(answers[0]?.error?.message).toMatch(/send reset with a config before/);
  });

  it('answers apply, observe and request as the reference runtime does', () => {
    const answers = serve([
      RESET,
      { method: 'apply', params: { operation: raw('a', 'alpha') } },
      { method: 'apply', params: { operation: { kind: 'prune', spanId: 'a' }, observe: ['a'] } },
      { method: 'observe', params: { spanIds: ['a', 'zz'] } },
      { method: 'apply', params: { operation: { kind: 'callTool', signature: 'send(x)', requestId: 'r1' } } },
      { method: 'request', params: { signature: 'send(x)' } },
      { method: 'request', params: { signature: 'never-called' } },
    ]);
    const rt = new ReferenceRuntime({ capacity: 1000 });
    expect(answers[0]).toEqual({ id: 1, result: {} });
    expect(answers[1]?.result).toEqual(JSON.parse(JSON.stringify({ outcome: rt.apply(raw('a', 'alpha')) })));
    const pruned = rt.apply({ kind: 'prune', spanId: 'a' });
    expect(answers[2]?.result).toEqual(JSON.parse(JSON.stringify({ outcome: pruned, observations: [rt.observe('a')] })));
    expect(answers[3]?.result).toEqual(JSON.parse(JSON.stringify([rt.observe('a'), rt.observe('zz')])));
    rt.apply({ kind: 'callTool', signature: 'send(x)', requestId: 'r1' });
    expect(answers[5]?.result).toEqual(JSON.parse(JSON.stringify(rt.ledger.get('send(x)'))));
    // No record travels as null (absent), never as a missing result.
    expect(answers[6]).toEqual({ id: 7, result: null });
  });

  it('answers a model misuse as misuse with its code, and any other exception as internal', () => {
    const answers = serve([RESET, { method: 'apply', params: { operation: raw('a', 'x') } }, { method: 'apply', params: { operation: raw('a', 'again') } }]);
    expect(answers[2]?.error).toMatchObject({ kind: 'misuse', code: 'DUPLICATE_ID' });
    const throwing = (): ServedRuntime => ({
      apply: () => {
        throw new TypeError('boom');
      },
      observe: () => {
        throw 'not an error'; // eslint-disable-line @typescript-eslint/only-throw-error
      },
      request: () => undefined,
    });
    const broken = serve([RESET, { method: 'apply', params: { operation: raw('a', 'x') } }, { method: 'observe', params: { spanIds: ['a'] } }], INFO, throwing);
    expect(broken[1]?.error).toMatchObject({ kind: 'internal', code: 'EXCEPTION' });
    expect(broken[1]?.error?.message).toMatch(/TypeError: boom/);
    expect(broken[2]?.error).toEqual({ kind: 'internal', code: 'EXCEPTION', message: 'not an error' });
  });

  it('a step observes before, applies and observes after, with the ids the outcome names and the ledger record', () => {
    const answers = serve([
      RESET,
      { method: 'step', params: { before: ['a'], operation: raw('a', 'alpha', { score: 0.1 }), after: ['a'] } },
      { method: 'step', params: { before: [], operation: { kind: 'compact', threshold: 0.5 }, after: [] } },
      { method: 'step', params: { before: [], operation: { kind: 'callTool', signature: 'f()', requestId: 'r1' }, after: [], request: 'f()' } },
    ]);
    const step1 = answers[1]?.result as { before: { spanId: string }[]; outcome: { kind: string }; after: unknown[] };
    expect(step1.before).toHaveLength(1);
    expect(step1.outcome.kind).toBe('appended');
    expect(step1.after).toHaveLength(1);
    const step2 = answers[2]?.result as { outcome: { kind: string }; after: { spanId: string }[] };
    expect(step2.outcome.kind).toBe('compacted');
    // The compaction evicted 'a': it is observed after though the request named no id.
    expect(step2.after.map((o) => o.spanId)).toEqual(['a']);
    expect(answers[3]?.result).toMatchObject({ outcome: { kind: 'executed' }, request: { signature: 'f()' } });
    expect(answers[2]?.result).not.toHaveProperty('request');
  });

  it('a failed step answers its error with the observations taken before it, and a batch stops at it', () => {
    const answers = serve([
      RESET,
      { method: 'apply', params: { operation: raw('a', 'x') } },
      { method: 'step', params: { before: ['a'], operation: raw('a', 'dup'), after: ['a'] } },
      {
        method: 'batch',
        params: {
          steps: [
            { before: [], operation: raw('b', 'y'), after: ['b'] },
            { before: ['b'], operation: raw('b', 'dup'), after: ['b'] },
            { before: [], operation: raw('c', 'never applied'), after: ['c'] },
          ],
        },
      },
      { method: 'observe', params: { spanIds: ['c'] } },
    ]);
    expect(answers[2]?.error).toMatchObject({ kind: 'misuse', code: 'DUPLICATE_ID', before: [{ spanId: 'a' }] });
    const steps = (answers[3]?.result as { steps: { outcome?: { kind: string }; error?: { code: string; before: unknown[] } }[] }).steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]?.outcome?.kind).toBe('appended');
    expect(steps[1]?.error).toMatchObject({ code: 'DUPLICATE_ID', before: [{ spanId: 'b' }] });
    // The third step never ran.
    expect(answers[4]?.result).toEqual([{ spanId: 'c' }]);
  });

  it('serves the audit log only when it negotiated 1.2, and refuses unknown methods', () => {
    const ops = [RESET, { method: 'apply', params: { operation: raw('a', 'x') } }, { method: 'auditLog' }, { method: 'frobnicate' }];
    const withLog = serve(ops, { ...INFO, auditLog: true });
    expect(withLog[2]?.result).toEqual([expect.objectContaining({ step: 1, operation: expect.objectContaining({ kind: 'append' }) })]);
    expect(withLog[3]?.error).toEqual({ kind: 'internal', code: 'UNKNOWN_METHOD', message: 'unknown method "frobnicate"' });
    const without = serve(ops);
    expect(without[2]?.error).toMatchObject({ code: 'UNKNOWN_METHOD', message: expect.stringMatching(/keeps no audit log/) });
  });

  it('skips blank lines, keeps a request split across reads whole, and answers a missing params as empty', () => {
    // Multi-byte text and a long line: the reader's 64 KiB buffer ends inside the line, and inside a character.
    const long = 'é'.repeat(40_000);
    const text = `\n   \n${JSON.stringify({ id: 1, method: 'reset', params: { config: { capacity: 1_000_000 } } })}\n${JSON.stringify({ id: 2, method: 'apply', params: { operation: raw('a', long), observe: ['a'] } })}\n${JSON.stringify({ id: 3, method: 'reset' })}\n`;
    const answers = serveText(text);
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[1]?.result).toMatchObject({ outcome: { kind: 'appended' }, observations: [{ spanId: 'a', resident: expect.anything() }] });
    // reset without params creates a runtime from an undefined config: the reference refuses it as misuse.
    expect(answers[2]?.error).toMatchObject({ kind: 'internal', code: 'EXCEPTION' });
  });

  it('a read error other than EAGAIN or EOF is thrown to the caller, not swallowed as the end of input', () => {
    const path = join(dir, 'write-only');
    const fd = openSync(path, 'w');
    try {
      expect(() => serveProtocol(INFO, reference(false), fd, fd)).toThrow(expect.objectContaining({ code: 'EBADF' }));
    } finally {
      closeSync(fd);
    }
  });
});
