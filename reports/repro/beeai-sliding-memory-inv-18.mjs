// beeai-framework 0.1.30 SlidingMemory: the default removalSelector (`messages => [messages[0]]`,
// memory/slidingMemory.js) evicts an AssistantMessage with a tool call while keeping its ToolMessage, so the window
// starts with an orphan tool result, which chat APIs reject.
// Uses only beeai-framework's public API. Exit 1: the bug reproduces; 0: fixed.
//
// beeai-framework imports the Zod 3 API from 'zod' without declaring it; next to Zod 4 it cannot load. These lines
// send its 'zod' imports to 'zod/v3' (zod >= 3.25); in a project whose 'zod' is v3, delete them.
import { register } from 'node:module';
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(s, c, next) { return next(s === 'zod' && String(c.parentURL).includes('/node_modules/beeai-framework/') ? 'zod/v3' : s, c); }`)}`);
const { SlidingMemory } = await import('beeai-framework/memory/slidingMemory');
const { AssistantMessage, ToolMessage, UserMessage } = await import('beeai-framework/backend/message');

const memory = new SlidingMemory({ size: 2 });
await memory.add(new UserMessage('Refund order 1.'));
await memory.add(new AssistantMessage([{ type: 'tool-call', toolCallId: 'c1', toolName: 'issue_refund', input: { order: 1 } }]));
await memory.add(new ToolMessage({ type: 'tool-result', toolCallId: 'c1', toolName: 'issue_refund', output: { type: 'text', value: 'OK refunded' } }));
await memory.add(new UserMessage('Thanks.'));
console.log('SlidingMemory({ size: 2 }).messages:', memory.messages.map((m) => m.role).join(', '));
const orphan = memory.messages[0]?.role === 'tool';
console.log(orphan ? 'BUG: the window starts with the result of c1, whose call was evicted' : 'no orphan tool result: fixed');
process.exit(orphan ? 1 : 0);
