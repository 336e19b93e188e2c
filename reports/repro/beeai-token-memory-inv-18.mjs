// beeai-framework 0.1.30 TokenMemory: (1) the default removalSelector (messages[0], memory/tokenMemory.js) evicts
// an AssistantMessage with a tool call while keeping its ToolMessage, and the next request starts with an orphan
// tool result, which chat APIs reject; (2) its default estimate counts only `msg.text`, and Message.text joins only
// text parts (backend/message.js), so a 50,000-character tool result counts as 1 token and the budget never sees it.
// Uses only beeai-framework's public API. Exit 1: the bug reproduces; 0: fixed.
//
// beeai-framework imports the Zod 3 API from 'zod' without declaring it; next to Zod 4 it cannot load. These lines
// send its 'zod' imports to 'zod/v3' (zod >= 3.25); in a project whose 'zod' is v3, delete them.
import { register } from 'node:module';
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(s, c, next) { return next(s === 'zod' && String(c.parentURL).includes('/node_modules/beeai-framework/') ? 'zod/v3' : s, c); }`)}`);
const { TokenMemory } = await import('beeai-framework/memory/tokenMemory');
const { AssistantMessage, ToolMessage, UserMessage } = await import('beeai-framework/backend/message');

const call = (id) => new AssistantMessage([{ type: 'text', text: 'Refunding that order now.' }, { type: 'tool-call', toolCallId: id, toolName: 'issue_refund', input: { order: id } }]);
const result = (id, value) => new ToolMessage({ type: 'tool-result', toolCallId: id, toolName: 'issue_refund', output: { type: 'text', value } });

const memory = new TokenMemory({ maxTokens: 12 });
for (const m of [call('c1'), result('c1', 'OK refunded order 1'), new UserMessage('Thanks; now email me the receipt.')]) await memory.add(m);
const shown = memory.messages.map((m) => (m.role === 'tool' ? `tool(result of ${m.getToolResults()[0].toolCallId})` : m.role === 'assistant' ? `assistant(calls ${m.getToolCalls().map((c) => c.toolCallId)})` : m.role));
console.log('TokenMemory({ maxTokens: 12 }).messages:', shown.join(', '));
const calls = new Set(memory.messages.flatMap((m) => (m.role === 'assistant' ? m.getToolCalls().map((c) => c.toolCallId) : [])));
const orphans = memory.messages.flatMap((m) => (m.role === 'tool' ? m.getToolResults().map((r) => r.toolCallId) : [])).filter((id) => !calls.has(id));
console.log(orphans.length > 0 ? `BUG: orphan tool result(s) for ${orphans.join(', ')}: its call was evicted, the result kept` : 'no orphan tool result: fixed');

const big = new TokenMemory({ maxTokens: 1000 });
await big.add(result('c3', 'x'.repeat(50_000)));
console.log(`a 50,000-character tool result counts as ${big.stats().tokensUsed} token(s) of maxTokens 1000`);
const miscounted = big.stats().tokensUsed < 1000;
if (miscounted) console.log('BUG: the estimate ignores tool-result (and tool-call) parts; the memory holds 50,000 characters it says fit in 1000 tokens');
process.exit(orphans.length > 0 || miscounted ? 1 : 0);
