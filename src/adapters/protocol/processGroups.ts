/**
 * Every `cmd:` child runs as the leader of its own process group (spawned `detached`), so stopping it stops what
 * it started too: the runtime behind `sh -c '…'`, a worker pool, a grandchild holding its stdout. The groups of
 * live children are remembered here and killed when prunecheck exits, whatever the reason (a verdict, an
 * internal error, SIGINT or SIGTERM), so no child outlives the run, not even one that ignores end of input.
 */

const live = new Set<number>();
let hooked = false;
let watcher: ((live: readonly number[]) => void) | undefined;

/**
 * Issue 14 (src/run/parallel): a worker thread's children are the process's too, but its exit handler does not
 * run when the process exits: it reports its live groups to the main thread, which kills them at exit.
 */
export function watchGroups(listener: (live: readonly number[]) => void): void {
  watcher = listener;
}

/** Sends `signal` to the whole process group led by `pid`; a group already gone is not an error. */
export function signalGroup(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited. EPERM cannot happen for a group prunecheck started.
  }
}

/** Remembers a child's group until `forgetGroup`; it is killed at exit if still remembered. */
export function trackGroup(pid: number): void {
  live.add(pid);
  watcher?.([...live]);
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllGroups);
  }
}

export function forgetGroup(pid: number): void {
  live.delete(pid);
  watcher?.([...live]);
}

/** Kills every remembered group now (synchronous, so it can run in an exit handler). */
export function killAllGroups(): void {
  for (const pid of live) signalGroup(pid, 'SIGKILL');
  live.clear();
}

/** How many children's groups are live (tests). */
export function liveGroups(): number {
  return live.size;
}
