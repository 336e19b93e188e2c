import { ModelError, type ModelErrorCode } from '../../model/ModelError.ts';
import type { CallOutcome, ProtocolClient } from './ProtocolClient.ts';

const MODEL_ERROR_CODES = [
  'DUPLICATE_ID',
  'UNKNOWN_ID',
  'BAD_CONTENT',
  'BAD_SCORE',
  'BAD_TOKENS',
  'DERIVATION_CYCLE',
  'BAD_FRAME',
  'BAD_OPERATION',
  'BAD_CONFIG',
] as const satisfies readonly ModelErrorCode[];

/**
 * The result of an answer, or the error it reports, thrown as an in-process runtime would throw it: misuse as
 * `ModelError` with the child's code (the same verdict as the reference's refusal of a malformed operation),
 * an internal failure as `ProtocolError` `RUNTIME_ERROR` (an adapter error at that step). A misuse code the
 * spec does not define is a `BAD_RESPONSE` fault.
 */
export function unwrapAnswer(answer: CallOutcome, client: ProtocolClient, operation: string): unknown {
  if (answer.ok) return answer.result;
  const { kind, code, message } = answer.error;
  if (kind === 'internal') throw client.error('RUNTIME_ERROR', `the runtime failed on ${operation}: ${code}: ${message}`, operation);
  if (!(MODEL_ERROR_CODES as readonly string[]).includes(code)) {
    throw client.failWith('BAD_RESPONSE', `misuse code ${JSON.stringify(code)} on ${operation} is not one of ${MODEL_ERROR_CODES.join(', ')} (SPEC.md §2); use kind "internal" for other failures`);
  }
  const prefix = `${operation}: `;
  throw new ModelError(code as ModelErrorCode, operation, message.startsWith(prefix) ? message.slice(prefix.length) : message);
}
