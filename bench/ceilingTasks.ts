import { hash } from 'node:crypto';
import type { ReferenceRuntime } from '../src/model/ReferenceRuntime.ts';
import { Cursor, type BatchTask } from './BatchTask.ts';

/**
 * The physical ceilings, measured on the reference window's own content and ids: what no runtime doing the same
 * job can beat. Hashing the content of a prune target is the least a reversible prune must do (it verifies the
 * backing copy byte for byte); one Map get and one set is the least any keyed update of a window must do.
 */
export function ceilingTasks(): BatchTask[] {
  return [sha256Task(), mapTask()];
}

let sink = 0;

/** sha256 of the prune targets' content; `path` names the window (the ~1 KB one, or the ~250 B one). */
export function sha256Task(path: 'sha256' | 'sha256-small' = 'sha256'): BatchTask<string> {
  const cursor = new Cursor();
  return {
    subject: 'ceiling',
    path,
    method: 'one-shot node:crypto sha256 (`crypto.hash`, hex) of the content of the same persisted raw spans the reversible prune targets, walked in the same way; nothing else.',
    batchSize: (fx, base) => Math.min(base, fx.reversible.length),
    prepare: (fx, _rng, count) =>
      cursor.take(fx.reversible.length, count).map((i) => (fx.rt as ReferenceRuntime).span(fx.reversible[i] as string)?.content ?? ''),
    run(_fx, contents) {
      for (let i = 0; i < contents.length; i += 1) sink ^= hash('sha256', contents[i] as string, 'hex').charCodeAt(0);
    },
    after(_fx, contents) {
      if (contents.some((content) => content === '')) throw new Error('sha256 ceiling: a target had no content');
    },
  };
}

function mapTask(): BatchTask<string> {
  let map = new Map<string, { readonly n: number }>();
  let misses = 0;
  return {
    subject: 'ceiling',
    path: 'map-get-set',
    method: 'a Map with one entry per resident span, keyed by the same ids; each operation is one get and one set of a random resident id.',
    batchSize: (_fx, base) => base,
    setup(fx) {
      map = new Map();
      for (let i = 0; i < fx.size; i += 1) map.set(`s-${i}`, { n: i });
    },
    teardown() {
      map = new Map();
    },
    prepare: (fx, rng, count) => Array.from({ length: count }, () => fx.reads[rng.int(fx.reads.length)] as string),
    run(_fx, keys) {
      const m = map;
      for (let i = 0; i < keys.length; i += 1) {
        const key = keys[i] as string;
        const value = m.get(key);
        if (value !== undefined) m.set(key, value);
        else misses += 1;
      }
    },
    after() {
      if (misses > 0) throw new Error(`Map ceiling: ${misses} keys were missing; the map must hold every resident id`);
    },
  };
}
