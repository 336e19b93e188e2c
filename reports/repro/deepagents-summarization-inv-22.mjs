// deepagents 1.14.1 createSummarizationMiddleware never checks that a compaction made progress: the summary message
// (with its fixed preamble) counts against the trigger, and when the summary plus the kept tail still meets the
// trigger, every later model call summarizes again with nothing new (a compaction loop).
// dist/langsmith-*.js, createSummarizationMiddleware: wrapModelCall → shouldSummarize → performSummarization.
// The middleware is driven through its public AgentMiddleware hook `wrapModelCall`, as langchain's createAgent
// calls it before each model call (request = { messages, state, model, tools }), its Command update applied to the
// state. Uses only deepagents', @langchain/langgraph's and @langchain/core's public API.
// Exit 1: the bug reproduces; 0: fixed.
import { InMemoryStore } from '@langchain/langgraph';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { createSummarizationMiddleware, StoreBackend } from 'deepagents';

let summaries = 0;
class Summarizer extends FakeListChatModel {
  async invoke(...args) {
    summaries += 1;
    return super.invoke(...args);
  }
}
const model = new Summarizer({ responses: ['alice asked for a refund of #2001; it was issued (TX-9001).'] });
const backend = new StoreBackend({ store: new InMemoryStore(), namespace: ['repro'] });
const middleware = createSummarizationMiddleware({ model, backend, trigger: { type: 'messages', value: 4 }, keep: { type: 'messages', value: 2 } });

let state = {
  messages: [
    new HumanMessage({ id: 'm0', content: 'TASK: refund order #1001 for alice.' }),
    new HumanMessage({ id: 'm1', content: 'INSTRUCTION I-1: refund order #2001 for alice.' }),
    new AIMessage({ id: 'm2', content: '', tool_calls: [{ id: 'c1', name: 'issue_refund', args: { order: '#2001', request_id: 'req-1' } }] }),
    new ToolMessage({ id: 'm3', content: 'OK issue_refund txn=TX-9001 request_id=req-1', tool_call_id: 'c1' }),
    new AIMessage({ id: 'm4', content: 'Refund of #2001 issued.' }),
  ],
  _summarizationSessionId: 'repro',
};
async function modelCall() {
  let seen = [];
  const result = await middleware.wrapModelCall({ messages: state.messages, state, model, tools: [] }, async (request) => {
    seen = request.messages;
    return new AIMessage('answer');
  });
  if (result?.update !== undefined) state = { ...state, ...result.update };
  return seen;
}
const seen1 = await modelCall();
const first = summaries;
const seen2 = await modelCall(); // nothing new since the last model call
console.log(`first model call: ${first} summary, the model saw ${seen1.length} messages (${seen1.map((m) => m.getType()).join(', ')})`);
console.log(`next model call, nothing new: ${summaries - first} more summary, the model saw ${seen2.length} messages`);
const looping = first > 0 && summaries > first;
console.log(looping ? 'BUG: it summarized again although nothing new arrived (a compaction loop)' : first === 0 ? 'no summary at all: the setup no longer reaches the trigger' : 'no second summary: fixed');
process.exit(looping ? 1 : 0);
