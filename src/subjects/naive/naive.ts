import { RUNTIME_INVARIANT_IDS } from '../../model/invariants.ts';
import { OPERATION_KINDS } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { NaiveRuntime } from './NaiveRuntime.ts';

/**
 * The naive runtime as an adapter. It claims every runtime-mode invariant (INV-01…INV-15) and supports every operation, so the checker
 * and the benchmarks exercise all of it; it is expected to violate most of them (see `NaiveRuntime`).
 */
export const naiveAdapter: Adapter = {
  name: 'naive',
  version: '1.0.0',
  description: 'A straightforward self-pruning window (array, direct directives, no gate, no tombstones, no ledger): the failing baseline',
  capabilities: { operations: OPERATION_KINDS, invariants: RUNTIME_INVARIANT_IDS },
  create(config: RuntimeConfig): PruningSystem {
    const runtime = new NaiveRuntime(config);
    return {
      apply: (op) => runtime.apply(op),
      observe: (ids) => runtime.observe(ids),
    };
  },
};

export default naiveAdapter;
