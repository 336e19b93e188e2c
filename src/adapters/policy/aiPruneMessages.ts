import { pruneMessages, type ModelMessage } from 'ai';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from './PolicyAdapter.ts';
import type { PolicyMessage } from './PolicyMessage.ts';
import { POLICY_CHECKABLE } from './invariantIds.ts';

/**
 * The Vercel AI SDK's pruneMessages (ai@6; ai@7 needs Node 22) as used in `prepareStep`: drop tool calls and
 * results older than the last `keepMessages` messages, reasoning before the last message, and emptied
 * messages. Its output becomes the history.
 */
export const aiPruneMessagesAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'ai-prune-messages',
  version: packageVersion('ai'),
  description: 'ai (Vercel AI SDK 6) pruneMessages, toolCalls "before-last-N-messages"',
  package: 'ai',
  // No summarizer (INV-16); ModelMessage has no ids, so there is no library id to reuse (INV-04).
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-16' && id !== 'INV-04'),
  notes: {
    'INV-16': 'Not applicable: pruneMessages calls no model.',
    'INV-04': 'Not applicable: ModelMessage has no ids; prunecheck carries its own ids in providerOptions.prunecheck.',
    'INV-01': 'Deliberate design: pruneMessages is a pure function that removes tool parts; keeping the full history is the caller\'s job.',
    'INV-03': 'Deliberate design: removed tool calls and results are neither marked nor kept; see INV-01.',
    'INV-09': 'Deliberate design: request ids in removed tool-call inputs go with them; pass `tools: [...]` to exempt side-effecting tools.',
  },
  create(_model, config) {
    let history: ModelMessage[] = [];
    return {
      step(incoming) {
        history = [...history, ...incoming.map(toAi)];
        if (history.length >= config.triggerMessages) {
          history = pruneMessages({ messages: history, reasoning: 'before-last-message', toolCalls: `before-last-${config.keepMessages}-messages`, emptyMessages: 'remove' });
        }
        return { view: history.map(fromAi), record: { retained: [], offloaded: [], metadata: {} } };
      },
    };
  },
};

const idOf = (m: ModelMessage): { id?: string } => {
  const id = (m.providerOptions?.['prunecheck'] as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? { id } : {};
};

function toAi(m: PolicyMessage): ModelMessage {
  const providerOptions = m.id === undefined ? {} : { providerOptions: { prunecheck: { id: m.id } } };
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, content: m.content, ...providerOptions };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(m.content === '' ? [] : [{ type: 'text' as const, text: m.content }]),
          ...(m.toolCalls ?? []).map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.args })),
        ],
        ...providerOptions,
      };
    case 'tool':
      return {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: m.toolCallId, toolName: m.name, output: m.isError === true ? { type: 'error-text', value: m.content } : { type: 'text', value: m.content } }],
        ...providerOptions,
      };
  }
}

function fromAi(m: ModelMessage): PolicyMessage {
  if (m.role === 'system') return { role: 'system', ...idOf(m), content: m.content };
  if (m.role === 'user') return { role: 'user', ...idOf(m), content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) };
  if (m.role === 'assistant') {
    const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    const toolCalls = parts.flatMap((p) => (p.type === 'tool-call' ? [{ id: p.toolCallId, name: p.toolName, args: p.input as Record<string, unknown> }] : []));
    return { role: 'assistant', ...idOf(m), content: text, ...(toolCalls.length > 0 ? { toolCalls } : {}) };
  }
  const result = m.content.find((p) => p.type === 'tool-result');
  const output = result?.output;
  const value = output !== undefined && 'value' in output ? output.value : '';
  return {
    role: 'tool',
    ...idOf(m),
    toolCallId: result?.toolCallId ?? '',
    name: result?.toolName ?? '',
    content: typeof value === 'string' ? value : JSON.stringify(value),
    ...(output?.type === 'error-text' ? { isError: true } : {}),
  };
}

export default aiPruneMessagesAdapter;
