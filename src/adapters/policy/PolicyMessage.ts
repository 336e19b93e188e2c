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
 * True when two messages carry the same role and payload (ids, `replaces` and reasoning aside: stripping an
 * old turn's reasoning is legal, and INV-21 alone judges what happened to it).
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
  if (message.role === 'tool') parts.push(`result-of=${message.toolCallId}${message.isError === true ? ' (error)' : ''}`);
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
