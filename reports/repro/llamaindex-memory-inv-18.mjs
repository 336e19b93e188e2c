// @llamaindex/core 0.6.23 Memory.getLLM() fills its short-term window from the newest message backwards and stops
// at the first one that does not fit (memory/dist/index.js, Memory.getLLM), with no regard for tool calls and
// results: the window can keep a tool result (a user ChatMessage with options.toolResult) whose assistant tool call
// did not fit, and the request starts with an orphan tool result, which chat APIs reject.
// Uses only @llamaindex/core's public API. Exit 1: the bug reproduces; 0: fixed.
import { createMemory } from '@llamaindex/core/memory';

const memory = createMemory({ tokenLimit: 100, shortTermTokenLimitRatio: 0.5 });
await memory.add({ role: 'user', content: 'TASK: refund order #1001 for alice.' });
await memory.add({
  role: 'assistant',
  content: 'I will now issue the refund for order #1001 to the original card, then email alice the receipt as a PDF in French, as she asked in ticket T-1.',
  options: { toolCall: [{ id: 'call_1', name: 'issue_refund', input: { order: '#1001' } }] },
});
await memory.add({ role: 'user', content: 'OK issue_refund txn=TX-9001 request_id=req-1 amount=120.00 EUR', options: { toolResult: { id: 'call_1', result: 'OK', isError: false } } });
await memory.add({ role: 'assistant', content: 'The refund is done.' });
const sent = await memory.getLLM();
for (const m of sent) console.log(`  ${m.role}${m.options?.toolCall ? ' (tool call)' : ''}${m.options?.toolResult ? ` (tool result of ${m.options.toolResult.id})` : ''}: ${String(m.content).slice(0, 60)}`);
const calls = new Set(sent.flatMap((m) => (m.options?.toolCall ?? []).map((c) => c.id)));
const orphan = sent.some((m) => m.options?.toolResult !== undefined && !calls.has(m.options.toolResult.id));
console.log(orphan ? 'BUG: getLLM() keeps the result of call_1 but not the call' : 'no orphan tool result: fixed');
process.exit(orphan ? 1 : 0);
