import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { FakeChatModel } from './PolicyAdapter.ts';
import type { PolicyMessage } from './PolicyMessage.ts';

/** prunecheck's neutral message as a LangChain message (ids, tool calls and error status carried over). */
export function toLangChain(m: PolicyMessage): BaseMessage {
  const id = m.id === undefined ? {} : { id: m.id };
  switch (m.role) {
    case 'system':
      return new SystemMessage({ ...id, content: m.content });
    case 'user':
      return new HumanMessage({ ...id, content: m.content });
    case 'assistant':
      return new AIMessage({ ...id, content: m.content, tool_calls: (m.toolCalls ?? []).map((c) => ({ id: c.id, name: c.name, args: { ...c.args }, type: 'tool_call' as const })) });
    case 'tool':
      return new ToolMessage({ ...id, content: m.content, tool_call_id: m.toolCallId, name: m.name, status: m.isError === true ? 'error' : 'success' });
  }
}

/** A LangChain message as prunecheck's neutral message. `replaces` is left to the adapter, from the library's record. */
export function fromLangChain(m: BaseMessage): PolicyMessage {
  const id = typeof m.id === 'string' ? { id: m.id } : {};
  const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  if (SystemMessage.isInstance(m)) return { role: 'system', ...id, content };
  if (AIMessage.isInstance(m)) {
    const toolCalls = (m.tool_calls ?? []).map((c) => ({ id: c.id ?? '', name: c.name, args: c.args }));
    return { role: 'assistant', ...id, content, ...(toolCalls.length > 0 ? { toolCalls } : {}) };
  }
  if (ToolMessage.isInstance(m)) {
    return { role: 'tool', ...id, toolCallId: m.tool_call_id, name: m.name ?? '', content, ...(m.status === 'error' ? { isError: true } : {}) };
  }
  return { role: 'user', ...id, content };
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
