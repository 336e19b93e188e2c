// langchain 1.5.14 summarizationMiddleware counts its own summary against the trigger and never checks that the
// summary and the messages it must keep (a whole AI/tool group) fall below it (dist/agents/middleware/summarization.js):
// with trigger 4 messages and keep 2, a kept AI message with two tool results plus the summary are 4 messages, so
// every later model call summarizes the previous summary again, with nothing new (a compaction loop).
// Uses only langchain's and @langchain/core's public API. Exit 1: the bug reproduces; 0: fixed.
import { createAgent, summarizationMiddleware } from 'langchain';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';

let summaries = 0;
class Summarizer extends FakeListChatModel {
  async invoke(...args) {
    summaries += 1;
    return super.invoke(...args);
  }
}
const summarizer = new Summarizer({ responses: ['alice asked for refunds of #1001 and #1002; both were issued.'] });
const model = new FakeListChatModel({ responses: ['Both refunds are done.'] });
const agent = createAgent({ model, middleware: [summarizationMiddleware({ model: summarizer, trigger: { messages: 4 }, keep: { messages: 2 } })] });
const first = await agent.invoke({
  messages: [
    new HumanMessage('TASK: refund orders #1001 and #1002 for alice.'),
    new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'issue_refund', args: { order: '#1001' } }, { id: 'c2', name: 'issue_refund', args: { order: '#1002' } }] }),
    new ToolMessage({ content: 'OK TX-9001', tool_call_id: 'c1' }),
    new ToolMessage({ content: 'OK TX-9002', tool_call_id: 'c2' }),
  ],
});
const before = summaries;
// The same state again, nothing new but the model's last answer: a well-behaved compactor has nothing to do.
await agent.invoke({ messages: first.messages.slice(0, -1) });
console.log(`summary calls: ${before} in the first model call, ${summaries - before} in the next one with nothing new`);
const looping = summaries > before;
console.log(looping ? 'BUG: it summarized the previous summary again (a compaction loop)' : 'no second summary: fixed');
process.exit(looping ? 1 : 0);
