// deepagents 1.14.1 createSummarizationMiddleware reports a compaction that changes nothing. It reports a summary by
// the Command its wrapModelCall returns, whose update records a new _summarizationEvent (cutoffIndex, summaryMessage,
// filePath); without a summary it returns the model's answer and no event (dist/langsmith-*.js,
// createSummarizationMiddleware → wrapModelCall → performSummarization). Its summary message counts against the
// trigger and nothing checks what lies before the cutoff, so when the summary plus the kept tail still meets the
// trigger it summarizes its own previous summary, with nothing new (the INV-22 loop), and records a new event: the
// new cutoff is previousCutoffIndex + 1 - 1, the same one. A deterministic summarizer (the same facts, the same
// summary) answers with the summary it was given: the model is handed exactly the messages it was handed before.
// The middleware is driven through its public AgentMiddleware hook `wrapModelCall`, as langchain's createAgent calls
// it before each model call, its Command update applied to the state. Uses only deepagents', @langchain/langgraph's
// and @langchain/core's public API. Exit 1: the bug reproduces; 0: fixed.
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
const model = new Summarizer({ responses: ['alice asked for a refund of order #1001 (ticket T-1); she prefers email in French.'] });
const backend = new StoreBackend({ store: new InMemoryStore(), namespace: ['repro'] });
const middleware = createSummarizationMiddleware({ model, backend, trigger: { type: 'messages', value: 3 }, keep: { type: 'messages', value: 1 } });

let state = {
  messages: [
    new HumanMessage({ id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' }),
    new HumanMessage({ id: 'm1', content: 'Also note: alice prefers email in French (ticket T-2).' }),
    new AIMessage({ id: 'm2', content: '', tool_calls: [{ id: 'call_1', name: 'read_log', args: { query: 'order #1001' } }] }),
    new ToolMessage({ id: 'm3', content: 'OK read_log txn=TX-9001', tool_call_id: 'call_1' }),
  ],
  _summarizationSessionId: 'repro',
};
const show = (messages) => messages.map((m) => `${m.getType()}:${m.id ?? '-'}:${JSON.stringify(m.content)}`);
let lastSeen = [];
async function modelCall() {
  const previous = state._summarizationEvent;
  let seen = [];
  const result = await middleware.wrapModelCall({ messages: state.messages, state, model, tools: [] }, async (request) => {
    seen = show(request.messages);
    return new AIMessage('answer');
  });
  if (result?.update !== undefined) state = { ...state, ...result.update };
  const reported = state._summarizationEvent !== undefined && state._summarizationEvent !== previous;
  const unchanged = seen.length === lastSeen.length && seen.every((line, i) => line === lastSeen[i]);
  lastSeen = seen;
  return { reported, unchanged, cutoff: state._summarizationEvent?.cutoffIndex };
}
const first = await modelCall();
const second = await modelCall(); // nothing new since the last model call
console.log(`first model call: new summarization event ${first.reported} (cutoffIndex ${first.cutoff})`);
console.log(`next model call, nothing new: new summarization event ${second.reported} (cutoffIndex ${second.cutoff}), the model's messages unchanged ${second.unchanged} (${summaries} summary calls in all)`);
console.log('the model was handed:\n  ' + lastSeen.map((l) => l.slice(0, 100)).join('\n  '));
const bug = first.reported && second.reported && second.unchanged;
console.log(bug ? 'BUG: it recorded a new summarization event (a summary call) and the model sees exactly what it saw before' : !first.reported ? 'no first summary: the setup no longer reaches the trigger' : 'no empty compaction recorded: fixed');
process.exit(bug ? 1 : 0);
