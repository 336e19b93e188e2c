import { readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Capabilities } from '../Adapter.ts';
import { ModelError } from '../../model/ModelError.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import { decodeMessage, encodeMessage } from './codec.ts';
import { PROTOCOL_VERSION, type ErrorBody } from './messages.ts';

/** A runtime served over the protocol: synchronous, one episode, as the reference runtime is. */
export interface ServedRuntime {
  apply(op: Operation): Outcome;
  observe(spanId: string): SpanObservation;
  request(signature: string): RequestRecord | undefined;
}

/** What the child says in its handshake. */
export interface ServedInfo {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly capabilities: Capabilities;
}

/**
 * The child side of spec/PROTOCOL.md for a runtime written in TypeScript or JavaScript: reads requests from
 * `input` (fd 0), answers on `output` (fd 1), until EOF. `ModelError` from the runtime is answered as misuse;
 * any other exception as an internal error. I/O is synchronous on purpose: a blocked `read` wakes faster than
 * the event loop, which is most of a round trip's cost.
 */
export function serveProtocol(info: ServedInfo, create: (config: RuntimeConfig) => ServedRuntime, input = 0, output = 1): void {
  let runtime: ServedRuntime | undefined;
  const handle = (method: unknown, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'hello':
        if (params['protocol'] !== PROTOCOL_VERSION) throw new Refusal('VERSION_MISMATCH', `this runtime speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(params['protocol'])}`);
        return { protocol: PROTOCOL_VERSION, ...info, reset: true };
      case 'reset':
        runtime = create(params['config'] as RuntimeConfig);
        return {};
      case 'apply': {
        const rt = started(runtime);
        const outcome = rt.apply(params['operation'] as Operation);
        const ids = params['observe'] as readonly string[] | undefined;
        return ids === undefined ? { outcome } : { outcome, observations: ids.map((id) => rt.observe(id)) };
      }
      case 'observe':
        return (params['spanIds'] as readonly string[]).map((id) => started(runtime).observe(id));
      case 'request':
        return started(runtime).request(params['signature'] as string) ?? null;
      default:
        throw new Refusal('UNKNOWN_METHOD', `unknown method ${JSON.stringify(method)}`);
    }
  };
  for (const line of readLines(input)) {
    const request = decodeMessage(line) as { id: number; method: unknown; params?: Record<string, unknown> };
    let answer: string;
    try {
      answer = `{"id":${request.id},"result":${encodeMessage(handle(request.method, request.params ?? {}))}}`;
    } catch (error: unknown) {
      answer = `{"id":${request.id},"error":${encodeMessage(errorBody(error))}}`;
    }
    writeAll(output, `${answer}\n`);
  }
}

class Refusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

function started(runtime: ServedRuntime | undefined): ServedRuntime {
  if (runtime === undefined) throw new Refusal('NO_EPISODE', 'send reset with a config before apply, observe or request');
  return runtime;
}

function errorBody(error: unknown): ErrorBody {
  if (error instanceof ModelError) return { kind: 'misuse', code: error.code, message: error.message };
  if (error instanceof Refusal) return { kind: 'internal', code: error.code, message: error.message };
  return { kind: 'internal', code: 'EXCEPTION', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

function* readLines(fd: number): Generator<string> {
  const buffer = Buffer.alloc(1 << 16);
  const utf8 = new StringDecoder('utf8');
  let carry = '';
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(PAUSE, 0, 0, 1); // a non-blocking stdin (a terminal, some pipes): wait 1 ms, do not spin
        continue;
      }
      if ((error as NodeJS.ErrnoException).code === 'EOF') return;
      throw error;
    }
    if (n === 0) return;
    carry += utf8.write(buffer.subarray(0, n));
    let newline = carry.indexOf('\n');
    while (newline !== -1) {
      const line = carry.slice(0, newline);
      carry = carry.slice(newline + 1);
      if (line.trim() !== '') yield line;
      newline = carry.indexOf('\n');
    }
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; ) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
  }
}
