/**
 * Freezes a value and everything reachable from it, in place, and answers it. What the harness hands an
 * adapter (a config, an operation) is shared with the reference model and the recorded trace: an adapter that
 * writes to it must not change what the reference sees, so the write fails instead (a TypeError in the
 * adapter's strict-mode code, an adapter error at that step; ignored in sloppy mode, which is as safe).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    // Only an object needs the call: most members (ids, contents, scores) are primitives, which stay as they are.
    const member = (value as Record<string | symbol, unknown>)[key];
    if (typeof member === 'object' && member !== null) deepFreeze(member);
  }
  return value;
}
