// langchain 1.5.14 summarizationMiddleware: a leading SystemMessage in the agent state is deleted by the first
// summary. splitSystemMessage() takes it aside, partitionMessages() then unshifts it into messagesToSummarize,
// and the update [RemoveMessage(REMOVE_ALL_MESSAGES), summary, ...preservedMessages] never puts it back
// (dist/agents/middleware/summarization.js).
// Uses only langchain's and @langchain/core's public API. Exit 1: the bug reproduces; 0: fixed.
import { createAgent, summarizationMiddleware } from 'langchain';
import { AIMessage, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';

const summarizer = new FakeListChatModel({ responses: ['The user asked for a refund of order #1001.'] });
const model = new FakeListChatModel({ responses: ['Working on it.'] });
const agent = createAgent({ model, middleware: [summarizationMiddleware({ model: summarizer, trigger: { messages: 4 }, keep: { messages: 2 } })] });

const system = new SystemMessage('You are a careful operations agent. Never repeat a side-effecting call.');
const result = await agent.invoke({
  messages: [system, new HumanMessage('TASK: refund order #1001.'), new AIMessage('Looking it up.'), new HumanMessage('Also email the receipt.'), new AIMessage('Noted.'), new HumanMessage('Go ahead.')],
});
const roles = result.messages.map((m) => `${m.getType()}: ${String(m.content).slice(0, 60)}`);
console.log('state.messages after the agent step:\n  ' + roles.join('\n  '));
const kept = result.messages.some((m) => m.getType() === 'system' && m.content === system.content);
console.log(kept ? 'the SystemMessage is still in the state: fixed' : 'BUG: the leading SystemMessage is gone from the state (summarized and removed, never re-added)');
process.exit(kept ? 0 : 1);
