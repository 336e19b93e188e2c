import type { Message } from 'beeai-framework/backend/message';
import { beeai } from './beeaiLibrary.ts';
import { toBeeai, viewOf } from './beeaiMessages.ts';
import { tokensForMessages, TOKEN_BUDGET_RULE } from './messageTokens.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

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
  },
  async create(_model, config) {
    const lib = await beeai();
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
