import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { FakeChatModel } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyApprovalRequest, PolicyApprovalResponse, PolicyAttachment, PolicyMessage, PolicyReasoning } from '../../adapters/policy/PolicyMessage.ts';
import { fromLangChainBlocks, toLangChainBlocks } from './attachmentParts.ts';

/**
 * Where approval parts ride (INV-33). LangChain messages have no approval part: its standard content blocks
 * have none (@langchain/core 1.4 messages/block_translators/openai.js passes an OpenAI `mcp_approval_request`
 * through as a `non_standard` block), and langchain's HumanInTheLoopMiddleware decides approvals by interrupt,
 * outside the messages. So the adapter carries the parts in `additional_kwargs`, the field LangChain keeps
 * provider-specific message data in: they stay with every message object the library keeps, and leave with one it
 * drops or rebuilds without them (context editing's cleared ToolMessage), which is what the library does to them.
 */
const APPROVAL_REQUESTS = 'prunecheck_approval_requests';
const APPROVAL_RESPONSE = 'prunecheck_approval_response';

/** prunecheck's neutral message as a LangChain message (ids, tool calls, error status and approval parts carried over). */
export function toLangChain(m: PolicyMessage): BaseMessage {
  const id = m.id === undefined ? {} : { id: m.id };
  switch (m.role) {
    case 'system':
      return new SystemMessage({ ...id, content: m.content });
    case 'user':
      // Image and file parts travel as LangChain's standard content blocks after the text (INV-34).
      if (m.attachments !== undefined && m.attachments.length > 0) return new HumanMessage({ ...id, content: [{ type: 'text', text: m.content }, ...toLangChainBlocks(m.attachments)] });
      return new HumanMessage({ ...id, content: m.content });
    case 'assistant': {
      // A reasoning item travels as an Anthropic-style signed thinking block ahead of the text.
      const content = m.reasoning === undefined ? m.content : [thinkingBlock(m.reasoning), ...(m.content === '' ? [] : [{ type: 'text' as const, text: m.content }])];
      const approvals = m.approvalRequests === undefined ? {} : { additional_kwargs: { [APPROVAL_REQUESTS]: m.approvalRequests.map((r) => ({ ...r })) } };
      return new AIMessage({ ...id, content, tool_calls: (m.toolCalls ?? []).map((c) => ({ id: c.id, name: c.name, args: { ...c.args }, type: 'tool_call' as const })), ...approvals });
    }
    case 'tool': {
      const approval = m.approval === undefined ? {} : { additional_kwargs: { [APPROVAL_RESPONSE]: { ...m.approval } } };
      return new ToolMessage({ ...id, content: m.content, tool_call_id: m.toolCallId, name: m.name, status: m.isError === true ? 'error' : 'success', ...approval });
    }
  }
}

type Block = { type?: unknown; text?: unknown; thinking?: unknown; signature?: unknown; data?: unknown; mimeType?: unknown; metadata?: { filename?: unknown } };

function thinkingBlock(r: PolicyReasoning): { type: 'thinking'; thinking: string; signature?: string } {
  return { type: 'thinking', thinking: r.text, ...(r.signature === undefined ? {} : { signature: r.signature }) };
}

/** Text and thinking blocks split back into content and reasoning; any other block shape is kept as JSON. */
function splitContent(content: unknown): { content: string; reasoning?: PolicyReasoning; attachments?: PolicyAttachment[] } {
  if (typeof content === 'string') return { content };
  const blocks = Array.isArray(content) ? (content as Block[]) : [];
  const attachments = fromLangChainBlocks(blocks);
  const known = (b: Block): boolean => b.type === 'text' || b.type === 'thinking' || fromLangChainBlocks([b]).length === 1;
  if (!Array.isArray(content) || !blocks.every(known)) return { content: JSON.stringify(content) };
  const text = blocks.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('');
  if (attachments.length > 0) return { content: text, attachments };
  const thinking = blocks.find((b) => b.type === 'thinking' && typeof b.thinking === 'string');
  if (thinking === undefined) return { content: text };
  const signature = typeof thinking.signature === 'string' ? { signature: thinking.signature } : {};
  return { content: text, reasoning: { text: thinking.thinking as string, ...signature } };
}

/** A LangChain message as prunecheck's neutral message. `replaces` is left to the adapter, from the library's record. */
export function fromLangChain(m: BaseMessage): PolicyMessage {
  const id = typeof m.id === 'string' ? { id: m.id } : {};
  const { content, reasoning, attachments } = splitContent(m.content);
  if (SystemMessage.isInstance(m)) return { role: 'system', ...id, content };
  if (AIMessage.isInstance(m)) {
    const toolCalls = (m.tool_calls ?? []).map((c) => ({ id: c.id ?? '', name: c.name, args: c.args }));
    const approvalRequests = m.additional_kwargs[APPROVAL_REQUESTS] as PolicyApprovalRequest[] | undefined;
    return { role: 'assistant', ...id, content, ...(toolCalls.length > 0 ? { toolCalls } : {}), ...(reasoning === undefined ? {} : { reasoning }), ...(approvalRequests === undefined ? {} : { approvalRequests }) };
  }
  if (ToolMessage.isInstance(m)) {
    const approval = m.additional_kwargs[APPROVAL_RESPONSE] as PolicyApprovalResponse | undefined;
    return { role: 'tool', ...id, toolCallId: m.tool_call_id, name: m.name ?? '', content, ...(m.status === 'error' ? { isError: true } : {}), ...(approval === undefined ? {} : { approval }) };
  }
  return { role: 'user', ...id, content, ...(attachments === undefined ? {} : { attachments }) };
}

/** A LangChain chat model that answers with prunecheck's fake: the prompt is the messages' text, joined. */
export class FakeLangChainModel extends BaseChatModel {
  readonly #fake: FakeChatModel;

  constructor(fake: FakeChatModel) {
    super({});
    this.#fake = fake;
  }

  _llmType(): string {
    return 'prunecheck-fake';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const prompt = messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
    const text = await this.#fake.complete(prompt);
    return { generations: [{ text, message: new AIMessage(text) }] };
  }
}
