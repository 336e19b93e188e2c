import { AdapterLoadError } from '../AdapterLoadError.ts';
import { SubjectLoadFailure } from './SubjectLoadFailure.ts';
import { ENDED_BETWEEN_RUNS, SubjectExitedError } from './SubjectExitedError.ts';
import { SubjectProcess } from './SubjectProcess.ts';
import type { ExpectedMode, SubjectDescriptor, ToChild } from './wire.ts';

/** Limits of a supervised adapter: how long its module may take to load, and its calls. */
export interface SuperviseOptions {
  /** How long the module may take to load (import and its top-level code), in ms. Default 30000. */
  readonly loadTimeoutMs?: number;
  /** The engine's per-call timeout (`opTimeoutMs`); a call outliving it (and a grace) kills the process. Default 5000. */
  readonly opTimeoutMs?: number;
}

/** How `--adapter` loads a module: supervised (the default), or in prunecheck's own process. */
export interface LoadOptions extends SuperviseOptions {
  /**
   * Import the module into prunecheck's own process, as before supervision (`--in-process`): faster per step,
   * but an exit, a crash or a hang in the adapter then ends or stalls the check itself.
   */
  readonly inProcess?: boolean;
}

export const DEFAULT_LOAD_TIMEOUT_MS = 30_000;

/** What crossed the boundary over a supervisor's life: what the bench reads the cost of batching from. */
export interface BoundaryStats {
  /** Round trips: messages whose answer prunecheck waited for (a step, a batch, a read, create, close), a batch sent behind its create not counted. */
  roundTrips: number;
  /** Batches sent, and the steps the engine took from them without a round trip of their own. */
  batches: number;
  stepsFromBatches: number;
  /** Times the adapter's process was started: its load, and each start after it ended. */
  starts: number;
  /** Times a fresh system was brought back to the engine's step (a batch left or failed). */
  broughtBack: number;
  /** Systems the child closed with their run's last step in a batch, the close costing no round trip of its own. */
  closedWithBatches: number;
  /** Milliseconds prunecheck waited for answers, by message kind (`create`, `batch`, `step`, `call`). */
  readonly waitedMs: Record<string, number>;
}
/** Past the engine's own timeout: the engine reports the timeout first, then the process is killed. */
const GRACE_MS = 250;

/**
 * The process a supervised adapter runs in, over the adapter's life: started to load the module, started again
 * when it ended (a crash, an exit, a kill after a timeout) and a new run needs it. A process that ended while
 * nothing was asked of it (a timer's exception after a run closed) is reported by the next `create`, once, so
 * no crash goes unseen.
 */
export class Supervisor {
  readonly path: string;
  readonly ref: string;
  private readonly expected: ExpectedMode;
  readonly loadTimeoutMs: number;
  readonly opTimeoutMs: number;
  private current: SubjectProcess | undefined;
  /**
   * Whether runs may be batched: off for the rest of the check once a batch ended its process (an exit, a crash,
   * a hang): each such batch costs a second start of the process to find the fault step by step.
   */
  batching = true;
  readonly stats: BoundaryStats = { roundTrips: 0, batches: 0, stepsFromBatches: 0, starts: 0, broughtBack: 0, closedWithBatches: 0, waitedMs: {} };
  private descriptor: SubjectDescriptor | undefined;
  /** Calls made to the current process: one failing on its end means the end was seen. */
  private seen = new WeakSet<SubjectProcess>();

  constructor(ref: string, path: string, expected: ExpectedMode, options: SuperviseOptions) {
    this.ref = ref;
    this.path = path;
    this.expected = expected;
    this.loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
    this.opTimeoutMs = options.opTimeoutMs ?? 5_000;
  }

  /** Starts the process and loads the module: its descriptor, or a load error, or a `SubjectLoadFailure`. */
  async start(): Promise<SubjectDescriptor> {
    this.stats.starts += 1;
    const started = new SubjectProcess(this.path, this.expected);
    const result = await started.load(this.loadTimeoutMs);
    if (result.kind === 'load-failed') {
      await started.kill();
      throw new AdapterLoadError(result.code as AdapterLoadError['code'], result.message);
    }
    if (result.kind === 'ended') {
      await started.kill();
      throw new SubjectLoadFailure(this.ref, result.reason, result.hung || /top-level await/.test(result.reason) ? 'unknown' : 'error');
    }
    if (this.descriptor !== undefined && JSON.stringify(result.descriptor) !== JSON.stringify(this.descriptor)) {
      await started.kill();
      throw new SubjectExitedError(`${this.ref} loaded another adapter when its process was started again: first ${JSON.stringify(this.descriptor.adapter)}, now ${JSON.stringify(result.descriptor.adapter)}`);
    }
    this.descriptor = result.descriptor;
    this.current = started;
    return result.descriptor;
  }

  /** The running process for a new system; started again if it ended. Reports an end nobody saw, once. */
  async process(): Promise<SubjectProcess> {
    const current = this.current;
    if (current?.alive === true) return current;
    if (current !== undefined && !this.seen.has(current) && current.endReason !== undefined && !current.stoppedByPrunecheck) {
      this.seen.add(current);
      throw new SubjectExitedError(`${current.endReason} (${ENDED_BETWEEN_RUNS}, so prunecheck cannot tie it to a step: look for a timer or a promise the adapter leaves running; this run could not start)`);
    }
    try {
      await this.start();
    } catch (error: unknown) {
      throw error instanceof SubjectExitedError ? error : new SubjectExitedError(`the adapter process was started again and failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return this.current as SubjectProcess;
  }

  /** A call to `on`, bounded by `timeoutMs` plus a grace; its failure marks the process's end as seen. */
  async call(on: SubjectProcess, message: ToChild & { readonly id: number }, what: string, timeoutMs: number, after?: Promise<unknown>): Promise<unknown> {
    // A message queued behind another's answer (a batch behind its create) waits for no round trip of its own.
    if (after === undefined) this.stats.roundTrips += 1;
    if (message.t === 'batch') this.stats.batches += 1;
    const started = performance.now();
    try {
      return await on.request(message, what, timeoutMs + GRACE_MS, after);
    } catch (error: unknown) {
      if (error instanceof SubjectExitedError) this.seen.add(on);
      throw error;
    } finally {
      const kind = message.t === 'call' ? message.method : message.t;
      this.stats.waitedMs[kind] = (this.stats.waitedMs[kind] ?? 0) + performance.now() - started;
    }
  }

  /** The CPU time, in ms, the running process has used since it started (0 when none runs). */
  async childCpuMs(): Promise<number> {
    const current = this.current;
    if (current?.alive !== true) return 0;
    const usage = (await this.call(current, { t: 'usage', id: current.id() }, 'usage', this.opTimeoutMs)) as NodeJS.CpuUsage;
    return (usage.user + usage.system) / 1000;
  }

  /** Stops the process (a check is over). */
  async drain(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.kill('the check is over');
  }
}
