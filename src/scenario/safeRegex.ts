import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { INLINE_MAX_TEXT, isBoundedPattern } from './boundedPattern.ts';

/** Longest `need.pattern` a scenario may hold. */
export const MAX_PATTERN_LENGTH = 500;
/** How long one match may run before the pattern is judged catastrophic (exponential backtracking). */
export const MATCH_TIMEOUT_MS = 2_000;

/** A pattern that ran past the time limit on its text: it backtracks catastrophically. */
export class RegexTimeoutError extends Error {
  override readonly name = 'RegexTimeoutError';
  readonly code = 'REGEX_TIMEOUT';
}

/** What `exec` found: the match and its capture groups (`values[0]` is the whole match). */
export interface SafeMatch {
  readonly index: number;
  readonly values: readonly (string | undefined)[];
}

// Plain CommonJS, evaluated in a worker: the same from sources and from a build.
const WORKER_SOURCE = String.raw`
const { workerData } = require('node:worker_threads');
const { port, signal } = workerData;
const done = new Int32Array(signal);
// Started: from now on a match's time is the match's, not the thread's start-up.
Atomics.store(done, 1, 1);
Atomics.notify(done, 1);
port.on('message', ({ pattern, flags, text }) => {
  let answer;
  try {
    const match = new RegExp(pattern, flags).exec(text);
    answer = { match: match === null ? null : { index: match.index, values: Array.from(match) } };
  } catch (error) {
    answer = { error: String(error && error.message || error) };
  }
  port.postMessage(answer);
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
});
`;

let matcher: { worker: Worker; port: MessagePort; done: Int32Array } | undefined;

function start(): NonNullable<typeof matcher> {
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(8);
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { port: port2, signal }, transferList: [port2] });
  worker.unref();
  port1.unref();
  return { worker, port: port1, done: new Int32Array(signal) };
}

/**
 * `new RegExp(pattern, flags).exec(text)`, synchronously, but never longer than `timeoutMs`: the match runs in
 * a worker thread, which is terminated when it overruns (a catastrophic pattern such as `(a+)+$` on a long text
 * of `a`s), and a `RegexTimeoutError` is thrown instead of hanging prunecheck. A pattern that does not compile
 * throws a `SyntaxError`. The worker is started once and kept (unreferenced) for later matches. A pattern that
 * cannot backtrack past O(n²) on a text of at most `INLINE_MAX_TEXT` characters runs in the calling thread.
 */
export function safeExec(pattern: string, text: string, options: { readonly flags?: string; readonly timeoutMs?: number } = {}): SafeMatch | null {
  // A pattern whose match time is bounded by the text's length (src/scenario/boundedPattern.ts), on a short text,
  // runs here: every recorded incident's pattern is one, and a check then never starts the worker.
  if (text.length <= INLINE_MAX_TEXT && isBoundedPattern(pattern)) {
    const match = new RegExp(pattern, options.flags ?? '').exec(text);
    return match === null ? null : { index: match.index, values: Array.from(match) };
  }
  matcher ??= start();
  const { worker, port, done } = matcher;
  Atomics.store(done, 0, 0);
  // A thread start-up is not the pattern's time (it can take long on a loaded machine).
  if (Atomics.load(done, 1) === 0) Atomics.wait(done, 1, 0, 30_000);
  port.postMessage({ pattern, flags: options.flags ?? '', text });
  const waited = Atomics.wait(done, 0, 0, options.timeoutMs ?? MATCH_TIMEOUT_MS);
  const reply = receiveMessageOnPort(port)?.message as { match?: SafeMatch | null; error?: string } | undefined;
  if (waited === 'timed-out' && reply === undefined) {
    matcher = undefined;
    void worker.terminate();
    throw new RegexTimeoutError(`the pattern ${JSON.stringify(pattern)} ran for more than ${options.timeoutMs ?? MATCH_TIMEOUT_MS} ms on a text of ${text.length} characters (catastrophic backtracking); simplify it, e.g. avoid nested quantifiers such as (a+)+`);
  }
  if (reply === undefined) throw new Error('the pattern matcher answered nothing');
  if (reply.error !== undefined) throw new SyntaxError(reply.error);
  return reply.match ?? null;
}

/** Stops the matcher's worker (tests). */
export async function stopMatcher(): Promise<void> {
  const running = matcher;
  matcher = undefined;
  await running?.worker.terminate();
}
