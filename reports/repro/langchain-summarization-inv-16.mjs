// langchain 1.5.14 summarizationMiddleware: when the summary model call fails, createSummary() catches the error and
// returns `Error generating summary: ${e}` as the summary (dist/agents/middleware/summarization.js); the middleware
// then removes every summarized message (RemoveMessage(REMOVE_ALL_MESSAGES)) and inserts that error text in their
// place. A model outage deletes the history it was asked to summarize.
// Uses only langchain's and @langchain/core's public API. Exit 1: the bug reproduces; 0: fixed.
import { createAgent, summarizationMiddleware } from 'langchain';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';

class Outage extends FakeListChatModel {
  async invoke() {
    throw new Error('503 model unavailable');
  }
}
const model = new FakeListChatModel({ responses: ['Working on it.'] });
const agent = createAgent({ model, middleware: [summarizationMiddleware({ model: new Outage({ responses: [] }), trigger: { messages: 4 }, keep: { messages: 2 } })] });
const task = 'TASK: refund order #1001 for alice and email her the receipt.';
const result = await agent.invoke({ messages: [new HumanMessage(task), new AIMessage('Looking it up.'), new HumanMessage('Also note: alice prefers French.'), new AIMessage('Noted.'), new HumanMessage('Go ahead.')] });
console.log('state.messages after the agent step:\n  ' + result.messages.map((m) => `${m.getType()}: ${String(m.content).slice(0, 90).replace(/\n+/g, ' ')}`).join('\n  '));
const lost = !result.messages.some((m) => String(m.content).includes(task));
console.log(lost ? 'BUG: the summarizer failed, and the task is gone: replaced by the error text' : 'the history survived the failed summary: fixed');
process.exit(lost ? 1 : 0);
