import { spawn, type ChildProcess } from 'node:child_process';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import { decodeMessage, encodeMessage } from './codec.ts';
import { decodeHello, isHelloProblem } from './decodeHello.ts';
import { LineReader } from './LineReader.ts';
import { PROTOCOL_MINOR, PROTOCOL_VERSION, type ErrorBody, type HelloResult, type Method, type MethodParams } from './messages.ts';
import { ProtocolError, type ProtocolErrorCode } from './ProtocolError.ts';
import { StderrRing } from './StderrRing.ts';
import { forgetGroup, signalGroup, trackGroup } from './processGroups.ts';
import { newTreeTag, treeEnvironment } from './processTree.ts';

/** Limits of one child. Every fault past a limit is a `ProtocolError`, never a hang or a crash of prunecheck. */
export interface ClientOptions {
  /** Per-request timeout in ms, after the handshake. */
  readonly timeoutMs: number;
  /** Timeout for the `hello` answer, which includes the child's start-up. */
  readonly startupTimeoutMs: number;
  /** Longest accepted line, in bytes. */
  readonly maxLineBytes: number;
  /** How much of the child's stderr is kept to show with failures. */
  readonly stderrBytes: number;
  /** How long `close()` waits for the child to exit after closing its stdin, before killing it. */
  readonly closeGraceMs: number;
  readonly cwd?: string;
  /** The child's environment (default: prunecheck's). A plain record, so the declarations need no @types/node. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export const DEFAULT_CLIENT_OPTIONS: ClientOptions = {
  timeoutMs: 60_000,
  startupTimeoutMs: 15_000,
  maxLineBytes: 8 * 1024 * 1024,
  stderrBytes: 64 * 1024,
  closeGraceMs: 1_000,
};

/** An answer: the result, or the error the child reported for a request it did not execute. */
export type CallOutcome = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: ErrorBody };

interface Pending {
  readonly id: number;
  readonly method: Method;
  readonly timeoutMs: number;
  readonly resolve: (outcome: CallOutcome) => void;
  readonly reject: (error: ProtocolError) => void;
  readonly timer: NodeJS.Timeout;
}

const PROTOCOL_CLIENT = 'prunecheck';
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * One child process speaking spec/PROTOCOL.md over its stdin and stdout: one request at a time, answers
 * matched by id, stderr kept in a ring buffer and never parsed. The first fault (exit, bad line, wrong id,
 * oversize line, timeout) stops the child and is thrown, as a `ProtocolError`, from the call that was waiting
 * and from every later call. Start with `ProtocolClient.start`, which performs the handshake.
 */
export class ProtocolClient {
  readonly command: string;
  private readonly options: ClientOptions;
  private readonly child: ChildProcess;
  private readonly reader: LineReader;
  private readonly stderr: StderrRing;
  private helloResult: HelloResult | undefined;
  private nextId = 1;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Calls made and not yet settled; with none, a call is sent at once instead of through the queue. */
  private inFlight = 0;
  private fault: ProtocolError | undefined;
  /** A fault that happened between requests (an unsolicited line, an exit): thrown by the next call. */
  private undelivered: ProtocolError | undefined;
  private closing = false;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exited: Promise<void>;

  private constructor(argv: readonly [string, ...string[]], command: string, options: ClientOptions) {
    this.command = command;
    this.options = options;
    this.reader = new LineReader(options.maxLineBytes);
    this.stderr = new StderrRing(options.stderrBytes);
    const [file, ...args] = argv;
    // Its own process group, so that stopping it stops everything it started (spec/PROTOCOL.md §1).
    // Its tree name in its environment, so that what it starts is found even after setsid() (processTree.ts).
    const tree = newTreeTag();
    this.child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], cwd: options.cwd, env: treeEnvironment(options.env ?? process.env, tree), detached: true });
    const pid = this.child.pid;
    if (pid !== undefined) trackGroup(pid, tree);
    // 'exit', not 'close': a grandchild holding stdout open must not keep prunecheck waiting for the child.
    this.exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.once('error', () => resolve());
    });
    this.child.on('error', (error: NodeJS.ErrnoException) => {
      this.failWith('SPAWN_FAILED', `could not start '${file}': ${error.code ?? error.message}; check the command after 'cmd:' (is it installed and on PATH?)`);
    });
    this.child.stdout?.on('data', (chunk: Buffer) => this.onData(chunk));
    // A child may close stdout and live on; give a real exit a moment to be the one reported.
    this.child.stdout?.once('end', () => setTimeout(() => this.onGone(), 200).unref());
    this.child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    this.child.stdin?.on('error', (error: NodeJS.ErrnoException) => {
      // Deferred, so that a failed spawn or an exit, which also break the pipe, is what gets reported.
      setImmediate(() => {
        if (this.pending !== undefined) this.failWith('CHILD_EXITED', `could not write the ${this.pending.method} request (${error.code ?? error.message}): the child closed its stdin`);
      });
    });
    this.child.once('exit', (code, signal) => {
      this.exit = { code, signal };
      // Whatever the child left behind in its group (a runtime started by sh -c, a worker) goes with it.
      if (pid !== undefined) {
        signalGroup(pid, 'SIGKILL');
        forgetGroup(pid);
      }
      // 'close' follows once stdout and stderr are drained; a grandchild holding them open must not delay the verdict.
      setTimeout(() => this.onGone(), 200).unref();
    });
    this.child.once('close', () => this.onGone());
    // An idle child (kept between runs, or abandoned) never keeps prunecheck from exiting; it exits on the EOF
    // of its stdin. Unref'd once here: toggling ref on every request costs more than the request's JSON.
    const handles = [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as unknown as ({ unref?: () => void } | null)[];
    for (const handle of handles) handle?.unref?.();
  }

  /** Spawns `argv`, performs the handshake, and answers the client; throws `ProtocolError` on any fault. */
  static async start(argv: readonly [string, ...string[]], command: string, options: ClientOptions = DEFAULT_CLIENT_OPTIONS): Promise<ProtocolClient> {
    const client = new ProtocolClient(argv, command, options);
    const answer = await client.call('hello', { protocol: PROTOCOL_VERSION, minor: PROTOCOL_MINOR, client: PROTOCOL_CLIENT, spec: SPEC_VERSION }, options.startupTimeoutMs);
    if (!answer.ok) {
      const code = answer.error.code === 'VERSION_MISMATCH' ? 'VERSION_MISMATCH' : 'BAD_HANDSHAKE';
      throw client.failWith(code, `the child refused the handshake (protocol ${PROTOCOL_VERSION}): ${answer.error.code}: ${answer.error.message}`, 'hello');
    }
    const hello = decodeHello(answer.result);
    if (isHelloProblem(hello)) throw client.failWith(hello.code, hello.message, 'hello');
    client.helloResult = hello;
    return client;
  }

  /** The child's handshake. */
  get hello(): HelloResult {
    if (this.helloResult === undefined) throw new Error('ProtocolClient.hello read before the handshake completed');
    return this.helloResult;
  }

  /** Whether the child is running and no fault happened: it can take more requests. */
  get healthy(): boolean {
    return this.fault === undefined && this.exit === undefined && !this.closing;
  }

  /** The kept tail of the child's stderr. */
  stderrText(): string {
    return this.stderr.text();
  }

  /** Sends one request and waits for its answer. Requests are queued, one outstanding at a time. */
  call<M extends Method>(method: M, params: MethodParams[M], timeoutMs = this.options.timeoutMs): Promise<CallOutcome> {
    const run = this.inFlight === 0 ? this.send(method, params, timeoutMs) : this.queue.then(() => this.send(method, params, timeoutMs));
    this.inFlight += 1;
    this.queue = run.then(
      () => void (this.inFlight -= 1),
      () => void (this.inFlight -= 1),
    );
    return run;
  }

  /**
   * Closes stdin, waits up to the grace period for the child to exit, then kills its process group. Never
   * throws. A request still outstanding is abandoned (rejected as `CLOSED`), so its timer keeps nothing alive.
   */
  async close(): Promise<void> {
    if (this.closing) return this.exited;
    this.closing = true;
    this.abandonPending();
    if (this.exit === undefined) {
      this.child.stdin?.end();
      const timer = setTimeout(() => this.killGroup(), this.options.closeGraceMs);
      await this.waitForExit();
      clearTimeout(timer);
    }
    return this.exited;
  }

  /** Kills the child's process group at once and waits for the child to be gone. */
  async kill(): Promise<void> {
    this.closing = true;
    this.abandonPending();
    if (this.exit === undefined) this.killGroup();
    await this.waitForExit();
  }

  /** Waits for the child's exit, keeping prunecheck alive meanwhile (the child's own handles are unref'd). */
  private async waitForExit(): Promise<void> {
    const keepAlive = setInterval(() => undefined, 1_000);
    await this.exited;
    clearInterval(keepAlive);
  }

  private killGroup(): void {
    if (this.child.pid !== undefined) signalGroup(this.child.pid, 'SIGKILL');
    else this.child.kill('SIGKILL');
  }

  private abandonPending(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.settle();
    pending.reject(this.error('CLOSED', `the child was stopped while prunecheck waited for its answer to ${pending.method}`, pending.method));
  }

  private send<M extends Method>(method: M, params: MethodParams[M], timeoutMs: number): Promise<CallOutcome> {
    if (this.fault !== undefined) return Promise.reject(this.afterFault(method));
    if (this.closing || this.exit !== undefined) {
      return Promise.reject(this.error('CLOSED', `${method} sent to a child that was already closed`, method));
    }
    const id = this.nextId++;
    return new Promise<CallOutcome>((resolve, reject) => {
      // This timer is what keeps prunecheck alive while an answer is awaited: the child's handles are unref'd.
      const timer = setTimeout(() => this.onTimeout(), Math.min(timeoutMs, MAX_TIMER_MS));
      this.pending = { id, method, timeoutMs, resolve, reject, timer };
      this.child.stdin?.write(`{"id":${id},"method":"${method}","params":${encodeMessage(params)}}\n`);
    });
  }

  private onData(chunk: Buffer): void {
    if (this.fault !== undefined) return;
    for (const event of this.reader.feed(chunk)) {
      if (event.kind === 'too-long') {
        this.failWith('LINE_TOO_LONG', `a line on stdout reached ${event.bytes} bytes, over the limit of ${this.options.maxLineBytes}; the child was stopped`);
        return;
      }
      this.onLine(event.text);
      if (this.fault !== undefined) return;
    }
  }

  private onLine(text: string): void {
    let message: unknown;
    try {
      message = decodeMessage(text);
    } catch {
      this.failWith('BAD_JSON', `stdout line is not JSON: ${preview(text)}; write only protocol lines to stdout, logs to stderr`);
      return;
    }
    if (typeof message !== 'object' || message === undefined || Array.isArray(message)) {
      this.failWith('BAD_JSON', `stdout line is not a JSON object: ${preview(text)}`);
      return;
    }
    const response = message as Record<string, unknown>;
    const pending = this.pending;
    if (pending === undefined) {
      this.failWith('WRONG_ID', `unsolicited line with id ${JSON.stringify(response['id'])} while no request was outstanding: ${preview(text)}`);
      return;
    }
    if (response['id'] !== pending.id) {
      this.failWith('WRONG_ID', `answer to ${pending.method} request ${pending.id} carries id ${JSON.stringify(response['id'])}: ${preview(text)}`);
      return;
    }
    const error = response['error'];
    if (error !== undefined && !isErrorBody(error)) {
      this.failWith('BAD_RESPONSE', `error of the ${pending.method} answer must be {kind: "misuse"|"internal", code, message}: ${preview(text)}`);
      return;
    }
    this.settle();
    pending.resolve(error === undefined ? { ok: true, result: response['result'] } : { ok: false, error: error as ErrorBody });
  }

  private onTimeout(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    if (this.reader.pending > 0) {
      this.failWith('PARTIAL_LINE', `the answer to ${pending.method} stopped after ${this.reader.pending} bytes without a newline, and nothing followed within ${pending.timeoutMs} ms: ${preview(this.reader.pendingPreview())}`);
    } else {
      this.failWith('TIMEOUT', `no answer to ${pending.method} within ${pending.timeoutMs} ms; the child was killed`);
    }
  }

  private onGone(): void {
    if (this.fault !== undefined || this.closing) return;
    const how = this.exit === undefined ? 'closed its stdout' : this.exit.signal !== null ? `was killed by ${this.exit.signal}` : `exited with code ${String(this.exit.code)}`;
    const method = this.pending?.method;
    if (this.reader.pending > 0) {
      this.failWith('PARTIAL_LINE', `the child ${how} after writing ${this.reader.pending} bytes without a newline: ${preview(this.reader.pendingPreview())}`);
    } else {
      this.failWith('CHILD_EXITED', method === undefined ? `the child ${how} between requests` : `the child ${how} while prunecheck waited for its answer to ${method}`);
    }
  }

  /** Whether the child can take a request right now: healthy and not waiting for an answer. */
  get idle(): boolean {
    return this.healthy && this.pending === undefined;
  }

  /** Records the first fault, stops the child, and rejects the waiting call. Answers the error. */
  failWith(code: ProtocolErrorCode, message: string, method = this.pending?.method): ProtocolError {
    if (this.fault !== undefined) return this.fault;
    const error = this.error(code, message, method);
    this.fault = error;
    if (this.exit === undefined) this.killGroup();
    const pending = this.pending;
    this.settle();
    if (pending === undefined) this.undelivered = error;
    pending?.reject(error);
    return error;
  }

  private settle(): void {
    if (this.pending !== undefined) clearTimeout(this.pending.timer);
    this.pending = undefined;
  }

  private afterFault(method: Method): ProtocolError {
    const fault = this.fault as ProtocolError;
    if (this.undelivered !== undefined) {
      this.undelivered = undefined;
      return fault;
    }
    return this.error('CLOSED', `${method} not sent: the child was stopped after an earlier fault (${fault.code})`, method);
  }

  /** A fault that leaves the child running (the runtime reported a failure in protocol): not recorded. */
  error(code: ProtocolErrorCode, message: string, method: string | undefined): ProtocolError {
    return new ProtocolError(code, `cmd:${this.command}: ${message}`, { command: this.command, method, stderr: this.stderr.text() });
  }
}

/** Whether an answer's `error` has the shape spec/PROTOCOL.md §4 gives it. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === undefined || value === null) return false;
  const body = value as Record<string, unknown>;
  return (body['kind'] === 'misuse' || body['kind'] === 'internal') && typeof body['code'] === 'string' && typeof body['message'] === 'string';
}

function preview(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}
