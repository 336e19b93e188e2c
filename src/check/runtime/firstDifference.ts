import { sameElements } from '../../util/sameElements.ts';

/** Where two JSON-like values first differ: the path (`outcome.evicted[1]`) and both values, rendered as JSON. */
export interface Difference {
  readonly path: string;
  readonly left: string;
  readonly right: string;
}

const render = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));

/** A step down from a value: an object's key, or an array's index. */
type Step = string | number;

/** The way to the first difference, leaf first, and the two values there. */
interface Found {
  readonly steps: Step[];
  left: unknown;
  right: unknown;
}

/** The first difference between `left` and `right`, depth first, object keys in `left`'s order then `right`'s. */
export function firstDifference(left: unknown, right: unknown, path = ''): Difference | undefined {
  const found: Found = { steps: [], left: undefined, right: undefined };
  if (!differs(left, right, found)) return undefined;
  // The path is spelled once, only for a difference (a step that changes nothing builds no string per key).
  let at = path;
  for (let i = found.steps.length - 1; i >= 0; i -= 1) {
    const step = found.steps[i] as Step;
    at = typeof step === 'number' ? `${at}[${step}]` : at === '' ? step : `${at}.${step}`;
  }
  return { path: at === '' ? 'value' : at, left: render(found.left), right: render(found.right) };
}

/** Whether `left` and `right` differ; if so, `found` holds the way to the first difference and the values there. */
function differs(left: unknown, right: unknown, found: Found): boolean {
  if (Object.is(left, right)) return false;
  const bothArrays = Array.isArray(left) && Array.isArray(right);
  const bothObjects = typeof left === 'object' && left !== null && typeof right === 'object' && right !== null && !Array.isArray(left) && !Array.isArray(right);
  if (bothArrays) {
    for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
      if (differs(left[i], right[i], found)) {
        found.steps.push(i);
        return true;
      }
    }
    return false;
  }
  if (bothObjects) {
    const leftKeys = Object.keys(left);
    const rightKeys = Object.keys(right);
    // The same keys in the same order are the keys of both, in `left`'s order: no set to build.
    const keys = sameElements(leftKeys, rightKeys) ? leftKeys : [...new Set([...leftKeys, ...rightKeys])];
    for (const key of keys) {
      if (differs((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], found)) {
        found.steps.push(key);
        return true;
      }
    }
    return false;
  }
  found.left = left;
  found.right = right;
  return true;
}
