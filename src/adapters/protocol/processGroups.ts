import { killTrees } from './processTree.ts';

/**
 * Every `cmd:` child runs as the leader of its own process group (spawned `detached`), so stopping it stops what
 * it started too: the runtime behind `sh -c '…'`, a worker pool, a grandchild holding its stdout. The groups of
 * live children are remembered here and killed when prunecheck exits, whatever the reason (a verdict, an
 * internal error, SIGINT or SIGTERM), so no child outlives the run, not even one that ignores end of input.
 * A descendant that left the group with `setsid()` is found by the tree name in its environment
 * (`processTree.ts`, Linux): killed shortly after its child is stopped, and at exit.
 */

const live = new Set<number>();
/** The tree name of each child started with one (`processTree.ts`), by pid. */
const trees = new Map<number, string>();
/** Trees of stopped children, swept soon (in one pass for all), and at exit. */
const stopped = new Set<string>();
let sweep: NodeJS.Timeout | undefined;
let lastSweep = 0;
/** At most one sweep of /proc per this many ms (a sweep reads every process's environment: a few ms). */
const SWEEP_EVERY_MS = 100;
let hooked = false;
let watcher: ((live: readonly number[]) => void) | undefined;

/**
 * Issue 14 (src/run/parallel): a worker thread's children are the process's too, but its exit handler does not
 * run when the process exits: it reports its live groups to the main thread, which kills them at exit.
 */
export function watchGroups(listener: (live: readonly number[]) => void): void {
  watcher = listener;
}

function sweepStopped(): void {
  sweep = undefined;
  lastSweep = Date.now();
  const tags = new Set(stopped);
  stopped.clear();
  killTrees(tags);
}

/**
 * Sends `signal` to the whole process group led by `pid`; a group already gone is not an error. The child's
 * descendants outside the group (`setsid()`) are killed in the next sweep, within about 100 ms.
 */
export function signalGroup(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited. EPERM cannot happen for a group prunecheck started.
  }
  const tree = trees.get(pid);
  if (tree === undefined || signal !== 'SIGKILL') return;
  stopped.add(tree);
  sweep ??= setTimeout(sweepStopped, Math.max(0, lastSweep + SWEEP_EVERY_MS - Date.now()));
  sweep.unref();
}

/** Remembers a child's group (and its tree name) until `forgetGroup`; it is killed at exit if still remembered. */
export function trackGroup(pid: number, tree?: string): void {
  live.add(pid);
  if (tree !== undefined) trees.set(pid, tree);
  watcher?.([...live]);
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllGroups);
  }
}

export function forgetGroup(pid: number): void {
  live.delete(pid);
  trees.delete(pid);
  watcher?.([...live]);
}

/**
 * Kills every remembered group now, and every process started under this run's tree names, in any thread
 * (synchronous, so it can run in an exit handler).
 */
export function killAllGroups(): void {
  for (const pid of live) signalGroup(pid, 'SIGKILL');
  live.clear();
  trees.clear();
  if (sweep !== undefined) clearTimeout(sweep);
  sweep = undefined;
  stopped.clear();
  killTrees(new Set(), { runTrees: true });
}

/** How many children's groups are live (tests). */
export function liveGroups(): number {
  return live.size;
}
