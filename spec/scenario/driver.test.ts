import { describe, expect, it } from 'vitest';
import type { PruningSystem } from '../../src/adapters/Adapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { Driver } from '../../src/scenario/Driver.ts';

async function system(reverseObservations: boolean): Promise<PruningSystem> {
  const inner = await referenceAdapter.create({ capacity: 10_000 });
  return {
    apply: (op) => inner.apply(op),
    // A runtime may answer an observation in any order: the driver's creation order must not depend on it.
    observe: async (ids) => {
      const answered = await inner.observe(ids);
      return reverseObservations ? [...answered].reverse() : answered;
    },
  };
}

describe('Driver (src/scenario)', () => {
  for (const reverse of [false, true]) {
    it(`residents are listed in creation order, whatever order observe answers in${reverse ? ' (reversed)' : ''}`, async () => {
      const driver = new Driver(await system(reverse));
      const ids = ['c', 'a', 'd', 'b', 'e'];
      for (const [turn, id] of ids.entries()) {
        driver.register({ id, turn, content: `span ${id}`, gist: undefined, kind: 'raw' });
        await driver.apply({ kind: 'append', span: { id, kind: 'raw', rawKind: 'tool-output', content: `span ${id}`, tokens: 10, persist: true } }, turn);
      }
      expect(driver.residents().map((v) => v.id)).toEqual(ids);
      await driver.apply({ kind: 'prune', spanId: 'd' }, 6);
      expect(driver.residents().map((v) => v.id)).toEqual(['c', 'a', 'b', 'e']);
      expect(driver.lostAny).toBe(true);
      await driver.apply({ kind: 'restore', spanId: 'd' }, 7);
      // Restored, it is back in its place of creation, not at the end.
      expect(driver.residents().map((v) => v.id)).toEqual(ids);
      expect(driver.used).toBe(50);
    });
  }
});
