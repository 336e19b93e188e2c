/** One tool call inside an assistant message. `args` is JSON; side-effecting calls carry a `request_id`. */
export interface PolicyToolCall {
  readonly id: string;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/**
 * A non-text part of a user message: a pasted image or an attached file (spec/SPEC.md INV-34). `name` is how
 * a marker names it when the part itself leaves the list; `data` is its bytes, base64.
 */
export interface PolicyAttachment {
  readonly kind: 'image' | 'file';
  readonly name: string;
  readonly mediaType: string;
  readonly data: string;
}

/**
 * A reasoning or signed thinking item of an assistant turn (Anthropic `thinking` block, OpenAI `reasoning`
 * item, `reasoning_content`). It belongs to the tool calls of its message: providers reject it orphaned,
 * modified (the signature covers the text), or missing from the turn whose tool results are being sent
 * (spec/SPEC.md INV-21). prunecheck never compares it when deciding whether a message was kept.
 */
export interface PolicyReasoning {
  readonly text: string;
  /** The provider's signature over `text` (encrypted content, `signature`), if any. */
  readonly signature?: string;
}

/**
 * The model's request that the user approve one of its tool calls before it runs (spec/SPEC.md INV-33), carried
 * by the assistant message that makes the call. Modelled on what libraries ship: the AI SDK's
 * `tool-approval-request` part of assistant content (`{ type, approvalId, toolCallId }`, ai 6.0
 * `@ai-sdk/provider-utils` `ToolApprovalRequest`) and the OpenAI Responses API's `mcp_approval_request` item
 * (`id`, answered by an `mcp_approval_response` naming it as `approval_request_id`).
 */
export interface PolicyApprovalRequest {
  readonly approvalId: string;
  /** The call, in the same message, that waits for the decision. */
  readonly toolCallId: string;
}

/**
 * The user's decision on an approval request, carried by the tool message of the call it decided: the AI SDK's
 * `tool-approval-response` part of tool content (`{ type, approvalId, approved, reason? }`), the Responses
 * API's `mcp_approval_response` (`approval_request_id`, `approve`, `reason`). The AI SDK keeps the decision
 * and the result in consecutive tool messages and merges them into one before a provider sees them
 * (`convertToLanguageModelPrompt`); the neutral message holds the merged form. A denied call's result is the
 * denial (the SDK's `execution-denied` output).
 */
export interface PolicyApprovalResponse {
  readonly approvalId: string;
  readonly approved: boolean;
  readonly reason?: string;
}

/**
 * prunecheck's neutral chat message, converted to and from each library's own format by its adapter.
 * `id` is optional because libraries create messages without one (a summary, a cleared tool result).
 * `replaces` is set only from the library's own record: the ids of earlier messages this message stands in
 * for (a summary's sources, a "cleared" marker's original). An adapter never invents it.
 */
export type PolicyMessage =
  | { readonly role: 'system'; readonly id?: string; readonly content: string; readonly replaces?: readonly string[] }
  | {
      readonly role: 'user';
      readonly id?: string;
      readonly content: string;
      /** Optional and backward compatible: image and file parts next to the text (INV-34); adapters carry them. */
      readonly attachments?: readonly PolicyAttachment[];
      readonly replaces?: readonly string[];
    }
  | {
      readonly role: 'assistant';
      readonly id?: string;
      readonly content: string;
      readonly toolCalls?: readonly PolicyToolCall[];
      /** Optional and backward compatible: adapters whose library has no reasoning part leave it out. */
      readonly reasoning?: PolicyReasoning;
      /**
       * Optional and backward compatible: approval requests for calls of this message (INV-33). Adapters
       * whose library has no approval part say so in their adapter notes and leave it out.
       */
      readonly approvalRequests?: readonly PolicyApprovalRequest[];
      readonly replaces?: readonly string[];
    }
  | {
      readonly role: 'tool';
      readonly id?: string;
      readonly toolCallId: string;
      readonly name: string;
      readonly content: string;
      readonly isError?: boolean;
      /** Set by the harness on output that holds credentials (INV-35); adapters need not carry it. */
      readonly sensitive?: boolean;
      /** Optional and backward compatible: the user's decision on the approval request of this call (INV-33). */
      readonly approval?: PolicyApprovalResponse;
      readonly replaces?: readonly string[];
    };

export type PolicyRole = PolicyMessage['role'];

/** The message's whole payload as one string (content plus tool-call JSON), for searching and comparing. */
export function messageText(message: PolicyMessage): string {
  if (message.role === 'assistant' && message.toolCalls !== undefined && message.toolCalls.length > 0) {
    return `${message.content}\n${JSON.stringify(message.toolCalls)}`;
  }
  return message.content;
}

/**
 * True when two messages carry the same role and payload (ids, `replaces`, reasoning and approval parts aside:
 * stripping an old turn's reasoning is legal, and INV-21 alone judges what happened to it; INV-33 alone judges
 * what happened to approval requests and decisions).
 */
export function samePayload(a: PolicyMessage, b: PolicyMessage): boolean {
  if (a.role !== b.role || a.content !== b.content) return false;
  if (a.role === 'tool' && b.role === 'tool') return a.toolCallId === b.toolCallId && a.name === b.name;
  if (a.role === 'assistant' && b.role === 'assistant') return JSON.stringify(a.toolCalls ?? []) === JSON.stringify(b.toolCalls ?? []);
  return true;
}

const MAX_SHOWN = 100;

/** One readable line per message, as reports and counterexamples show it. */
export function renderMessage(message: PolicyMessage): string {
  const id = message.id === undefined ? '(no id)' : message.id;
  const text = message.content.length > MAX_SHOWN ? `${message.content.slice(0, MAX_SHOWN)}…(${message.content.length} chars)` : message.content;
  const parts = [`[${message.role}] ${id} ${JSON.stringify(text)}`];
  if (message.role === 'assistant' && message.toolCalls !== undefined && message.toolCalls.length > 0) {
    parts.push(`toolCalls=${message.toolCalls.map((c) => `${c.id}:${c.name}(${JSON.stringify(c.args)})`).join(',')}`);
  }
  if (message.role === 'assistant' && message.reasoning !== undefined) {
    const r = message.reasoning;
    const text = r.text.length > 40 ? `${r.text.slice(0, 40)}…(${r.text.length} chars)` : r.text;
    parts.push(`reasoning=${JSON.stringify(text)}${r.signature === undefined ? '' : ` signed=${r.signature.slice(0, 12)}`}`);
  }
  if (message.role === 'assistant' && message.approvalRequests !== undefined && message.approvalRequests.length > 0) {
    parts.push(`approvalRequests=${message.approvalRequests.map((r) => `${r.approvalId}:${r.toolCallId}`).join(',')}`);
  }
  if (message.role === 'tool') parts.push(`result-of=${message.toolCallId}${message.isError === true ? ' (error)' : ''}`);
  if (message.role === 'tool' && message.approval !== undefined) parts.push(`approval=${message.approval.approvalId}:${message.approval.approved ? 'approved' : 'denied'}`);
  if (message.replaces !== undefined) parts.push(`replaces=[${message.replaces.join(',')}]`);
  return parts.join(' ');
}

/** The message's size in characters: content, tool-call JSON and reasoning text (INV-22's token proxy). */
export function messageSize(message: PolicyMessage): number {
  const reasoning = message.role === 'assistant' ? (message.reasoning?.text.length ?? 0) + (message.reasoning?.signature?.length ?? 0) : 0;
  return messageText(message).length + reasoning;
}

export function renderMessages(messages: readonly PolicyMessage[]): string[] {
  return messages.map((m, i) => `${String(i).padStart(2)} ${renderMessage(m)}`);
}
