import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Process groups are not enough: a descendant of a `cmd:` child that calls `setsid()` (a daemon, a server a
 * test harness detaches, `setsid sleep`) leaves the child's group, and, once the child exits, has parent 1, so
 * neither the group nor the parent chain reaches it. On Linux every `cmd:` child is started with one variable
 * in its environment, naming the child (`PRUNECHECK_PROCESS_TREE=<run>.<child>`), which everything it starts
 * inherits, `setsid()` or not; stopping the child then kills every process whose environment
 * (`/proc/<pid>/environ`) carries its name, and prunecheck's exit kills every process carrying the run's. A
 * descendant that both leaves the group and clears its environment (`setsid env -i …`) is not found: that takes
 * a PID namespace or a cgroup, which unprivileged processes cannot count on having. Elsewhere (macOS, BSD),
 * without `/proc`, the process group is all there is.
 */
export const TREE_VARIABLE = 'PRUNECHECK_PROCESS_TREE';

/** This process's name for its children's trees: its pid and start time, the same in every worker thread. */
function runTag(): string | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): the 22nd field is the start time.
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTime === undefined ? undefined : `${process.pid}-${startTime}`;
  } catch {
    return undefined;
  }
}

const RUN = runTag();

/** Whether descendants can be found this way here (Linux, `/proc` mounted). */
export const TRACKS_TREES = RUN !== undefined;

/** A new child's tree name (undefined where trees cannot be tracked). */
export function newTreeTag(): string | undefined {
  return RUN === undefined ? undefined : `${RUN}.${randomBytes(6).toString('hex')}`;
}

/** The environment a child is started with: the user's, with its tree name. */
export function treeEnvironment(env: NodeJS.ProcessEnv, tag: string | undefined): NodeJS.ProcessEnv {
  return tag === undefined ? env : { ...env, [TREE_VARIABLE]: tag };
}

/** The tree name in a process's environment, or undefined (gone, another user's, none). */
function treeOf(pid: string): string | undefined {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return undefined;
  }
  const at = environ.indexOf(`${TREE_VARIABLE}=`);
  if (at === -1 || (at > 0 && environ[at - 1] !== 0)) return undefined;
  const end = environ.indexOf(0, at);
  return environ.toString('utf8', at + TREE_VARIABLE.length + 1, end === -1 ? environ.length : end);
}

/**
 * Kills, with `signal`, every process whose tree name is in `tags` (exact) or, for `runTrees`, starts with this
 * run's. Repeats while it finds some (a process may fork while the list is read), at most three passes.
 * Synchronous: it runs in exit handlers. Answers how many processes it signalled.
 */
export function killTrees(tags: ReadonlySet<string>, options: { readonly runTrees?: boolean; readonly signal?: NodeJS.Signals } = {}): number {
  if (RUN === undefined || (tags.size === 0 && options.runTrees !== true)) return 0;
  const own = String(process.pid);
  const matches = (tree: string): boolean => tags.has(tree) || (options.runTrees === true && tree.startsWith(`${RUN}.`));
  // A killed process stays listed until it is reaped: signalled once, it is not counted again.
  const signalled = new Set<string>();
  for (let pass = 0; pass < 3; pass += 1) {
    let found = 0;
    let entries: string[];
    try {
      entries = readdirSync('/proc');
    } catch {
      return signalled.size;
    }
    for (const pid of entries) {
      if (pid === own || signalled.has(pid) || pid.charCodeAt(0) < 48 || pid.charCodeAt(0) > 57) continue;
      const tree = treeOf(pid);
      if (tree === undefined || !matches(tree)) continue;
      try {
        process.kill(Number(pid), options.signal ?? 'SIGKILL');
        signalled.add(pid);
        found += 1;
      } catch {
        // Gone meanwhile.
      }
    }
    if (found === 0) break;
  }
  return signalled.size;
}
