import { createHash } from 'node:crypto';
import type { BenchPathInfo } from './AdapterBenchReport.ts';
import { path, type BenchSubject } from './BenchSubject.ts';

/** Items hashed per timed iteration of the hash floor. */
const HASH_BATCH = 40;
/** Items copied per timed iteration of the copy floor, at least (several copies of a small list). */
const COPY_ITEMS = 100_000;

export const FLOOR_PATHS: readonly BenchPathInfo[] = [
  { id: 'floor-hash', label: 'floor: sha256 of one item', unit: 'hash', method: "sha256 of one item's content (the same content the subjects hold): the least a pruner that verifies what it drops pays per item, whatever N" },
  { id: 'floor-copy', label: 'floor: copy of the list', unit: 'copy of N', method: 'a shallow copy of the list of N items: the least a pruner that hands back a new list pays per call' },
];

/**
 * The floor for the same content as the subjects: hashing one item and copying the whole list. Every cost of the
 * pruner can be read as a multiple of these, which moves far less with the load on a shared machine than a time.
 */
export function floorSubject(contentAt: (size: number) => readonly string[]): BenchSubject {
  return {
    role: 'floor',
    name: 'floor',
    pathIds: FLOOR_PATHS.map((p) => p.id),
    async at(size) {
      const contents = contentAt(size);
      const items = contents.map((content, i) => ({ id: `item-${i}`, content }));
      let next = 0;
      let sink = 0;
      return {
        paths: [
          path<readonly string[]>('floor-hash', {
            prepare: async () => Array.from({ length: HASH_BATCH }, () => contents[(next += 1) % contents.length] as string),
            run: async (batch) => {
              for (const text of batch) sink ^= createHash('sha256').update(text).digest()[0] as number;
              return batch.length;
            },
          }),
          path<undefined>('floor-copy', {
            prepare: async () => undefined,
            run: async () => {
              // Enough copies per iteration that a small list is not below the clock's resolution.
              const copies = Math.max(1, Math.ceil(COPY_ITEMS / items.length));
              for (let c = 0; c < copies; c += 1) sink ^= items.slice().length;
              return copies;
            },
            verify: () => (sink === Number.MIN_SAFE_INTEGER ? 'unreachable' : undefined),
          }),
        ],
        memory: () => undefined,
        close: async () => undefined,
      };
    },
  };
}
