/**
 * Adapter data is hostile by design: circular, enormous, full of getters that throw. Everything prunecheck
 * echoes from an adapter (into messages, reports and counterexample files) goes through these functions,
 * which never throw and never copy more than a bounded amount.
 */

export interface SafeCopyLimits {
  /** Longest string kept whole; longer ones keep their head and tail and say how much was cut. */
  readonly maxString: number;
  /** Longest array kept whole; the rest is replaced by one marker string. */
  readonly maxItems: number;
  /** Deepest nesting kept; deeper values are replaced by a marker string. */
  readonly maxDepth: number;
}

/** For data recorded in counterexample files: generous, so real outcomes round-trip unchanged. */
export const RECORD_LIMITS: SafeCopyLimits = { maxString: 64 * 1024, maxItems: 10_000, maxDepth: 64 };

/** Shortens `text` to at most about `max` characters, keeping its head and tail and stating its length. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max / 4);
  const head = Math.max(0, max - tail);
  return `${text.slice(0, head)}… [${text.length - head - tail} of ${text.length} characters omitted] …${text.slice(text.length - tail)}`;
}

/**
 * A JSON-safe deep copy: cycles become "[circular reference]", functions, symbols and bigints become strings,
 * a property whose getter throws becomes "[unreadable: …]", and strings, arrays and nesting are bounded.
 */
export function safeCopy(value: unknown, limits: SafeCopyLimits = RECORD_LIMITS): unknown {
  const ancestors = new Set<object>();
  const copy = (v: unknown, depth: number): unknown => {
    switch (typeof v) {
      case 'string':
        return clip(v, limits.maxString);
      case 'number':
      case 'boolean':
      case 'undefined':
        return v;
      case 'bigint':
        return `${v.toString()}n`;
      case 'symbol':
        return String(v);
      case 'function':
        return `[function ${clip(v.name, 80) || '(anonymous)'}]`;
    }
    if (v === null) return null;
    const object = v as object;
    if (ancestors.has(object)) return '[circular reference]';
    if (depth >= limits.maxDepth) return `[nested deeper than ${limits.maxDepth} levels]`;
    ancestors.add(object);
    try {
      const isArray = guard(() => Array.isArray(object)) === true;
      const toJSON = read(object, 'toJSON');
      if (typeof toJSON === 'function' && !isArray) return copy(guard(() => (toJSON as () => unknown).call(object)), depth + 1);
      if (isArray) {
        const length = Number(read(object, 'length')) || 0;
        const kept = Math.min(length, limits.maxItems);
        const out: unknown[] = [];
        for (let i = 0; i < kept; i += 1) out.push(copy(read(object, String(i)), depth + 1));
        if (length > kept) out.push(`[${length - kept} more items omitted]`);
        return out;
      }
      const out: Record<string, unknown> = {};
      const keys = guard(() => Object.keys(object));
      if (!Array.isArray(keys)) return keys;
      for (const key of keys.slice(0, limits.maxItems)) {
        Object.defineProperty(out, clip(key, 200), { value: copy(read(object, key), depth + 1), enumerable: true, writable: true, configurable: true });
      }
      if (keys.length > limits.maxItems) out['…'] = `[${keys.length - limits.maxItems} more keys omitted]`;
      return out;
    } finally {
      ancestors.delete(object);
    }
  };
  return copy(value, 0);
}

function guard(get: () => unknown): unknown {
  try {
    return get();
  } catch (error: unknown) {
    return `[unreadable: ${clip(describeThrown(error), 200)}]`;
  }
}

function read(object: object, key: string): unknown {
  return guard(() => (object as Record<string, unknown>)[key]);
}

/** JSON text of adapter data for a message: at most about `max` characters, never throws. */
export function preview(value: unknown, max = 200): string {
  if (value === undefined) return 'undefined';
  const text = JSON.stringify(safeCopy(value, { maxString: max, maxItems: 50, maxDepth: 8 }));
  return clip(text ?? String(value), max);
}

/**
 * What was thrown, in words, whatever it was: an Error's message, or a description of a non-Error value
 * (a string, `null`, an object whose `toString` throws). Bounded in length.
 */
export function describeThrown(error: unknown, max = 2_000): string {
  if (error instanceof Error) {
    let message: unknown;
    try {
      message = error.message;
    } catch {
      message = undefined;
    }
    return clip(typeof message === 'string' && message !== '' ? message : `${safeName(error)} (no message)`, max);
  }
  if (typeof error === 'string') return clip(error, max);
  return `a non-Error value was thrown: ${preview(error, Math.min(max, 500))}`;
}

function safeName(error: Error): string {
  try {
    return typeof error.name === 'string' ? error.name : 'Error';
  } catch {
    return 'Error';
  }
}
