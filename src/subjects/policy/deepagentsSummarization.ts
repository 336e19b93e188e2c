import { AIMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { InMemoryStore } from '@langchain/langgraph';
import { createSummarizationMiddleware, StoreBackend } from 'deepagents';
import { FakeLangChainModel, fromLangChain, toLangChain } from './langchainMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';
import { createTodoState } from './langchainTodos.ts';

type Event = { cutoffIndex: number; filePath: string | null; summaryMessage: BaseMessage };
type State = { messages: BaseMessage[]; _summarizationEvent?: Event; _summarizationSessionId?: string };
type Request = { messages: BaseMessage[]; state: State; model: FakeLangChainModel; systemMessage?: SystemMessage; tools: never[] };
type WrapModelCall = (request: Request, handler: (request: Request) => Promise<AIMessage>) => Promise<unknown>;

/**
 * deepagents' createSummarizationMiddleware with an in-memory StoreBackend, driven as a deep agent drives it:
 * `wrapModelCall` gets the (append-only) state; it offloads old messages to a backend file, hands the model
 * a summary plus recent messages, and returns a Command whose update records the summarization event.
 */
export const deepagentsSummarizationAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'deepagents-summarization',
  version: packageVersion('deepagents'),
  description: 'deepagents createSummarizationMiddleware (wrapModelCall) with StoreBackend over an InMemoryStore',
  package: 'deepagents',
  invariants: POLICY_CHECKABLE,
  notes: {
    'INV-17': 'Deliberate design: old user messages, the task included, are folded into the summary the model sees; the originals stay in state.messages and in the offloaded file (so INV-01 and INV-03 pass), but the model reads only the summary\'s version.',
    'INV-22': 'Bug: the summary message carries a fixed preamble (the history file, how to read it) and is inserted however small the span it replaces, so small compactions grow the context; and when the kept tail plus the summary still meets the trigger, the next model call runs the summarizer again with nothing new to summarize (a compaction loop, one summarizer call per model call). reports/repro/deepagents-summarization-inv-22.mjs.',
    'INV-23': "Deliberate design: summary messages are HumanMessages (additional_kwargs.lc_source = 'summarization'), so tool output the summary quotes reaches the model in the user role.",
    'INV-30': "Deliberate design: createSummarizationMiddleware inserts the model's answer verbatim inside its summary HumanMessage (buildSummaryMessage: `<summary>${summary}</summary>`, dist/langsmith-*.js) with no check of what it says; the default prompt asks for topics, decisions and 'context needed for continuing' and says nothing of cancelled or unapproved instructions, so a summary that revives one, or adds 'continue without asking', reaches the model in the user role.",
    'INV-31': "Deliberate design: buildSummaryMessage puts the model's answer verbatim between <summary> tags in a HumanMessage (dist/langsmith-*.js) without checking it; the default prompt asks for topics, decisions and context, so an invented user instruction or a claim that unfinished work was done reaches the model in the user role.",
    'INV-36': 'Not observable: the summarization middleware keeps no read cache or snapshot that says what the model holds (the offloaded history file is a record, not a claim about the context).',
    'INV-38': "Bug: wrapModelCall reports a summary by the Command it returns, a new _summarizationEvent (dist/langsmith-*.js, createSummarizationMiddleware → performSummarization), and checks neither what lies before the cutoff nor what the new event changes: once its summary message plus the kept tail meets the trigger, it summarizes its previous summary alone (the INV-22 loop) and records a new event with the same cutoff (previousCutoffIndex + 1 - 1), a compaction and a summarizer call, though with a deterministic summarizer (the same facts, the same summary) the model is handed exactly the messages it was handed before. reports/repro/deepagents-summarization-inv-38.mjs.",
    'INV-32': "Deliberate design: only the agent's own system prompt stays outside state.messages; a system message in state.messages (an attached AGENTS.md) is summarized with the rest (the full text goes to the offloaded history file, which the model can open) and nothing re-attaches it to the list.",
    'INV-34': "Deliberate design: createSummarizationMiddleware offloads the summarized messages as getBufferString text (text blocks only) and replaces them with its summary HumanMessage; an image or file part goes with its message and the list names it nowhere.",
    'INV-35': "Deliberate design: the model's answer goes verbatim into the summary HumanMessage (buildSummaryMessage, `<summary>${summary}</summary>`); there is no notion of sensitive output or redaction, so credentials a summarizer copies reach the list. The offloaded history file holds the original output, an archive, which INV-35 allows.",
  },
  // wrapModelCall runs inside the model node and returns a Command applied after it; nothing else writes the
  // agent state while it awaits the summarizer (INV-37).
  asynchronousPrune: false,
  create(model, config) {
    const chatModel = new FakeLangChainModel(model);
    const backend = new StoreBackend({ store: new InMemoryStore(), namespace: ['prunecheck'] });
    const middleware = createSummarizationMiddleware({
      model: chatModel,
      backend,
      trigger: { type: 'messages', value: config.triggerMessages },
      keep: { type: 'messages', value: config.keepMessages },
    } as never);
    const wrapModelCall = middleware.wrapModelCall as unknown as WrapModelCall;
    // A fixed session id (deepagents otherwise draws one at random) keeps offload paths, and so reports, stable.
    let state: State = { messages: [], _summarizationSessionId: 'session_prunecheck' };
    let system: SystemMessage | undefined;
    let view: PolicyMessage[] = [];
    let previousEvent: State['_summarizationEvent'];
    // A deep agent keeps its todo list (todoListMiddleware) in agent state, outside state.messages.
    const todoState = createTodoState();
    return {
      async step(incoming) {
        await todoState.apply(incoming);
        const added: BaseMessage[] = [];
        for (const m of incoming.map(toLangChain)) {
          // A deep agent keeps its system prompt (the leading system message) outside state.messages; a later
          // system message (an attached AGENTS.md, INV-32) is one of the messages.
          if (SystemMessage.isInstance(m) && system === undefined && state.messages.length === 0 && added.length === 0) system = m;
          else added.push(m);
        }
        state = { ...state, messages: [...state.messages, ...added] };
        let seen: BaseMessage[] = [];
        let threw: string | undefined;
        try {
          const request: Request = { messages: state.messages, state, model: chatModel, tools: [], ...(system === undefined ? {} : { systemMessage: system }) };
          const result = await wrapModelCall(request, async (r) => {
            seen = r.messages;
            return new AIMessage('model answer');
          });
          const update = (result as { update?: Partial<State> }).update;
          if (update !== undefined) state = { ...state, ...update };
          view = [...(system === undefined ? [] : [fromLangChain(system)]), ...seen.map((m) => withProvenance(m, state))];
        } catch (error: unknown) {
          threw = error instanceof Error ? error.message : String(error);
          view = [...view, ...incoming]; // the model call failed; nothing was applied
        }
        const event = state._summarizationEvent;
        // INV-38: its report is the summarization event its Command records; a new one says it compacted.
        const compacted = event !== undefined && event !== previousEvent;
        previousEvent = event;
        const offloaded = event?.filePath ? [{ path: event.filePath, text: await readText(backend, event.filePath) }] : [];
        return {
          view,
          record: {
            retained: state.messages.map(fromLangChain), // deepagents never rewrites state.messages
            offloaded,
            metadata: event === undefined ? {} : { cutoffIndex: event.cutoffIndex, filePath: event.filePath },
          },
          state: { todos: todoState.todos },
          outcome: { compacted },
          ...(threw === undefined ? {} : { threw }),
        };
      },
    };
  },
};

/** The summary message stands in for state.messages before the event's cutoff, as the event records. */
function withProvenance(m: BaseMessage, state: State): PolicyMessage {
  const message = fromLangChain(m);
  const event = state._summarizationEvent;
  if (event === undefined || m !== event.summaryMessage) return message;
  return { ...message, replaces: state.messages.slice(0, event.cutoffIndex).flatMap((s) => (typeof s.id === 'string' ? [s.id] : [])) };
}

async function readText(backend: StoreBackend, path: string): Promise<string> {
  const read = (await backend.read(path)) as unknown;
  if (typeof read === 'string') return read;
  const content = (read as { content?: unknown }).content;
  return typeof content === 'string' ? content : JSON.stringify(read);
}

export default deepagentsSummarizationAdapter;
