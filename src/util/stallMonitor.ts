import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';

/** `node:worker_threads`, loaded when the monitor starts: a check that never starts it does not pay for the module at start-up (issue 26). */
function workerThreads(): typeof import('node:worker_threads') {
  return createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
}

/**
 * The stall monitor: the part of the watchdog that catches an adapter call which blocks the event loop (a
 * synchronous busy loop in `apply`), which no timer can interrupt, since timers run on the blocked thread.
 *
 * A worker thread watches one shared word: the call the main thread is waiting for, armed by `withTimeout`
 * before each adapter call and disarmed when it settles or its timer fires (two atomic stores per call). When
 * a call stays armed past its timeout plus a grace period, the main thread's timers cannot be running, so the
 * worker pauses the main thread through the inspector (which interrupts running JavaScript, as a debugger's
 * pause button does) and has it run the registered stall handler there: it saves what was found and exits.
 * The handler never returns to the stuck code. A thread blocked in native code (a synchronous read of a pipe
 * nobody writes) cannot be paused either: the worker then reports it and kills the process.
 *
 * Off by default; the CLI readies it (`deferStallMonitor`) and it starts when code prunecheck does not own is
 * loaded into the CLI's process. Library users calling `checkAdapter` run in their own process and decide for
 * themselves (`startStallMonitor`).
 */

/** Where the main thread was stopped: the adapter's stuck function, `file:line`. */
export interface StallInfo {
  readonly what: string;
  readonly ms: number;
  readonly location: string | undefined;
}

const STALL_HOOK = Symbol.for('prunecheck.stall');

let shared: Int32Array | undefined;
let worker: Worker | undefined;
let sequence = 0;
let armedWhat = '';
let armedMs = 0;

/** Arms the monitor for one adapter call; answers the token that disarms it (0 when the monitor is off). */
export function armStallMonitor(what: string, ms: number): number {
  if (shared === undefined) return 0;
  sequence = (sequence % 0x7fff_fffe) + 1;
  armedWhat = what;
  armedMs = ms;
  Atomics.store(shared, 1, Math.min(ms, 0x7fff_ffff));
  Atomics.store(shared, 0, sequence);
  return sequence;
}

export function disarmStallMonitor(token: number): void {
  if (shared !== undefined && token !== 0) Atomics.compareExchange(shared, 0, token, 0);
}

// The worker is plain CommonJS (evaluated, not imported), so it runs the same from sources and from a build.
const WORKER_SOURCE = String.raw`
const { workerData } = require('node:worker_threads');
const { Session } = require('node:inspector');
const { writeSync } = require('node:fs');
const shared = new Int32Array(workerData.buffer);
const { graceMs, tickMs, ownDir } = workerData;
let seen = 0, since = Date.now(), lastTick = Date.now();
let timer = setInterval(tick, tickMs);

function tick() {
  const now = Date.now();
  // This thread was itself suspended (the machine slept, the process was stopped): start counting again.
  if (now - lastTick > 4 * tickMs + 500) since = now;
  lastTick = now;
  const armed = Atomics.load(shared, 0);
  if (armed === 0 || armed !== seen) { seen = armed; since = now; return; }
  if (now - since < Atomics.load(shared, 1) + graceMs) return;
  clearInterval(timer);
  stop();
}

function stop() {
  // Stay alive while the main thread talks to this session (a session whose thread is gone aborts Node).
  const keepAlive = setInterval(() => {}, 60000);
  // Connected only now: a connected session makes Node print "Waiting for the debugger to disconnect" at exit.
  const session = new Session();
  session.connectToMainThread();
  const lastResort = setTimeout(() => {
    writeSync(2, 'prunecheck: an adapter call blocks the process in native code and cannot be interrupted; killing prunecheck (exit status 137). Run the adapter out of process (--adapter cmd:...) so prunecheck can kill it.\n');
    process.kill(process.pid, 'SIGKILL');
  }, 3000);
  const scripts = new Map();
  session.on('Debugger.scriptParsed', ({ params }) => scripts.set(params.scriptId, params.url));
  session.once('Debugger.paused', ({ params }) => {
    clearTimeout(lastResort);
    const frames = ((params && params.callFrames) || []).map((f) => ({ name: f.functionName, url: f.url || scripts.get(f.location.scriptId) || '' }));
    // The adapter's code is whatever is not Node's and not prunecheck's own.
    const adapter = frames.find((f) => f.url !== '' && !f.url.startsWith('node:') && !f.url.startsWith(ownDir));
    if (adapter === undefined) {
      // prunecheck's own code was running, not the adapter's (a loaded machine, a long pause): carry on watching.
      session.post('Debugger.resume', () => session.post('Debugger.disable', () => {
        session.disconnect();
        clearInterval(keepAlive);
        seen = 0;
        since = Date.now();
        timer = setInterval(tick, tickMs);
      }));
      return;
    }
    const where = (adapter.name || '(anonymous function)') + ' in ' + decodeURIComponent(adapter.url.replace(/^file:\/\//, ''));
    session.post('Runtime.evaluate', { expression: 'globalThis[Symbol.for("prunecheck.stall")](' + JSON.stringify(where) + ')' });
  });
  session.post('Debugger.enable', () => session.post('Debugger.pause'));
}
`;

/**
 * Starts the monitor. `onStall` runs on the main thread, inside the stuck call, and must not return: it saves
 * what was found and exits the process. `graceMs` is how long past a call's timeout the monitor waits before it
 * concludes the event loop is blocked (its timer would otherwise have fired).
 */
export function startStallMonitor(onStall: (info: StallInfo) => never, options: { readonly graceMs?: number; readonly ownDir?: string } = {}): void {
  if (worker !== undefined) return;
  const buffer = new SharedArrayBuffer(8);
  shared = new Int32Array(buffer);
  (globalThis as unknown as Record<symbol, unknown>)[STALL_HOOK] = (location: string | null) => onStall({ what: armedWhat, ms: armedMs, location: location ?? undefined });
  worker = new (workerThreads().Worker)(WORKER_SOURCE, { eval: true, workerData: { buffer, graceMs: options.graceMs ?? 2_000, tickMs: 100, ownDir: options.ownDir ?? new URL('../', import.meta.url).href } });
  worker.unref();
  worker.on('error', () => {
    // The monitor is a safety net: without it a stall hangs as before, nothing else changes.
    shared = undefined;
  });
}

let deferred: (() => void) | undefined;

/**
 * Readies the monitor without starting it: `startDeferredStallMonitor` starts it, once, when code prunecheck does
 * not own is about to run in this process (an adapter module imported `--in-process`, an npm pruner a built-in
 * policy adapter wraps). Its worker thread costs about a fifth of a default check's start-up (issue 26), and a
 * check of prunecheck's own subjects, or of a module in its supervised process, has no call it could catch.
 */
export function deferStallMonitor(onStall: (info: StallInfo) => never, options: { readonly graceMs?: number; readonly ownDir?: string } = {}): void {
  deferred = () => startStallMonitor(onStall, options);
}

/** Starts the monitor readied by `deferStallMonitor`; nothing when none was readied (a library user, a supervised child). */
export function startDeferredStallMonitor(): void {
  const start = deferred;
  deferred = undefined;
  start?.();
}

/** Whether the monitor is running (tests). */
export function stallMonitorRunning(): boolean {
  return worker !== undefined;
}

/** Stops the monitor (tests). */
export async function stopStallMonitor(): Promise<void> {
  const running = worker;
  worker = undefined;
  shared = undefined;
  delete (globalThis as unknown as Record<symbol, unknown>)[STALL_HOOK];
  deferred = undefined;
  await running?.terminate();
}
