import type { Message } from 'beeai-framework/backend/message';
import { beeai } from './beeaiLibrary.ts';
import { toBeeai, viewOf } from './beeaiMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

// Imported with the module, not in create(): loading beeai-framework (about 90 packages) takes seconds, and a
// check times each step from create() on.
const lib = await beeai();

/**
 * beeai-framework's SlidingMemory (`size` messages, the default removalSelector: the oldest first). A sliding
 * window has no separate trigger: `size` is keepMessages, what it keeps. The view is `memory.messages`.
 */
export const beeaiSlidingMemoryAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'beeai-sliding-memory',
  version: packageVersion('beeai-framework'),
  description: 'beeai-framework SlidingMemory (size = keepMessages, default removalSelector)',
  package: 'beeai-framework',
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-16' && id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-16': 'Not applicable: SlidingMemory calls no model.',
    'INV-21': 'Not applicable: beeai-framework messages have no reasoning part (AssistantMessage holds text, tool-call and file parts), so the adapter cannot hand the library a reasoning item to keep.',
    'INV-26': 'Not applicable: SlidingMemory keeps messages only; it has no todo list or sub-agent handles.',
    'INV-01': 'Deliberate design: SlidingMemory is a window of `size` messages: add() splices out what removalSelector picks, the oldest by default (memory/slidingMemory.js) and keeps no copy of them.',
    'INV-03': 'Deliberate design: evicted messages are neither marked nor kept; see INV-01.',
    'INV-09': 'Deliberate design: request ids leave with the evicted tool calls; see INV-01.',
    'INV-17': 'Deliberate design: the oldest message leaves first, and the task is the oldest; SlidingMemory keeps no copy (see INV-01).',
    'INV-18': 'Bug: the default removalSelector is `messages => [messages[0]]` (memory/slidingMemory.js constructor), whatever that message is, so an AssistantMessage with tool calls leaves the window while its ToolMessage stays: the window starts with an orphan tool result, which chat APIs reject. reports/repro/beeai-sliding-memory-inv-18.mjs.',
    'INV-19': "Deliberate design: removal takes messages[0] whatever its role; beeai's agents keep their system prompt outside this memory (ToolCallingAgent.run renders a SystemMessage into its own run memory and saves `messages.slice(1)`), so a SystemMessage a user puts in SlidingMemory is evicted like any other message.",
    'INV-25': 'Deliberate design: evicted calls are kept nowhere (see INV-01), so a repeat the window no longer shows cannot be refused by its arguments.',
    'INV-32': 'Deliberate design: a standing instruction attached as a message is evicted like any other when it is the oldest (see INV-19); the memory re-injects nothing.',
    'INV-20': "Deliberate design: SlidingMemory keeps the last `size` messages whatever they are (memory/slidingMemory.js add: `this.messages.length + 1 > size` \u2192 removalSelector), so a tool result the model has not read leaves like any other once newer messages arrive; beeai agents write to the user memory only after a run ends (ToolCallingAgent.run: `this.memory.addMany(...)` after its loop), when every result has been read.",
    'INV-22': "Deliberate design: SlidingMemory bounds the number of messages, not their size (memory/slidingMemory.js add: `this.messages.length + 1 > size`), so it evicts the oldest message to make room even when that message is empty, and the list gets no smaller.",
    'INV-33': "Deliberate design: removal takes messages[0] whatever its role (memory/slidingMemory.js constructor, default removalSelector `messages => [messages[0]]`), so once the oldest user message leaves, the window opens with an assistant turn, which Gemini rejects; the memory keeps no turn order (see INV-19) and leaves another order to a custom removalSelector.",
    'INV-34': "Deliberate design: SlidingMemory drops whole messages and keeps no copy (see INV-01), an image or file part with the user message that carries it (the adapter gives the parts to the library as the UserMessage image and file parts), and writes no marker.",
  },
  create(_model, config) {
    const memory = new lib.SlidingMemory({ size: config.keepMessages });
    const added = new WeakMap<Message, PolicyMessage>();
    return {
      async step(incoming) {
        for (const m of incoming) {
          const message = toBeeai(lib, m);
          added.set(message, m);
          await memory.add(message);
        }
        return { view: viewOf(memory.messages, added), record: { retained: [], offloaded: [], metadata: { size: config.keepMessages } } };
      },
    };
  },
};

export default beeaiSlidingMemoryAdapter;
