// langchain 1.5.14 summarizationMiddleware reports a compaction that changes nothing. Its beforeModel hook reports a
// summary by returning the update [RemoveMessage(REMOVE_ALL_MESSAGES), summary, ...preserved] and nothing when it does
// not summarize (dist/agents/middleware/summarization.js, summarizationMiddleware → beforeModel). It counts its own
// summary against the trigger and never checks what lies before the cutoff, so when the summary plus the AI/tool
// group it must keep still meets the trigger, it summarizes its own previous summary, with nothing new (the INV-22
// loop), and returns that update as a compaction. A deterministic summarizer (the same facts, the same summary)
// answers with the summary it was given: the update, once applied, leaves state.messages exactly as it was.
// The hook is driven as createAgent drives it (runtime.context present), its update applied with LangGraph's
// messagesStateReducer. Uses only langchain's, @langchain/langgraph's and @langchain/core's public API.
// Exit 1: the bug reproduces; 0: fixed.
import { summarizationMiddleware } from 'langchain';
import { messagesStateReducer } from '@langchain/langgraph';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';

let summaries = 0;
class Summarizer extends FakeListChatModel {
  async invoke(...args) {
    summaries += 1;
    return super.invoke(...args);
  }
}
const summarizer = new Summarizer({ responses: ['alice asked for a refund of order #1001 (ticket T-1); she prefers email in French.'] });
const middleware = summarizationMiddleware({ model: summarizer, trigger: { messages: 3 }, keep: { messages: 1 } });

let state = {
  messages: [
    new HumanMessage({ id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' }),
    new HumanMessage({ id: 'm1', content: 'Also note: alice prefers email in French (ticket T-2).' }),
    new AIMessage({ id: 'm2', content: '', tool_calls: [{ id: 'call_1', name: 'read_log', args: { query: 'order #1001' } }] }),
    new ToolMessage({ id: 'm3', content: 'OK read_log txn=TX-9001', tool_call_id: 'call_1' }),
  ],
};
const show = (messages) => messages.map((m) => `${m.getType()}:${m.id}:${JSON.stringify(m.content)}`);
async function modelCall() {
  const before = show(state.messages);
  const update = await middleware.beforeModel(state, { context: {} });
  if (update?.messages !== undefined) state = { messages: messagesStateReducer(state.messages, update.messages) };
  const after = show(state.messages);
  return { reported: update?.messages !== undefined, unchanged: before.length === after.length && before.every((line, i) => line === after[i]) };
}
const first = await modelCall();
const second = await modelCall(); // nothing new since the last model call
console.log(`first model call: compaction reported ${first.reported}, list unchanged ${first.unchanged}`);
console.log(`next model call, nothing new: compaction reported ${second.reported}, list unchanged ${second.unchanged} (${summaries} summary calls in all)`);
console.log('state.messages now:\n  ' + show(state.messages).map((l) => l.slice(0, 100)).join('\n  '));
const bug = first.reported && !first.unchanged && second.reported && second.unchanged;
console.log(bug ? 'BUG: it reported a compaction (a summary update, a summary call) and the list is exactly as before' : !first.reported ? 'no first summary: the setup no longer reaches the trigger' : 'no empty compaction reported: fixed');
process.exit(bug ? 1 : 0);
