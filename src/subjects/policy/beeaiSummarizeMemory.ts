import type { Message } from 'beeai-framework/backend/message';
import { beeai } from './beeaiLibrary.ts';
import { beeaiChatModel, toBeeai, viewOf } from './beeaiMessages.ts';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

// Imported with the module, not in create(): loading beeai-framework (about 90 packages) takes seconds, and a
// check times each step from create() on.
const lib = await beeai();

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
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-20' && id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-21': 'Not applicable: beeai-framework messages have no reasoning part (AssistantMessage holds text, tool-call and file parts), so the adapter cannot hand the library a reasoning item to keep.',
    'INV-26': 'Not applicable: SummarizeMemory keeps one summary string; it has no todo list or sub-agent handles.',
    'INV-20': "Not applicable: beeai's agents write to the user's memory only after a run ends (ToolCallingAgent.run: `this.memory.addMany(...)` after its loop; ReActAgent adds the prompt and the final answer), when every call has its result and the model has read it; SummarizeMemory never holds a call in flight or an unread result.",
    'INV-01': 'Deliberate design: SummarizeMemory keeps one summary string; every message is folded into it on add() and no copy is kept (memory/summarizeMemory.js).',
    'INV-03': 'Deliberate design: messages survive only as far as the summary states them; see INV-01.',
    'INV-05': 'Deliberate design: the summary is one AssistantMessage built from the summary text alone, naming no messages it replaces.',
    'INV-09': 'Deliberate design: request ids survive only as far as the summary quotes them; see INV-01 (and INV-24: the summarizer never sees tool-call arguments).',
    'INV-16': "Bug: add() stores `response.getTextContent()` as the summary unchecked and `messages` is [] while the summary is empty (memory/summarizeMemory.js), so one empty answer wipes the whole history the memory held; a model error propagates out of add() and the message being added is kept nowhere. reports/repro/beeai-summarize-memory-inv-16.mjs.",
    'INV-17': 'Deliberate design: user statements, the task included, survive only as far as the summarizer writes them; see INV-01.',
    'INV-19': "Deliberate design: `messages` is only the summary (an AssistantMessage); beeai's agents keep their system prompt outside the memory (ToolCallingAgent.run), so a SystemMessage added to it is summarized like any other message.",
    'INV-22': 'Deliberate design: SummarizeMemory takes no budget and summarizes on every add() whatever the size (memory/summarizeMemory.js), so the summary of a few short messages can be longer than they were; nothing bounds it.',
    'INV-24': "Bug: the summarizer never sees a tool call or its result: add() sends `${message.role}: ${message.text}` (memory/summarizeMemory.js) and Message.text joins only text parts (backend/message.js), so an AssistantMessage with a tool-call part and a ToolMessage reach the model as 'assistant: ' and 'tool: '. Done work cannot be in the summary, and reads as not done. reports/repro/beeai-summarize-memory-inv-24.mjs.",
    'INV-25': 'Bug: the same cause as INV-24: the summarizer is never shown a call or its result, so the summary cannot say a side effect was done, and the agent issues it again; no copy of the arguments is kept. reports/repro/beeai-summarize-memory-inv-24.mjs.',
    'INV-30': "Deliberate design: the model's answer becomes the summary verbatim (memory/summarizeMemory.js add), and the default template asks only to 'progressively summarize', so a summary that revives a cancelled instruction or adds 'continue without asking' reaches the model unchecked.",
    'INV-31': "Deliberate design: the model's answer becomes the summary verbatim (see INV-30), so words it attributes to the user or a claim that unfinished work was done reach the model unchecked.",
    'INV-32': 'Deliberate design: a standing instruction attached as a message is folded into the summary like any other message; it survives only as far as the summary quotes it.',
    'INV-33': "Deliberate design: `messages` is the summary as one AssistantMessage (memory/summarizeMemory.js, get messages: `[new AssistantMessage(currentSummary)]`), so the history the memory returns opens with a model turn, which Gemini rejects; ToolCallingAgent.run puts the memory messages right after its SystemMessage and before the task UserMessage (agents/toolCalling/agent.js), so its own requests open with that assistant turn too.",
    'INV-34': "Deliberate design: add() sends the summarizer `${message.role}: ${message.text}` (memory/summarizeMemory.js) and Message.text joins text parts only (backend/message.js, text getter \u2192 getTexts), so an image or file part of a user message (the adapter gives the parts to the library as the UserMessage image and file parts) never reaches the summarizer; the message is folded into the summary text and the part is gone, named nowhere (see INV-01).",
  },
  create(model, _config) {
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
