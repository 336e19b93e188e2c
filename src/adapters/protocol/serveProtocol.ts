import { readSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Capabilities } from '../Adapter.ts';
import type { AuditEntry } from '../../model/AuditLog.ts';
import { ModelError } from '../../model/ModelError.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import { decodeMessage, encodeMessage } from './codec.ts';
import { PROTOCOL_MINOR, PROTOCOL_VERSION, type ErrorBody, type StepParams } from './messages.ts';
import { afterIds } from './stepParams.ts';

/** A runtime served over the protocol: synchronous, one episode, as the reference runtime is. */
export interface ServedRuntime {
  apply(op: Operation): Outcome;
  observe(spanId: string): SpanObservation;
  request(signature: string): RequestRecord | undefined;
  /** Protocol 1.2: the runtime's audit log, oldest first (served when `ServedInfo.auditLog` is true). */
  auditLog?(): readonly AuditEntry[];
}

/** What the child says in its handshake. */
export interface ServedInfo {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
  readonly capabilities: Capabilities;
  /** Whether every runtime `create` makes answers `auditLog()`: the child then speaks 1.2 to a prunecheck offering it. */
  readonly auditLog?: boolean;
}

/**
 * The child side of spec/PROTOCOL.md (1.1, and 1.0 to a prunecheck that offers no minor version) for a runtime
 * written in TypeScript or JavaScript: `step` and `batch` are built from the runtime's `apply`, `observe` and
 * `request`. Reads requests from `input` (fd 0), answers on `output` (fd 1), until EOF. `ModelError` from the runtime is answered as misuse;
 * any other exception as an internal error. I/O is synchronous on purpose: a blocked `read` wakes faster than
 * the event loop, which is most of a round trip's cost.
 */
export function serveProtocol(info: ServedInfo, create: (config: RuntimeConfig) => ServedRuntime, input = 0, output = 1): void {
  let runtime: ServedRuntime | undefined;
  const handle = (method: unknown, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'hello': {
        if (params['protocol'] !== PROTOCOL_VERSION) throw new Refusal('VERSION_MISMATCH', `this runtime speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(params['protocol'])}`);
        // The highest minor both speak: 1.1 when prunecheck offers it, 1.0 for a prunecheck that offers none.
        const offered = params['minor'];
        // 1.2 promises the auditLog method: only a runtime that keeps one offers it.
        const minor = Math.min(PROTOCOL_MINOR, typeof offered === 'number' ? offered : 0, info.auditLog === true ? 2 : 1);
        return { protocol: PROTOCOL_VERSION, minor, ...info, reset: true };
      }
      case 'reset':
        runtime = create(params['config'] as RuntimeConfig);
        return {};
      case 'apply': {
        const rt = started(runtime);
        const outcome = rt.apply(params['operation'] as Operation);
        const ids = params['observe'] as readonly string[] | undefined;
        return ids === undefined ? { outcome } : { outcome, observations: ids.map((id) => rt.observe(id)) };
      }
      case 'step':
        return runStep(started(runtime), params as unknown as StepParams);
      case 'batch': {
        const rt = started(runtime);
        const steps: unknown[] = [];
        for (const step of params['steps'] as readonly StepParams[]) {
          try {
            steps.push(runStep(rt, step));
          } catch (error: unknown) {
            steps.push({ error: errorBody(error) });
            break; // a batch stops at the first step that fails (spec/PROTOCOL.md §4.7)
          }
        }
        return { steps };
      }
      case 'observe':
        return (params['spanIds'] as readonly string[]).map((id) => started(runtime).observe(id));
      case 'request':
        return started(runtime).request(params['signature'] as string) ?? null;
      case 'auditLog': {
        const rt = started(runtime);
        if (info.auditLog !== true || rt.auditLog === undefined) throw new Refusal('UNKNOWN_METHOD', 'this runtime keeps no audit log it can serve (protocol 1.2 was not negotiated)');
        return rt.auditLog();
      }
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

/** Protocol 1.1's `step`: observe before, apply, observe after (with the ids the outcome names) and the ledger. */
function runStep(rt: ServedRuntime, step: StepParams): unknown {
  const before = step.before.map((id) => rt.observe(id));
  let outcome: Outcome;
  try {
    outcome = rt.apply(step.operation);
  } catch (error: unknown) {
    throw new StepFailure(error, before);
  }
  const after = afterIds(step.after, outcome).map((id) => rt.observe(id));
  // No record is left out rather than sent as null (the same, spec/PROTOCOL.md §3): null sends the encoder down its slow path.
  return step.request === undefined ? { before, outcome, after } : { before, outcome, after, request: rt.request(step.request) };
}

/** An operation that threw inside a `step`: answered as its error, with the observations taken before it. */
class StepFailure extends Error {
  readonly thrown: unknown;
  readonly before: readonly SpanObservation[];
  constructor(thrown: unknown, before: readonly SpanObservation[]) {
    super('step failed');
    this.thrown = thrown;
    this.before = before;
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
  if (error instanceof StepFailure) return { ...errorBody(error.thrown), before: error.before };
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
