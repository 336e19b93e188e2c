import { trimMessages, type BaseMessage } from '@langchain/core/messages';
import { fromLangChain, toLangChain } from './langchainMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

/**
 * @langchain/core's trimMessages with the options its documentation recommends for chat history (keep the
 * last messages, keep the system message, start on a human message), counting one token per message. Its
 * output becomes the history, as when a pre-model hook writes it back.
 */
export const langchainTrimMessagesAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'langchain-trim-messages',
  version: packageVersion('@langchain/core'),
  description: '@langchain/core trimMessages (strategy "last", includeSystem, startOn "human")',
  package: '@langchain/core',
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-16' && id !== 'INV-26'),
  notes: {
    'INV-16': 'Not applicable: trimMessages calls no model.',
    'INV-26': 'Not applicable: trimMessages is a function over messages and keeps no agent state.',
    'INV-01': 'Deliberate design: trimMessages is a pure function that returns a subset; keeping the full history (for example as LangGraph llmInputMessages) is the caller\'s job.',
    'INV-03': 'Deliberate design: trimmed messages are neither marked nor kept; see INV-01.',
    'INV-09': 'Deliberate design: request ids leave with the trimmed messages; see INV-01.',
    'INV-19': 'Not a design choice: with includeSystem and startOn "human", when no human message fits in maxTokens, trimMessages returns [undefined] (its _lastMaxTokens indexes an empty list), so the system message is lost and the caller receives an undefined entry. The adapter drops such entries and counts them in record.metadata.undefinedEntries. reports/repro/langchain-trim-messages-inv-19.mjs.',
    'INV-20': 'Not a design choice: the shrunk counterexample is the INV-19 bug, the window with no human message trimmed to [undefined], which empties the list, results of the turn in progress included. reports/repro/langchain-trim-messages-inv-19.mjs.',
    'INV-25': 'Deliberate design: trimmed calls leave with their results and no copy is kept (see INV-01); the shrunk counterexample is the INV-19 bug emptying the list.',
    'INV-17': 'Deliberate design: with strategy "last" the oldest messages, the task included, are trimmed first, and trimMessages keeps no copy (see INV-01).',
    'INV-36': 'Not observable: trimMessages keeps no state outside the list.',
    'INV-38': 'Not observable: trimMessages returns only the trimmed messages; it reports nothing about what it dropped.',
    'INV-32': "Deliberate design: `includeSystem` keeps only a leading SystemMessage (messages/transformers.js); a system message later in the history (an attached AGENTS.md) is trimmed like any other old message, and trimMessages keeps no copy.",
    'INV-33': "Deliberate design: with `startOn: 'human'` trimMessages drops every message before the first human message of the kept window (_firstMaxTokens: `while (idx > 0 && !_isMessageType(messagesCopy[idx - 1], endOnArr)) idx -= 1`, messages/transformers.js), so when the last maxTokens hold no human message the result is an empty list, which no provider accepts as a request's history; the caller must make a human message fit.",
    'INV-34': 'Deliberate design: trimMessages drops whole messages (see INV-01), an image or file part with the user message that carries it, and writes no marker.',
  },
  // A function over the list it is given (its await is only the token counter): the caller owns the list (INV-37).
  asynchronousPrune: false,
  create(_model, config) {
    let history: BaseMessage[] = [];
    let undefinedEntries = 0;
    return {
      async step(incoming) {
        history = [...history, ...incoming.map(toLangChain)];
        if (history.length >= config.triggerMessages) {
          const trimmed: (BaseMessage | undefined)[] = await trimMessages(history, {
            maxTokens: config.keepMessages + 1,
            strategy: 'last',
            tokenCounter: (messages: BaseMessage[]) => messages.length,
            includeSystem: true,
            startOn: 'human',
          });
          // 1.4.0 answers [undefined] when no human message fits: count such entries rather than crash on them.
          undefinedEntries += trimmed.filter((m) => m === undefined).length;
          history = trimmed.filter((m): m is BaseMessage => m !== undefined);
        }
        return { view: history.map(fromLangChain), record: { retained: [], offloaded: [], metadata: { undefinedEntries } } };
      },
    };
  },
};

export default langchainTrimMessagesAdapter;
