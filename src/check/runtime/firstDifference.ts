/** Where two JSON-like values first differ: the path (`outcome.evicted[1]`) and both values, rendered as JSON. */
export interface Difference {
  readonly path: string;
  readonly left: string;
  readonly right: string;
}

const render = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));

/** The same keys in the same order: then they are the keys of both, in `left`'s order (no set to build). */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The first difference between `left` and `right`, depth first, object keys in `left`'s order then `right`'s. */
export function firstDifference(left: unknown, right: unknown, path = ''): Difference | undefined {
  if (Object.is(left, right)) return undefined;
  const bothArrays = Array.isArray(left) && Array.isArray(right);
  const bothObjects = typeof left === 'object' && left !== null && typeof right === 'object' && right !== null && !Array.isArray(left) && !Array.isArray(right);
  if (bothArrays) {
    for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
      const found = firstDifference(left[i], right[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (bothObjects) {
    const leftKeys = Object.keys(left);
    const rightKeys = Object.keys(right);
    const keys = sameKeys(leftKeys, rightKeys) ? leftKeys : [...new Set([...leftKeys, ...rightKeys])];
    for (const key of keys) {
      const found = firstDifference((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return { path: path === '' ? 'value' : path, left: render(left), right: render(right) };
}
