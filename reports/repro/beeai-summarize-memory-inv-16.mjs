// beeai-framework 0.1.30 SummarizeMemory: add() stores `response.getTextContent()` as the summary unchecked, and
// `messages` is [] while the summary is empty (memory/summarizeMemory.js), so one empty model answer wipes the whole
// history the memory held.
// Uses only beeai-framework's public API. Exit 1: the bug reproduces; 0: fixed.
//
// beeai-framework imports the Zod 3 API from 'zod' without declaring it; next to Zod 4 it cannot load. These lines
// send its 'zod' imports to 'zod/v3' (zod >= 3.25); in a project whose 'zod' is v3, delete them.
import { register } from 'node:module';
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(s, c, next) { return next(s === 'zod' && String(c.parentURL).includes('/node_modules/beeai-framework/') ? 'zod/v3' : s, c); }`)}`);
const { SummarizeMemory } = await import('beeai-framework/memory/summarizeMemory');
const { ChatModelOutput } = await import('beeai-framework/backend/chat');
const { AssistantMessage, UserMessage } = await import('beeai-framework/backend/message');

// A chat model (only create() is called) whose answers are scripted: a summary, then an empty answer.
const answers = ['The user asked to refund order #1001 for alice; it is pending.', ''];
const llm = { async create() { return new ChatModelOutput([new AssistantMessage(answers.shift() ?? '')]); } };
const memory = new SummarizeMemory({ llm });
await memory.add(new UserMessage('TASK: refund order #1001 for alice.'));
console.log('after the first message:', JSON.stringify(memory.messages.map((m) => m.text)));
await memory.add(new UserMessage('Also email her the receipt.'));
console.log('after an empty model answer:', JSON.stringify(memory.messages.map((m) => m.text)));
const wiped = memory.messages.length === 0;
console.log(wiped ? 'BUG: the empty answer replaced the summary; the memory now holds nothing of the conversation' : 'the earlier summary survived: fixed');
process.exit(wiped ? 1 : 0);
