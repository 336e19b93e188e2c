import { RUNTIME_INVARIANT_IDS, type InvariantId } from '../model/invariants.ts';
import { OPERATION_KINDS } from '../model/Operation.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../model/ReferenceRuntime.ts';
import type { Adapter, PruningSystem } from './Adapter.ts';

/** Wraps an in-process runtime built on the reference model (the reference itself, or a broken variant). */
export function runtimeAdapter(
  name: string,
  description: string,
  make: (config: RuntimeConfig) => ReferenceRuntime,
  invariants: readonly InvariantId[] = RUNTIME_INVARIANT_IDS,
): Adapter {
  return {
    name,
    version: '1.0.0',
    description,
    capabilities: { operations: OPERATION_KINDS, invariants },
    create(config: RuntimeConfig): PruningSystem {
      const runtime = make(config);
      return {
        apply: (op) => runtime.apply(op),
        observe: (ids) => ids.map((id) => runtime.observe(id)),
        request: (signature) => runtime.ledger.get(signature),
        auditLog: () => runtime.log.all(),
      };
    },
  };
}
