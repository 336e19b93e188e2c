/**
 * Heap in use after a full garbage collection, or `undefined` when the process was started without
 * `--expose-gc` (then memory is reported as not measured rather than guessed).
 */
export function heapAfterGc(): number | undefined {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return undefined;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
