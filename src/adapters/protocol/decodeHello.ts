import { INVARIANT_IDS, type InvariantId } from '../../model/invariants.ts';
import { OPERATION_KINDS, type OperationKind } from '../../model/Operation.ts';
import { PROTOCOL_MINOR, PROTOCOL_VERSION, type HelloResult } from './messages.ts';

/** Why a handshake was refused: the code a `ProtocolError` carries and the sentence saying how to fix it. */
export interface HelloProblem {
  readonly code: 'VERSION_MISMATCH' | 'BAD_HANDSHAKE';
  readonly message: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Checks the `hello` result field by field (spec/PROTOCOL.md §4.1); answers the handshake or what is wrong. */
export function decodeHello(result: unknown): HelloResult | HelloProblem {
  const bad = (field: string, expected: string): HelloProblem => ({ code: 'BAD_HANDSHAKE', message: `hello result: ${field} ${expected}` });
  if (typeof result !== 'object' || result === undefined || result === null || Array.isArray(result)) {
    return bad('', 'must be an object {protocol, name, version, capabilities, reset}');
  }
  const hello = result as Record<string, unknown>;
  if (hello['protocol'] !== PROTOCOL_VERSION) {
    return {
      code: 'VERSION_MISMATCH',
      message: `the child speaks protocol ${JSON.stringify(hello['protocol'])}, this prunecheck speaks ${PROTOCOL_VERSION}; answer hello with "protocol": ${PROTOCOL_VERSION} (spec/PROTOCOL.md)`,
    };
  }
  // A 1.0 child says nothing about minors; one that speaks more than was offered is held to what was offered.
  const minor = hello['minor'] ?? 0;
  if (typeof minor !== 'number' || !Number.isInteger(minor) || minor < 0) return bad('.minor', `must be a non-negative integer (the protocol's minor version, 1 for 1.1), got ${JSON.stringify(minor)}`);
  const name = hello['name'];
  if (typeof name !== 'string' || !NAME.test(name)) return bad('.name', `must be a name of letters, digits, '.', '_' or '-' (it names report files), got ${JSON.stringify(name)}`);
  const version = hello['version'];
  if (typeof version !== 'string' || version === '') return bad('.version', `must be a non-empty string, got ${JSON.stringify(version)}`);
  const description = hello['description'];
  if (description !== undefined && typeof description !== 'string') return bad('.description', 'must be a string when present');
  const reset = hello['reset'] ?? false;
  if (typeof reset !== 'boolean') return bad('.reset', `must be true or false, got ${JSON.stringify(reset)}`);
  const capabilities = hello['capabilities'] as Record<string, unknown> | undefined;
  if (typeof capabilities !== 'object' || capabilities === undefined || Array.isArray(capabilities)) {
    return bad('.capabilities', 'must be an object {operations: [...], invariants: [...]}');
  }
  const operations = capabilities['operations'];
  if (!Array.isArray(operations)) return bad('.capabilities.operations', 'must be an array of operation kinds');
  const unknownOp = operations.find((op: unknown) => !OPERATION_KINDS.includes(op as OperationKind));
  if (unknownOp !== undefined) return bad('.capabilities.operations', `names unknown operation ${JSON.stringify(unknownOp)}; known: ${OPERATION_KINDS.join(', ')}`);
  const invariants = capabilities['invariants'];
  if (!Array.isArray(invariants)) return bad('.capabilities.invariants', 'must be an array of invariant ids');
  const unknownInv = invariants.find((id: unknown) => !INVARIANT_IDS.includes(id as InvariantId));
  if (unknownInv !== undefined) return bad('.capabilities.invariants', `names unknown invariant ${JSON.stringify(unknownInv)}; known: ${INVARIANT_IDS.join(', ')}`);
  return {
    protocol: PROTOCOL_VERSION,
    minor: Math.min(minor, PROTOCOL_MINOR),
    name,
    version,
    ...(description === undefined ? {} : { description }),
    capabilities: { operations: operations as OperationKind[], invariants: invariants as InvariantId[] },
    reset,
  };
}

export function isHelloProblem(value: HelloResult | HelloProblem): value is HelloProblem {
  return 'code' in value;
}
