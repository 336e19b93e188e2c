import type { PolicyApprovalRequest, PolicyApprovalResponse, PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import type { ApprovalPolicy } from './PolicyCase.ts';

/** The approval id of call k (`approval_k`): one request per call, as the AI SDK makes one per call. */
export const approvalIdOf = (call: PolicyToolCall): string => `approval_${call.id.slice('call_'.length)}`;

/** The call waits for the user's approval under `policy` (its tool is one the policy names). */
export function needsApproval(policy: ApprovalPolicy | undefined, call: PolicyToolCall): boolean {
  return policy !== undefined && policy.tools.includes(call.name as never);
}

/** Whether the user denies call k under `policy`: bit `k mod 31` of `denied`. A retry is never denied. */
export function isDenied(policy: ApprovalPolicy | undefined, call: PolicyToolCall, retry: boolean): boolean {
  if (retry || !needsApproval(policy, call)) return false;
  const k = Number(call.id.slice('call_'.length));
  return (((policy as ApprovalPolicy).denied >>> (k % 31)) & 1) === 1;
}

/** The approval requests of an assistant message's calls under `policy`, as the field to spread into it. */
export function approvalRequestsFor(policy: ApprovalPolicy | undefined, calls: readonly PolicyToolCall[]): { approvalRequests?: PolicyApprovalRequest[] } {
  const asked = calls.filter((c) => needsApproval(policy, c)).map((c) => ({ approvalId: approvalIdOf(c), toolCallId: c.id }));
  return asked.length === 0 ? {} : { approvalRequests: asked };
}

/** The user's decision, as the AI SDK's tool-approval-response carries it (a reason only with a denial). */
export function approvalResponseFor(call: PolicyToolCall, denied: boolean): PolicyApprovalResponse {
  return denied ? { approvalId: approvalIdOf(call), approved: false, reason: `The user declined ${call.name} for order ${String(call.args['order'])}.` } : { approvalId: approvalIdOf(call), approved: true };
}

/**
 * The result of a call that waited for approval: the result it got when approved, with the decision attached; when
 * denied, the denial (the AI SDK sends a denied call's result as an `execution-denied` output with the reason),
 * a structured error, since the call did not run.
 */
export function decidedResult(call: PolicyToolCall, result: PolicyMessage, denied: boolean): PolicyMessage {
  if (result.role !== 'tool') return result;
  const approval = approvalResponseFor(call, denied);
  if (!denied) return { ...result, approval };
  const requestId = call.args['request_id'];
  const content = JSON.stringify({ error: { code: 'EXECUTION_DENIED', message: approval.reason, ...(typeof requestId === 'string' ? { request_id: requestId } : {}) } });
  return { role: 'tool', ...(result.id === undefined ? {} : { id: result.id }), toolCallId: call.id, name: call.name, content, isError: true, approval };
}
