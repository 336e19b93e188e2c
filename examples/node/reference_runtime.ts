// The reference runtime of spec/SPEC.md behind the line protocol (spec/PROTOCOL.md), as a child process:
//   npx prunecheck check --adapter 'cmd:node --import tsx examples/node/reference_runtime.ts'
// It is conformant by definition, so it measures what the protocol costs (bench/protocolRoundTrip.ts) and
// shows a Node runtime author the whole child side: serveProtocol with a factory per episode.
import { OPERATION_KINDS, ReferenceRuntime, serveProtocol } from '../../src/index.ts';
import { RUNTIME_INVARIANT_IDS } from '../../src/model/invariants.ts';

serveProtocol(
  {
    name: 'reference-child',
    version: '1.0.0',
    description: 'The reference runtime of spec/SPEC.md, served over stdio',
    capabilities: { operations: OPERATION_KINDS, invariants: RUNTIME_INVARIANT_IDS },
    auditLog: true,
  },
  (config) => {
    const runtime = new ReferenceRuntime(config);
    return {
      apply: (op) => runtime.apply(op),
      observe: (id) => runtime.observe(id),
      request: (signature) => runtime.ledger.get(signature),
      auditLog: () => runtime.log.all(),
    };
  },
);
