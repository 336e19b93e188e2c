import type { PolicyApprovalRequest, PolicyApprovalResponse, PolicyMessage } from './PolicyMessage.ts';

/** One approval request of a list, the message that carries it and that message's index. */
export interface PlacedApprovalRequest {
  readonly request: PolicyApprovalRequest;
  readonly message: PolicyMessage;
  readonly index: number;
}

/** The approval requests an assistant message carries (none for any other role). */
export function approvalRequestsOf(m: PolicyMessage): readonly PolicyApprovalRequest[] {
  return m.role === 'assistant' ? (m.approvalRequests ?? []) : [];
}

/** The approval decision a tool message carries, if any. */
export function approvalResponseOf(m: PolicyMessage): PolicyApprovalResponse | undefined {
  return m.role === 'tool' ? m.approval : undefined;
}

/**
 * What is wrong with an approval part's fields, or undefined when nothing is: the AI SDK validates every message
 * against its `modelMessageSchema` before a request (`standardizePrompt`, ai 6.0: `approvalId` and `toolCallId`
 * strings, `approved` a boolean, `reason` a string when present) and throws `InvalidPromptError` otherwise.
 * Parts come from adapters, so nothing about their shape is taken on trust.
 */
export function malformedApprovalPart(part: unknown): string | undefined {
  if (typeof part !== 'object' || part === null) return 'is not an object';
  const p = part as Record<string, unknown>;
  if (typeof p['approvalId'] !== 'string' || p['approvalId'] === '') return 'has no approvalId string';
  if ('toolCallId' in p && (typeof p['toolCallId'] !== 'string' || p['toolCallId'] === '')) return `${String(p['approvalId'])} has no toolCallId string`;
  if ('approved' in p && typeof p['approved'] !== 'boolean') return `${p['approvalId']} has an approved field that is not true or false`;
  if ('reason' in p && p['reason'] !== undefined && typeof p['reason'] !== 'string') return `${p['approvalId']} has a reason that is not a string`;
  if (!('toolCallId' in p) && !('approved' in p)) return `${p['approvalId']} is neither a request (toolCallId) nor a response (approved)`;
  return undefined;
}

/** Every approval request among `messages` before index `end`, in order. */
export function approvalRequestsBefore(messages: readonly PolicyMessage[], end: number): PlacedApprovalRequest[] {
  return messages.slice(0, end).flatMap((message, index) => approvalRequestsOf(message).map((request) => ({ request, message, index })));
}
