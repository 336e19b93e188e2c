// runtime-adapter.ts: a runtime that executes a model's prune directives, checked operation by operation.
// This one is prunecheck's own reference model; put your runtime behind apply, observe and request.
import { OPERATION_KINDS, ReferenceRuntime, RUNTIME_INVARIANT_IDS, type Adapter } from 'prunecheck';

const adapter: Adapter = {
  name: 'my-runtime',
  version: '1.0.0',
  capabilities: {
    operations: OPERATION_KINDS,
    invariants: RUNTIME_INVARIANT_IDS, // INV-01…INV-15 and INV-27 on; INV-16…INV-26 are policy mode
  },
  create(config) {
    const runtime = new ReferenceRuntime(config);
    return {
      apply: (op) => runtime.apply(op),
      observe: (ids) => ids.map((id) => runtime.observe(id)),
      request: (signature) => runtime.ledger.get(signature),
    };
  },
};
export default adapter;
