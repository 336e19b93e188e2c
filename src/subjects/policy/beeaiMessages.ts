import type { Message } from 'beeai-framework/backend/message';
import type { FakeChatModel } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { Beeai } from './beeaiLibrary.ts';
import { toAiParts } from './attachmentParts.ts';

/**
 * prunecheck's neutral message as a beeai-framework Message, built as its ToolCallingAgent builds them: tool calls
 * are `tool-call` parts of an AssistantMessage, a result is a ToolMessage with one `tool-result` part (output
 * `text` or `error-text`); a user message's attachments are its image and file parts. beeai messages have no
 * reasoning part, so a reasoning item is not carried (INV-21). Nor an approval part (AssistantMessage holds text,
 * tool-call and file parts, ToolMessage tool-result parts; 0.1.30 backend/message.d.ts): approval requests and
 * decisions (INV-33) are not handed to the library, and come back with each message it keeps, which `viewOf` maps
 * to the neutral message it was made from by identity.
 */
export function toBeeai(lib: Beeai, m: PolicyMessage): Message {
  switch (m.role) {
    case 'system':
      return new lib.SystemMessage(m.content, {}, m.id);
    case 'user':
      // Image and file parts travel as the AI SDK ImagePart and FilePart a beeai UserMessage holds (INV-34).
      if (m.attachments !== undefined && m.attachments.length > 0) return new lib.UserMessage([{ type: 'text', text: m.content }, ...toAiParts(m.attachments)], {}, m.id);
      return new lib.UserMessage(m.content, {}, m.id);
    case 'assistant': {
      const calls = (m.toolCalls ?? []).map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: { ...c.args } }));
      const text = m.content === '' && calls.length > 0 ? [] : [{ type: 'text' as const, text: m.content }];
      return new lib.AssistantMessage([...text, ...calls], {}, m.id);
    }
    case 'tool':
      return new lib.ToolMessage({ type: 'tool-result', toolCallId: m.toolCallId, toolName: m.name, output: { type: m.isError === true ? 'error-text' : 'text', value: m.content } }, {}, m.id);
  }
}

/** A message the library created itself (a summary): its role and text, no id of ours. */
export function fromBeeai(m: Message): PolicyMessage {
  const id = typeof m.id === 'string' ? { id: m.id } : {};
  if (m.role === 'system' || m.role === 'user' || m.role === 'assistant') return { role: m.role, ...id, content: m.text };
  // Any other role (a CustomMessage) is text the model reads; it has no authority of its own.
  return { role: 'user', ...id, content: m.text };
}

/**
 * The library's view as prunecheck's messages: each message we added is the very object the library holds, so
 * it maps back to the message it was made from, by identity.
 */
export function viewOf(messages: readonly Message[], added: WeakMap<Message, PolicyMessage>): PolicyMessage[] {
  return messages.map((m) => added.get(m) ?? fromBeeai(m));
}

/**
 * The fake summarizer as the chat model beeai's SummarizeMemory calls: `create({ messages })` answered with a
 * ChatModelOutput of one AssistantMessage. The prompt the fake sees is the messages as `role: text` lines, all a
 * provider would receive (a tool-call or tool-result part has no text and is not there).
 */
export function beeaiChatModel(lib: Beeai, model: FakeChatModel): { create(input: { messages: Message[] }): Promise<InstanceType<Beeai['ChatModelOutput']>> } {
  return {
    async create({ messages }) {
      const text = await model.complete(messages.map((m) => `${m.role}: ${m.text}`).join('\n'));
      return new lib.ChatModelOutput([new lib.AssistantMessage(text)]);
    },
  };
}
