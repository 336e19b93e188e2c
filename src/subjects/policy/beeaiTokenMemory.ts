import type { Message } from 'beeai-framework/backend/message';
import { beeai } from './beeaiLibrary.ts';
import { toBeeai, viewOf } from './beeaiMessages.ts';
import { tokensForMessages, TOKEN_BUDGET_RULE } from './messageTokens.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

// Imported with the module, not in create(): loading beeai-framework (about 90 packages) takes seconds, and a
// check times each step from create() on.
const lib = await beeai();

/**
 * beeai-framework's TokenMemory with its own token estimate (`estimate`, then `tokenize` once it syncs) and its
 * default removal (the oldest message first), `maxTokens` the keep budget. Every message of a step is added with
 * `add`, as an agent saves its run into memory; the view is `memory.messages`.
 */
export const beeaiTokenMemoryAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'beeai-token-memory',
  version: packageVersion('beeai-framework'),
  description: `beeai-framework TokenMemory (default estimate and tokenize, default removalSelector; maxTokens = keepMessages; ${TOKEN_BUDGET_RULE})`,
  package: 'beeai-framework',
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-16' && id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-16': 'Not applicable: TokenMemory calls no model.',
    'INV-21': 'Not applicable: beeai-framework messages have no reasoning part (AssistantMessage holds text, tool-call and file parts), so the adapter cannot hand the library a reasoning item to keep.',
    'INV-26': 'Not applicable: TokenMemory keeps messages only; it has no todo list or sub-agent handles.',
    'INV-01': 'Deliberate design: TokenMemory is a bounded window: add() deletes the oldest messages until the new one fits maxTokens (memory/tokenMemory.js, add → delete → removeFromArray) and keeps no copy of them.',
    'INV-03': 'Deliberate design: evicted messages are neither marked nor kept; see INV-01.',
    'INV-09': 'Deliberate design: request ids leave with the evicted tool calls; see INV-01.',
    'INV-17': 'Deliberate design: the oldest message leaves first, and the task is the oldest; TokenMemory keeps no copy (see INV-01).',
    'INV-18': 'Bug: the default removalSelector is `messages => messages[0]` (memory/tokenMemory.js constructor), whatever that message is, so an AssistantMessage with tool calls is evicted while its ToolMessage stays and the next request starts with an orphan tool result, which chat APIs reject. Its default estimate also counts only `msg.text`, which joins text parts only (backend/message.js), so tool calls and results cost 1 token each: a 50,000-character tool output counts as 1 token and never makes room for itself. reports/repro/beeai-token-memory-inv-18.mjs.',
    'INV-19': "Deliberate design: removal takes messages[0] whatever its role; beeai's agents keep their system prompt outside this memory (ToolCallingAgent.run renders a SystemMessage into its own run memory and saves `messages.slice(1)`), so a SystemMessage a user puts in TokenMemory is evicted like any other message.",
    'INV-25': 'Deliberate design: evicted calls are kept nowhere (see INV-01), so a repeat the window no longer shows cannot be refused by its arguments.',
    'INV-32': 'Deliberate design: a standing instruction attached as a message is evicted like any other when it is the oldest (see INV-19); the memory re-injects nothing.',
    'INV-33': "Deliberate design: removal takes messages[0] whatever its role (memory/tokenMemory.js constructor, default removalSelector `messages => messages[0]`), so once the oldest user message leaves, the window opens with an assistant turn, which Gemini rejects; the memory keeps no turn order (see INV-19) and leaves another order to a custom removalSelector.",
    'INV-34': "Deliberate design: TokenMemory drops whole messages and keeps no copy (see INV-01), an image or file part with the user message that carries it (the adapter gives the parts to the library as the UserMessage image and file parts), and writes no marker. On this finding the message never entered: add() throws MemoryFatalError when one message estimate is over maxTokens (memory/tokenMemory.js add), and the agent run ends with the part kept nowhere.",
  },
  create(_model, config) {
    const memory = new lib.TokenMemory({ maxTokens: tokensForMessages(config.keepMessages) });
    const added = new WeakMap<Message, PolicyMessage>();
    return {
      async step(incoming) {
        let threw: string | undefined;
        for (const m of incoming) {
          const message = toBeeai(lib, m);
          added.set(message, m);
          try {
            await memory.add(message);
          } catch (error: unknown) {
            // MemoryFatalError: one message over maxTokens. The agent's run ends there; the next step goes on.
            threw ??= error instanceof Error ? error.message : String(error);
          }
        }
        return {
          view: viewOf(memory.messages, added),
          record: { retained: [], offloaded: [], metadata: { ...memory.stats() } },
          ...(threw === undefined ? {} : { threw }),
        };
      },
    };
  },
};

export default beeaiTokenMemoryAdapter;
