import { createMemory, factExtractionBlock } from '@llamaindex/core/memory';
import type { ChatMessage, LLM } from '@llamaindex/core/llms';
import { packageVersion } from './packageVersion.ts';
import type { FakeChatModel, PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyAttachment, PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { fromLlamaDetails, toLlamaDetails } from './attachmentParts.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';

type Options = { toolCall?: { id: string; name: string; input: unknown }[]; toolResult?: { id: string; result: string; isError: boolean } };
type Stored = ChatMessage<Options> & { id?: string };

/**
 * @llamaindex/core's Memory with a fact-extraction block (deprecated on npm, still published): every `add`
 * may move old messages into long-term memory; `getLLM()` is what the model sees; `snapshot()` keeps every
 * message with its id.
 */
export const llamaindexMemoryAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'llamaindex-memory',
  version: packageVersion('@llamaindex/core', '@llamaindex/core/memory'),
  description: '@llamaindex/core Memory (createMemory + factExtractionBlock; getLLM view, snapshot record; the package is deprecated on npm)',
  package: '@llamaindex/core',
  // ChatMessage has no reasoning part: a reasoning item cannot reach the library (INV-21).
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-21' && id !== 'INV-26'),
  notes: {
    'INV-26': 'Not applicable: Memory keeps messages and memory blocks; it has no todo list or sub-agent handles.',
    'INV-22': 'Bug: the fact-extraction block puts the full text of every message it takes into one prompt, unbounded: a long tool output makes the request larger than the model\'s window, the extraction fails (only a warning is logged), and the messages leave the view with no fact kept (earendil-works/pi#8196 is the same unbounded request). reports/repro/llamaindex-memory-inv-22.mjs.',
    'INV-20': 'Bug: past its short-term limit, Memory moves every unprocessed message into long-term memory, the results of the turn in progress included, so the model gets a fact block instead of the results it asked for (Memory.manageMemoryBlocks moves the cursor past every unprocessed message). reports/repro/llamaindex-memory-inv-20.mjs.',
    'INV-05': "Deliberate design: getLLM() puts the memory blocks' content first as 'memory' messages (an empty one while no fact is extracted), naming no messages they stand for.",
    'INV-17': 'Deliberate design: past its short-term limit Memory moves the oldest messages, the task included, out of the view into the memory blocks; they come back only as the facts extracted from them (none when the extraction answers empty or fails), while snapshot() keeps every message.',
    'INV-18': 'Bug: getLLM() fills its short-term window from the newest message backwards and stops at the first one that does not fit (memory/dist/index.js, Memory.getLLM), with no regard for tool calls and results, so the window can keep a tool result whose assistant tool call did not fit: an orphan tool result, which chat APIs reject. reports/repro/llamaindex-memory-inv-18.mjs.',
    'INV-19': "Deliberate design: getLLM() orders its result [fixed blocks, long-term blocks, short-term messages] (its own comment, memory/dist/index.js), so memory blocks go before a system message kept in memory; a system prompt given outside memory, as LlamaIndex agents take it, is unaffected.",
    'INV-23': "Deliberate design: memory blocks come back with role 'memory', which @llamaindex/core's own Vercel adapter sends as `system` (the adapter maps it to user); facts extracted from tool output then speak with that authority.",
    'INV-30': "Deliberate design: FactExtractionMemoryBlock.put pushes the LLM's extracted `facts` verbatim (only the JSON shape is validated, memory/dist/index.js) and get() returns them as one 'memory' message, so a 'fact' that revives a cancelled instruction or says 'continue without asking' is read by the model with the memory block's authority.",
    'INV-24': 'Deliberate design: moved messages survive only as the facts the LLM extracts from them; nothing keeps completed calls named.',
    'INV-21': 'Not applicable: @llamaindex/core ChatMessage has no reasoning or thinking part, so the adapter cannot hand the library a reasoning item to keep.',
    'INV-31': "Deliberate design: FactExtractionMemoryBlock.put pushes the LLM's `facts` verbatim (only their JSON shape is checked, memory/dist/index.js), so a fact that puts words in the user's mouth or reports unfinished work as done reaches the model in the memory block.",
    'INV-36': 'Not observable: Memory keeps a cursor of messages processed into long-term memory, not a claim of what the model holds.',
    'INV-38': 'Not observable: Memory.add and getLLM report nothing about what moved into the memory blocks (only a logged warning when extraction fails).',
    'INV-32': "Deliberate design: past its short-term limit Memory moves messages of every role into long-term memory, an attached instruction included; it comes back only as the facts the LLM extracts from it, never verbatim.",
    'INV-33': 'Bug: FactExtractionMemoryBlock.get() returns its block as a message whatever it holds, `content: this.facts.join("\\n")` (memory/dist/index.js), so before any fact is extracted the view carries a memory message with empty content, which every provider rejects. Reproduction: reports/repro/llamaindex-memory-inv-33.mjs.',
    'INV-34': "Deliberate design: past its short-term limit Memory moves messages into long-term memory, where they survive only as facts extracted from text, so an image or file part is gone and nothing names it. Seen on this finding: FactExtractionMemoryBlock.put builds its prompt from `messages.map((m) => m.content)`, so a user message with content details reaches the extraction prompt as \"[object Object],[object Object]\" and even its text is lost (the shrunk counterexample's faithful summary lists every message but that one).",
  },
  // Memory.add is async and may await the fact block's LLM (manageMemoryBlocks) while the agent adds more (INV-37).
  asynchronousPrune: true,
  create(model, config) {
    const warnings: string[] = [];
    const memory = createMemory<Options>({
      // Past tokenLimit × ratio of unprocessed tokens, all unprocessed messages go to the fact block.
      tokenLimit: config.triggerMessages * 60,
      shortTermTokenLimitRatio: 0.5,
      memoryBlocks: [factExtractionBlock({ id: 'facts', priority: 1, llm: factLLM(model), maxFacts: 10 })],
      logger: { log() {}, error() {}, warn: (...args: unknown[]) => warnings.push(args.map(String).join(' ')) },
    } as never);
    // snapshot() keeps the id each message was added with (ChatMessageAdapter.toMemory spreads it over its own).
    const added = new Map<string, PolicyMessage>();
    // A tool answers only a call the agent loop has added: a result waits for its call's add (INV-37).
    const issued = new Map<string, () => void>();
    const called = new Map<string, Promise<void>>();
    const callAdded = (id: string): Promise<void> => {
      let known = called.get(id);
      if (known === undefined) called.set(id, (known = new Promise<void>((resolve) => issued.set(id, resolve))));
      return known;
    };
    return {
      // The agent loop adds a message that lands meanwhile to the same Memory, as it adds any other (INV-37).
      async arrive(messages) {
        for (const m of messages) {
          if (m.role === 'tool') await callAdded(m.toolCallId);
          const stored = toLlama(m);
          remember(added, stored, m);
          await memory.add(stored);
        }
      },
      async step(incoming) {
        for (const m of incoming) {
          const stored = toLlama(m);
          remember(added, stored, m);
          const adding = memory.add(stored);
          // add() pushes the message before it awaits the memory blocks: the call is issued from here on.
          for (const c of m.role === 'assistant' ? (m.toolCalls ?? []) : []) {
            void callAdded(c.id);
            issued.get(c.id)?.();
          }
          await adding;
        }
        const view = (await memory.getLLM()) as Stored[];
        const snapshot = JSON.parse(memory.snapshot()) as { messages: Stored[]; memoryCursor: number };
        const back = (m: Stored): PolicyMessage => (typeof m.id === 'string' ? added.get(m.id) : undefined) ?? fromLlama(m);
        const stored = snapshot.messages.map(back);
        return {
          view: viewOf(view, snapshot.messages, stored),
          record: {
            retained: stored,
            offloaded: [],
            metadata: { memoryCursor: snapshot.memoryCursor, warnings: warnings.length },
          },
        };
      },
    };
  },
};

/** The fact block wants `{"facts": [...]}`; the fake's answer becomes one fact (an empty answer stays empty). */
function factLLM(model: FakeChatModel): LLM {
  const llm = {
    metadata: { model: 'prunecheck-fake', temperature: 0, topP: 1, contextWindow: 100_000, maxTokens: 1000, tokenizer: undefined, structuredOutput: false },
    async complete({ prompt }: { prompt: unknown }) {
      const text = await model.complete(String(prompt));
      return { text: text === '' ? '' : JSON.stringify({ facts: [text] }), raw: null };
    },
    async chat() {
      throw new Error('the fact block only calls complete()');
    },
  };
  return llm as unknown as LLM;
}

const key = (m: Stored): string => JSON.stringify([m.role, m.content, m.options ?? null]);

/** Messages are added under their own id, or an id of the adapter's when they have none. */
function remember(added: Map<string, PolicyMessage>, stored: Stored, m: PolicyMessage): void {
  stored.id ??= `prunecheck-${added.size + 1}`;
  added.set(stored.id, m);
}

/**
 * getLLM() strips ids (ChatMessageAdapter.fromMemory): its short-term messages are a contiguous run of the stored
 * ones (Memory.getLLM walks back from the newest unprocessed message), so they map by position to the latest run
 * of stored messages equal to them, never by content alone (two equal messages are two messages, INV-01); a
 * message added while getLLM() awaited its blocks may follow that run. The rest are the library's memory blocks.
 */
function viewOf(view: readonly Stored[], stored: readonly Stored[], mapped: readonly PolicyMessage[]): PolicyMessage[] {
  const blocks = view.findIndex((m) => (m.role as string) !== 'memory');
  const start = blocks === -1 ? view.length : blocks;
  const tail = view.slice(start);
  for (let end = stored.length; end >= tail.length; end--) {
    const from = end - tail.length;
    if (tail.every((m, i) => key(m) === key(stored[from + i] as Stored))) {
      return [...view.slice(0, start).map(fromLlama), ...mapped.slice(from, end)];
    }
  }
  return view.map(fromLlama);
}

/**
 * The neutral message as a stored ChatMessage. @llamaindex/core 0.6 ChatMessage has no approval part (`options`
 * holds toolCall and toolResult only), so approval requests and decisions (INV-33) are not handed to the library;
 * the messages it keeps map back by position to the neutral ones (`viewOf`), approval parts included.
 */
function toLlama(m: PolicyMessage): Stored {
  const id = m.id === undefined ? {} : { id: m.id };
  if (m.role === 'assistant' && m.toolCalls !== undefined) {
    return { ...id, role: 'assistant', content: m.content, options: { toolCall: m.toolCalls.map((c) => ({ id: c.id, name: c.name, input: c.args })) } };
  }
  if (m.role === 'tool') return { ...id, role: 'user', content: m.content, options: { toolResult: { id: m.toolCallId, result: m.content, isError: m.isError === true } } };
  // Image and file parts travel as LlamaIndex's content details after the text (INV-34).
  if (m.role === 'user' && m.attachments !== undefined && m.attachments.length > 0) {
    for (const a of m.attachments) given.set(a.data, a);
    return { ...id, role: 'user', content: [{ type: 'text', text: m.content }, ...toLlamaDetails(m.attachments)] };
  }
  return { ...id, role: m.role, content: m.content };
}

/** The parts this adapter gave the library, by their bytes: LlamaIndex's details carry no name (INV-34). */
const given = new Map<string, PolicyAttachment>();

function fromLlama(m: Stored): PolicyMessage {
  const details = Array.isArray(m.content) ? (m.content as { type?: unknown; text?: unknown }[]) : [];
  const attachments = fromLlamaDetails(details, given);
  if (m.role === 'user' && m.options?.toolResult === undefined && attachments.length > 0 && attachments.length + 1 === details.length && details[0]?.type === 'text') {
    return { role: 'user', ...(typeof m.id === 'string' ? { id: m.id } : {}), content: String(details[0].text), attachments };
  }
  const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  const id = typeof m.id === 'string' ? { id: m.id } : {};
  const result = m.options?.toolResult;
  if (result !== undefined) return { role: 'tool', ...id, toolCallId: result.id, name: '', content, ...(result.isError ? { isError: true } : {}) };
  if (m.role === 'assistant') return { role: 'assistant', ...id, content };
  // Memory blocks come back with role "memory": text the model reads, not a user's statement.
  return { role: m.role === 'system' ? 'system' : 'user', ...id, content };
}

export default llamaindexMemoryAdapter;
