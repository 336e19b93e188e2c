import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeChatModel } from '../policy/PolicyAdapter.ts';
import { forgetGroup, signalGroup, trackGroup } from '../protocol/processGroups.ts';
import { newTreeTag, treeEnvironment } from '../protocol/processTree.ts';
import { StderrRing } from '../protocol/StderrRing.ts';
import { tierUpArgs } from '../../util/tierUpFlags.ts';
import { TimeoutError } from '../../util/withTimeout.ts';
import { ASYNC_CRASHES, SubjectExitedError, timerSetter } from './SubjectExitedError.ts';
import { fromWire, toWire, type ExpectedMode, type FromChild, type LastWords, type SubjectDescriptor, type ToChild, type WireError } from './wire.ts';

/** How the load of a module ended: its adapter, a load error (exit 2), or the process ending or hanging. */
export type LoadResult =
  | { readonly kind: 'loaded'; readonly descriptor: SubjectDescriptor }
  | { readonly kind: 'load-failed'; readonly code: string; readonly message: string }
  | { readonly kind: 'ended'; readonly reason: string; readonly hung: boolean };

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
  /** Starts the timeout again: a batch's beat says it is still running. */
  readonly rearm: () => void;
}

/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;
const CHILD = new URL(import.meta.url.endsWith('.ts') ? './subjectChild.ts' : './subjectChild.js', import.meta.url);

/**
 * From the TypeScript sources (a clone, the tests), the child needs tsx to run at all: registered as
 * bin/prunecheck.js registers it (tsx's ESM API), so a module loads in the child as it would in prunecheck's
 * process. Compiled, the child registers tsx itself when the adapter is TypeScript (`importAdapterModule`).
 */
function execArgv(): string[] {
  // A short check's V8 tuning (src/cli/jitBudget.ts), which the adapter's steps, as many as the check's, profit from alike.
  const tuning = tierUpArgs();
  if (!import.meta.url.endsWith('.ts')) return tuning;
  const api = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
  return [...tuning, '--import', `data:text/javascript,import { register } from ${encodeURIComponent(JSON.stringify(api))}; register();`];
}

/**
 * One supervised adapter process (`subjectChild.ts`): its own process group, so stopping it stops whatever it
 * started; its stdout and stderr passed on to prunecheck's stderr (the tail kept for messages); calls answered by
 * id. When the process ends, every outstanding and later call fails with a `SubjectExitedError` that says why:
 * the exit code and where `process.exit` was called, or the uncaught exception or unhandled rejection.
 * A call that outlives its timeout kills the process (a synchronous loop cannot be interrupted otherwise).
 */
export class SubjectProcess {
  private readonly child: ChildProcess;
  private readonly stderr = new StderrRing(16 * 1024);
  private readonly pending = new Map<number, Pending>();
  private readonly models = new Map<number, FakeChatModel>();
  /** The errors the fake model threw, by call: an adapter that passes one through throws that very error. */
  private readonly modelErrors = new Map<number, unknown>();
  private nextId = 1;
  private words: LastWords | undefined;
  private wordsText = '';
  private ended: string | undefined;
  private killedBecause: string | undefined;
  private readonly exited: Promise<void>;
  private onLoad: ((result: LoadResult) => void) | undefined;
  private lastWordsRead = false;

  constructor(path: string, expected: ExpectedMode) {
    // Its own process group, and a tree name in its environment: what the adapter starts goes with it, even a
    // process that left the group with setsid() (processTree.ts, Linux), as for a cmd: child.
    const tree = newTreeTag();
    this.child = fork(CHILD, [path, expected], { execArgv: execArgv(), env: treeEnvironment(process.env, tree), stdio: ['ignore', 'pipe', 'pipe', 'ipc', 'pipe'], serialization: 'advanced', detached: true });
    const pid = this.child.pid;
    if (pid !== undefined) trackGroup(pid, tree);
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        this.stderr.push(chunk);
        process.stderr.write(chunk);
      });
    }
    const fd4 = this.child.stdio[4] as NodeJS.ReadableStream | null | undefined;
    fd4?.once('close', () => void (this.lastWordsRead = true));
    fd4?.on('data', (chunk: Buffer) => {
      this.wordsText += chunk.toString('utf8');
      const line = this.wordsText.split('\n').find((l) => l.trim() !== '');
      if (line !== undefined && this.words === undefined) {
        try {
          this.words = JSON.parse(line) as LastWords;
        } catch {
          // Not ours: ignored.
        }
      }
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        if (pid !== undefined) {
          signalGroup(pid, 'SIGKILL'); // what it started goes with it
          forgetGroup(pid);
        }
        // The last words on fd 4 may still be in the pipe: read them to its end before saying why (a grandchild
        // that inherited the pipe must not hold the verdict up for long).
        const settle = (): void => {
          clearTimeout(cap);
          this.end(this.reasonFor(code, signal));
          resolve();
        };
        const cap = setTimeout(settle, 5_000);
        if (fd4 === null || fd4 === undefined || this.lastWordsRead) settle();
        else fd4.once('close', settle);
      });
      this.child.on('error', (error) => {
        // A message sent as the process died (EPIPE) is answered by its exit; only a failed spawn ends it here.
        if (pid !== undefined) return;
        this.end(`the adapter process could not be started: ${error.message}`);
        resolve();
      });
    });
    this.child.on('message', (message: FromChild) => this.onMessage(message));
    // An idle adapter process never keeps prunecheck alive: a pending call's timer does while one is awaited.
    const handles = [this.child, this.child.channel, this.child.stdout, this.child.stderr, fd4] as unknown as ({ unref?: () => void } | null | undefined)[];
    for (const handle of handles) handle?.unref?.();
  }

  /** Waits for the module to load, at most `timeoutMs`; a load that does not end in time kills the process. */
  load(timeoutMs: number): Promise<LoadResult> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        void this.kill(`the module did not finish loading within ${timeoutMs} ms`);
        resolve({ kind: 'ended', reason: `the module did not finish loading within ${timeoutMs} ms (a loop at load time, a top-level await on a long timer or a request that never answers); the process was killed. Raise --load-timeout if loading really takes this long`, hung: true });
      }, Math.min(timeoutMs, MAX_TIMER_MS));
      this.onLoad = (result) => {
        clearTimeout(timer);
        this.onLoad = undefined;
        resolve(result);
      };
      if (this.ended !== undefined) this.onLoad({ kind: 'ended', reason: this.ended, hung: false });
    });
  }

  /** Whether the process is running and can take calls. */
  get alive(): boolean {
    return this.ended === undefined && this.killedBecause === undefined;
  }

  /** Whether a call is outstanding. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Whether prunecheck stopped it (a timeout, the end of the check), rather than the adapter ending it. */
  get stoppedByPrunecheck(): boolean {
    return this.killedBecause !== undefined;
  }

  /** Why the process ended (undefined while it runs). */
  get endReason(): string | undefined {
    return this.ended;
  }

  /**
   * Sends a request and waits for its answer, at most `timeoutMs` (since the last `beat` of a batch), after which
   * the process is killed.
   */
  request(message: ToChild & { readonly id: number }, what: string, timeoutMs: number, after?: Promise<unknown>): Promise<unknown> {
    if (this.ended !== undefined) return Promise.reject(new SubjectExitedError(this.ended));
    return new Promise((resolve, reject) => {
      const arm = (): NodeJS.Timeout =>
        setTimeout(() => {
          const error = new TimeoutError(`${what} did not answer within ${timeoutMs} ms; the adapter process was killed`, what, timeoutMs);
          this.pending.delete(message.id);
          reject(error);
          void this.kill(`${what} did not answer within ${timeoutMs} ms`);
        }, Math.min(timeoutMs, MAX_TIMER_MS));
      // A request queued behind another (a batch behind its create) is timed from that one's answer.
      const pending: Pending = {
        resolve,
        reject,
        timer: after === undefined ? arm() : setTimeout(() => undefined, 0),
        rearm: () => {
          clearTimeout(pending.timer);
          if (this.pending.get(message.id) === pending) pending.timer = arm(); // never for a call already answered
        },
      };
      this.pending.set(message.id, pending);
      if (after !== undefined) void after.then(pending.rearm, pending.rearm);
      try {
        // Sent to a process that is dying, it is lost: its exit rejects this call with the reason.
        this.child.send(message, (error) => void error);
      } catch (error: unknown) {
        clearTimeout(pending.timer);
        this.pending.delete(message.id);
        reject(error);
      }
    });
  }

  /** A fresh request id. */
  id(): number {
    return this.nextId++;
  }

  /** The fake model a policy system created under `id` summarizes with. */
  attachModel(id: number, model: FakeChatModel): void {
    this.models.set(id, model);
  }

  /** Kills the process group at once and waits for the process to be gone. */
  async kill(why = 'stopped by prunecheck'): Promise<void> {
    this.killedBecause ??= why;
    if (this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined) signalGroup(this.child.pid, 'SIGKILL');
    const keepAlive = setInterval(() => undefined, 1_000);
    await this.exited;
    clearInterval(keepAlive);
  }

  /** The thrown value an error answer stands for: the fake model's own error, or a rebuilt one. */
  thrown(error: WireError): unknown {
    if (error.kind !== 'outage') return fromWire(error);
    return this.modelErrors.get(error.call) ?? new Error('the fake model failed');
  }

  private onMessage(message: FromChild): void {
    switch (message.t) {
      case 'loaded':
        this.onLoad?.({ kind: 'loaded', descriptor: message.descriptor });
        return;
      case 'load-failed':
        this.onLoad?.({ kind: 'load-failed', code: message.code, message: message.message });
        return;
      case 'complete':
        void this.complete(message.sys, message.call, message.prompt);
        return;
      case 'beat':
        this.pending.get(message.id)?.rearm();
        return;
      case 'ok':
      case 'err': {
        const pending = this.pending.get(message.id);
        if (pending === undefined) return;
        this.pending.delete(message.id);
        clearTimeout(pending.timer);
        if (message.t === 'ok') pending.resolve(message.value);
        else pending.reject(this.thrown(message.error));
      }
    }
  }

  private async complete(sys: number, call: number, prompt: string): Promise<void> {
    const model = this.models.get(sys);
    let answer: ToChild;
    try {
      if (model === undefined) throw new Error('complete() called on a model prunecheck did not give this adapter');
      answer = { t: 'model', call, ok: true, value: await model.complete(prompt) };
    } catch (error: unknown) {
      this.modelErrors.set(call, error);
      answer = { t: 'model', call, ok: false, error: toWire(error) };
    }
    if (this.ended === undefined) this.child.send(answer, (error) => void error);
  }

  private reasonFor(code: number | null, signal: NodeJS.Signals | null): string {
    if (this.killedBecause !== undefined) return `the adapter process was killed: ${this.killedBecause}`;
    const words = this.words;
    if (words?.kind === 'exit') return `the adapter called process.exit(${words.code}) (at ${words.where}), which ended its process`;
    if (words?.kind === 'crash') {
      const what = words.origin === 'unhandledRejection' ? ASYNC_CRASHES.unhandledRejection : ASYNC_CRASHES.uncaughtException;
      const setBy = words.setBy;
      const where = typeof setBy?.step === 'number' && typeof setBy.earlier === 'boolean' ? `, ${timerSetter(setBy.step, setBy.earlier)}` : '';
      return `the adapter process crashed with ${what}${where}: ${words.detail}`;
    }
    if (words?.kind === 'stuck') return "the module's top-level await never settles: it waits on nothing that could ever finish, so the module never loads";
    const tail = this.stderr.text().trim().split('\n').slice(-5).join('\n  | ');
    return `the adapter process ${signal !== null ? `was killed by ${signal}` : `exited with code ${String(code)}`}${tail === '' ? '' : `; its last output:\n  | ${tail}`}`;
  }

  private end(reason: string): void {
    if (this.ended !== undefined) return;
    this.ended = reason;
    this.onLoad?.({ kind: 'ended', reason, hung: this.killedBecause !== undefined });
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
      pending.reject(new SubjectExitedError(reason));
    }
  }
}
