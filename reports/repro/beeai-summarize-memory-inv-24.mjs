// beeai-framework 0.1.30 SummarizeMemory never shows tool calls or results to its summarizer: add() sends
// `${message.role}: ${message.text}` (memory/summarizeMemory.js), and Message.text joins only text parts
// (backend/message.js), so an AssistantMessage with a tool-call part and a ToolMessage with a tool-result part reach
// the model as "assistant: " and "tool: ". Done work (a refund issued) cannot be in the summary: the agent repeats it.
// Uses only beeai-framework's public API. Exit 1: the bug reproduces; 0: fixed.
//
// beeai-framework imports the Zod 3 API from 'zod' without declaring it; next to Zod 4 it cannot load. These lines
// send its 'zod' imports to 'zod/v3' (zod >= 3.25); in a project whose 'zod' is v3, delete them.
import { register } from 'node:module';
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(s, c, next) { return next(s === 'zod' && String(c.parentURL).includes('/node_modules/beeai-framework/') ? 'zod/v3' : s, c); }`)}`);
const { SummarizeMemory } = await import('beeai-framework/memory/summarizeMemory');
const { ChatModelOutput } = await import('beeai-framework/backend/chat');
const { AssistantMessage, ToolMessage } = await import('beeai-framework/backend/message');

const prompts = [];
const llm = {
  async create({ messages }) {
    prompts.push(messages.map((m) => m.text).join('\n'));
    return new ChatModelOutput([new AssistantMessage('summary')]);
  },
};
const memory = new SummarizeMemory({ llm });
await memory.add(new AssistantMessage([{ type: 'tool-call', toolCallId: 'c1', toolName: 'issue_refund', input: { order: '#1001', request_id: 'req-1' } }]));
await memory.add(new ToolMessage({ type: 'tool-result', toolCallId: 'c1', toolName: 'issue_refund', output: { type: 'text', value: 'OK refund issued txn=TX-9001' } }));
for (const p of prompts) console.log(`--- prompt the summarizer received:\n${p}`);
const seen = prompts.some((p) => p.includes('issue_refund') || p.includes('TX-9001'));
console.log(seen ? 'the call and its result reached the summarizer: fixed' : 'BUG: neither the issue_refund call nor its result (TX-9001) reached the summarizer');
process.exit(seen ? 0 : 1);
