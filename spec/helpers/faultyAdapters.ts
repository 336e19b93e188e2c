import type { Adapter, PruningSystem } from '../../src/adapters/Adapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import type { Operation } from '../../src/model/Operation.ts';

/** Wraps the reference adapter, letting a test replace what one operation kind does. */
export function faultyAdapter(name: string, fault: (op: Operation, inner: PruningSystem) => unknown, overrides: Partial<PruningSystem> = {}): Adapter {
  return {
    ...referenceAdapter,
    name,
    async create(config) {
      const inner = await referenceAdapter.create(config);
      return {
        ...inner,
        apply: (op) => {
          const replaced = fault(op, inner);
          return (replaced === undefined ? inner.apply(op) : replaced) as ReturnType<PruningSystem['apply']>;
        },
        ...overrides,
      };
    },
  };
}
