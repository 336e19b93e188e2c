import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

/**
 * The process's garbage collector: `global.gc` when node was started with `--expose-gc`, otherwise the one a new
 * context gets once the flag is set at run time (so `prunecheck bench` measures memory without a node flag), or
 * `null` where neither works.
 */
function gcFunction(): (() => void) | null {
  if (collector !== undefined) return collector;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return (collector = exposed);
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collector = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

/**
 * Heap in use after a full garbage collection, or `undefined` when no collector can be reached (then memory is
 * reported as not measured rather than guessed).
 */
export function heapAfterGc(): number | undefined {
  const gc = gcFunction();
  if (gc === null) return undefined;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
