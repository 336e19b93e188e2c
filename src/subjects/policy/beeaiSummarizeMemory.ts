import type { Message } from 'beeai-framework/backend/message';
import { beeai } from './beeaiLibrary.ts';
import { beeaiChatModel, toBeeai, viewOf } from './beeaiMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

/**
 * beeai-framework's SummarizeMemory: every `add` asks the model for a new summary of the previous summary and the
 * one new message, and `messages` is that summary as one AssistantMessage (none while it is empty). It takes no
 * budget: it summarizes on every message, whatever PolicyConfig says.
 */
export const beeaiSummarizeMemoryAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'beeai-summarize-memory',
  version: packageVersion('beeai-framework'),
  description: 'beeai-framework SummarizeMemory (the default template; summarizes on every add, no budget)',
  package: 'beeai-framework',
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-21': 'Not applicable: beeai-framework messages have no reasoning part (AssistantMessage holds text, tool-call and file parts), so the adapter cannot hand the library a reasoning item to keep.',
    'INV-26': 'Not applicable: SummarizeMemory keeps one summary string; it has no todo list or sub-agent handles.',
  },
  async create(model, _config) {
    const lib = await beeai();
    const memory = new lib.SummarizeMemory({ llm: beeaiChatModel(lib, model) as never });
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
            // The model call failed: add() rethrows and the summary is unchanged. An agent's run ends here.
            threw = error instanceof Error ? error.message : String(error);
            break;
          }
        }
        return {
          view: viewOf(memory.messages, added),
          record: { retained: [], offloaded: [], metadata: { summaryChars: memory.messages[0]?.text.length ?? 0 } },
          ...(threw === undefined ? {} : { threw }),
        };
      },
    };
  },
};

export default beeaiSummarizeMemoryAdapter;
