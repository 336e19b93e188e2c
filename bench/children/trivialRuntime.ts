// A runtime that does nothing, served over the line protocol: what a round trip costs when the runtime is free.
// bench/protocolRoundTrip.ts reports it as the floor under the reference-as-a-child figures.
import { serveProtocol } from '../../src/adapters/protocol/serveProtocol.ts';
import { OPERATION_KINDS } from '../../src/model/Operation.ts';

serveProtocol({ name: 'trivial', version: '1.0.0', capabilities: { operations: OPERATION_KINDS, invariants: [] } }, () => ({
  apply: (op) => ({ kind: 'absent', spanId: 'spanId' in op ? op.spanId : '' }),
  observe: (spanId) => ({ spanId, resident: undefined, index: undefined, tombstone: undefined }),
  request: () => undefined,
}));
