// @langchain/core 1.4.0 trimMessages with the options its docs recommend for chat history (strategy "last",
// includeSystem, startOn "human"): when no human message fits in maxTokens it returns [undefined]
// (messages/transformers.js, _lastMaxTokens indexes an empty list), so the system message is lost (INV-19) and the
// caller gets an undefined entry instead of the messages of the turn in progress (INV-20).
// Uses only @langchain/core's public API. Exit 1: the bug reproduces; 0: fixed.
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, trimMessages } from '@langchain/core/messages';

const history = [
  new SystemMessage('You are a careful operations agent.'),
  new HumanMessage('TASK: read the logs of order #1001.'),
  new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'read_log', args: { query: 'order #1001' } }] }),
  new ToolMessage({ content: 'GET /orders/1001 200', tool_call_id: 'call_1' }),
  new AIMessage('The order was fetched successfully.'),
];
const trimmed = await trimMessages(history, { maxTokens: 2, strategy: 'last', tokenCounter: (ms) => ms.length, includeSystem: true, startOn: 'human' });
console.log('trimMessages(...) returned', trimmed.length, 'entries:', trimmed.map((m) => (m === undefined ? 'undefined' : `${m.getType()}: ${String(m.content).slice(0, 40)}`)).join(', '));
const broken = trimmed.some((m) => m === undefined) || !trimmed.some((m) => m?.getType() === 'system');
console.log(broken ? 'BUG: an undefined entry, and the system message is gone' : 'a valid list that keeps the system message: fixed');
process.exit(broken ? 1 : 0);
