import type { Message } from 'beeai-framework/backend/message';
import { beeai } from './beeaiLibrary.ts';
import { toBeeai, viewOf } from './beeaiMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

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
  },
  async create(_model, config) {
    const lib = await beeai();
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
