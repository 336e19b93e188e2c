import type { BaseMessage } from '@langchain/core/messages';
import { messagesStateReducer } from '@langchain/langgraph';
import { summarizationMiddleware } from 'langchain';
import { FakeLangChainModel, fromLangChain, toLangChain } from './langchainMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';
import { createTodoState } from './langchainTodos.ts';

type BeforeModel = (state: { messages: BaseMessage[] }, runtime: { context: object }) => Promise<{ messages?: BaseMessage[] } | undefined>;

/**
 * langchain's summarizationMiddleware, driven as createAgent drives it: its `beforeModel` hook runs on the
 * agent state before each model call, and the update it returns is applied with LangGraph's messages reducer.
 */
export const langchainSummarizationAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'langchain-summarization',
  version: packageVersion('langchain'),
  description: 'langchain summarizationMiddleware (beforeModel hook, messagesStateReducer applied)',
  package: 'langchain',
  invariants: POLICY_CHECKABLE,
  notes: {
    'INV-01': 'Deliberate design: the middleware replaces old messages with a summary (RemoveMessage(REMOVE_ALL)) and keeps no copy; only an earlier LangGraph checkpoint, if you keep one, still has them.',
    'INV-03': 'Deliberate design: replacing history with a summary is the feature; the summary does not say which messages it replaced.',
    'INV-17': 'Deliberate design: old user messages, the task included, are folded into the summary; they survive only as far as the summarizer quotes them.',
    'INV-19': 'Bug: splitSystemMessage() takes a leading SystemMessage aside, then partitionMessages() unshifts it into messagesToSummarize, and the update [RemoveMessage(REMOVE_ALL_MESSAGES), summary, ...preservedMessages] never puts it back (agents/middleware/summarization.js): a SystemMessage in state.messages is deleted by the first summary. createAgent\'s own `systemPrompt` lives outside the state and is unaffected. reports/repro/langchain-summarization-inv-19.mjs.',
    'INV-04': 'Deliberate design: the summary HumanMessage is given the id of the first message it replaces (`id: conversationMessages[0].id`, agents/middleware/summarization.js), so after a prune that id names the summary.',
    'INV-05': "Deliberate design: the summary HumanMessage carries only `additional_kwargs.lc_source = 'summarization'`; it names no messages it replaces.",
    'INV-09': 'Deliberate design: request ids of summarized calls survive only as far as the summary quotes them; no copy of the calls is kept (see INV-01).',
    'INV-16': 'Bug: when the summary model call fails, createSummary() catches the error and returns `Error generating summary: ${e}` as the summary (agents/middleware/summarization.js); the middleware then removes every summarized message and inserts that text in their place, so a model outage deletes the history it was asked to summarize (an empty answer is inserted the same way). reports/repro/langchain-summarization-inv-16.mjs.',
    'INV-22': 'Bug: the middleware never checks that its summary is smaller than what it replaces, and it counts its own summary against the trigger: when the AI/tool group it must keep whole plus the summary still meets the trigger, every later model call summarizes the previous summary again (a compaction loop). reports/repro/langchain-summarization-inv-22.mjs.',
    'INV-23': 'Deliberate design: the summary is inserted as a HumanMessage (langchain-ai/langchain#33856), so tool output it quotes reaches the model in the user role.',
    'INV-30': "Deliberate design: summarizationMiddleware inserts `${summaryPrefix}\\n\\n${summary}` as a HumanMessage (agents/middleware/summarization.js) with the model's text unchecked; DEFAULT_SUMMARY_PROMPT asks only for 'the most important context' (and that completed actions not be repeated), never that cancelled or unapproved instructions stay so, so a revived plan or a 'continue without asking' line reaches the model as the user's words.",
    'INV-24': 'Deliberate design: what was done before the cut survives only as far as the summarizer writes it (see INV-03); nothing checks that completed calls are still named.',
    'INV-25': 'Deliberate design: no copy of the summarized calls is kept (see INV-01), so a repeat the summary no longer shows cannot be refused by its arguments.',
    'INV-31': "Deliberate design: the model's summary goes into the HumanMessage verbatim (`${summaryPrefix}\\n\\n${summary}`, agents/middleware/summarization.js) and nothing checks what it attributes to the user or calls done; the default prompt only asks for 'the most important context', so an invented user instruction or a claim that unfinished work was done reaches the model as the user's words.",
    'INV-32': "Deliberate design: splitSystemMessage sets aside only a leading SystemMessage (agents/middleware/summarization.js; that one is deleted too, see INV-19); a system message later in state.messages (an attached AGENTS.md) is summarized with everything before the cutoff and nothing re-attaches it, so it survives only as far as the summary quotes it.",
    'INV-34': 'Deliberate design: summarizationMiddleware replaces every message before the cutoff with one HumanMessage, `${summaryPrefix}\\n\\n${summary}` (agents/middleware/summarization.js), and renders them for the model with getBufferString, which keeps text blocks only; an image or file part of a summarized user message goes with it and nothing in the list names it.',
    'INV-35': "Deliberate design: the model's summary is inserted verbatim (agents/middleware/summarization.js: `${summaryPrefix}\\n\\n${summary}`); the middleware has no notion of sensitive tool output and no redaction hook, so credentials a summarizer copies reach the list (and every later summary that summarizes this one).",
    'INV-36': 'Not observable: summarizationMiddleware keeps no state outside state.messages that says what the model holds.',
    'INV-38': "Bug: beforeModel reports a summary by returning [RemoveMessage(REMOVE_ALL_MESSAGES), summary, ...preservedMessages] (agents/middleware/summarization.js, summarizationMiddleware → beforeModel) and checks neither what lies before the cutoff nor what its update changes: once its own summary plus the kept AI/tool group meets the trigger, it summarizes its previous summary alone (the INV-22 loop) and returns that update, a compaction and a summarizer call, though a deterministic summarizer's answer (the same facts, the same summary) under the same id (`id: conversationMessages[0].id`) leaves state.messages exactly as it was. reports/repro/langchain-summarization-inv-38.mjs.",
  },
  // beforeModel returns a state update that LangGraph's reducer applies when the hook has returned; createAgent runs
  // the hook as its own node, so nothing else writes state.messages while it awaits the summarizer (INV-37).
  asynchronousPrune: false,
  create(model, config) {
    const options = {
      model: new FakeLangChainModel(model),
      trigger: { messages: config.triggerMessages },
      keep: { messages: config.keepMessages },
    };
    // The declared option type collapses to `never` under this zod's typings; the options are the documented ones.
    const middleware = summarizationMiddleware(options as never);
    const beforeModel = middleware.beforeModel as BeforeModel;
    let state: { messages: BaseMessage[] } = { messages: [] };
    // createAgent with todoListMiddleware keeps the todo list in agent state, next to the messages.
    const todoState = createTodoState();
    return {
      async step(incoming) {
        await todoState.apply(incoming);
        state = { messages: [...state.messages, ...incoming.map(toLangChain)] };
        let threw: string | undefined;
        // INV-38: the hook's report is its return value: an update with messages says it compacted, none that it did not.
        let compacted = false;
        try {
          // runtime.context must exist: the hook reads runtime.context.summaryPrefix.
          const update = await beforeModel(state, { context: {} });
          compacted = update?.messages !== undefined;
          if (update?.messages !== undefined) state = { messages: messagesStateReducer(state.messages, update.messages) };
        } catch (error: unknown) {
          threw = error instanceof Error ? error.message : String(error);
        }
        return {
          view: state.messages.map(fromLangChain),
          record: { retained: [], offloaded: [], metadata: {} },
          state: { todos: todoState.todos },
          outcome: { compacted },
          ...(threw === undefined ? {} : { threw }),
        };
      },
    };
  },
};

export default langchainSummarizationAdapter;
