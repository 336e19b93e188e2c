import { pruneMessages, type ModelMessage } from 'ai';
import { packageVersion } from './packageVersion.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKABLE } from '../../adapters/policy/invariantIds.ts';
import { fromAiParts, toAiParts } from './attachmentParts.ts';

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
  invariants: POLICY_CHECKABLE.filter((id) => id !== 'INV-16' && id !== 'INV-04' && id !== 'INV-26'),
  notes: {
    'INV-16': 'Not applicable: pruneMessages calls no model.',
    'INV-26': 'Not applicable: pruneMessages is a function over messages and keeps no agent state.',
    'INV-04': 'Not applicable: ModelMessage has no ids; prunecheck carries its own ids in providerOptions.prunecheck.',
    'INV-01': 'Deliberate design: pruneMessages is a pure function that removes tool parts; keeping the full history is the caller\'s job.',
    'INV-03': 'Deliberate design: removed tool calls and results are neither marked nor kept; see INV-01.',
    'INV-09': 'Deliberate design: request ids in removed tool-call inputs go with them; pass `tools: [...]` to exempt side-effecting tools.',
    'INV-20': 'Deliberate design: `before-last-N-messages` counts messages, not turns, so the results of a parallel-call turn beyond the last N messages are removed with their calls before the model reads them.',
    'INV-21': "Deliberate design of the `reasoning: 'before-last-message'` option (the AI SDK documentation's example, used here): it strips reasoning from every message but the last, so the current tool-use turn loses its signed reasoning as soon as its results follow it; with extended thinking the provider rejects that turn. Use 'none' inside a tool loop.",
    'INV-24': 'Deliberate design: old tool calls and results are removed while the instructions that asked for them stay (see INV-01), so done work reads as open.',
    'INV-25': 'Deliberate design: removed calls are not kept anywhere (see INV-01), so a reworded repeat cannot be refused by its arguments.',
    'INV-36': 'Not observable: pruneMessages keeps no state outside the list (no read cache, snapshot or dedup map).',
    'INV-38': 'Not observable: pruneMessages returns only the messages; it reports nothing about what it removed.',
  },
  // A synchronous function over the list it is given: nothing reaches it mid-prune (INV-37).
  asynchronousPrune: false,
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
      return { role: m.role, content: m.content, ...providerOptions };
    case 'user':
      // Image and file parts travel as the AI SDK's own parts after the text (INV-34).
      if (m.attachments !== undefined && m.attachments.length > 0) return { role: 'user', content: [{ type: 'text', text: m.content }, ...toAiParts(m.attachments)], ...providerOptions };
      return { role: m.role, content: m.content, ...providerOptions };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          // A reasoning part, signed as the Anthropic provider carries it.
          ...(m.reasoning === undefined ? [] : [{ type: 'reasoning' as const, text: m.reasoning.text, ...(m.reasoning.signature === undefined ? {} : { providerOptions: { anthropic: { signature: m.reasoning.signature } } }) }]),
          ...(m.content === '' ? [] : [{ type: 'text' as const, text: m.content }]),
          ...(m.toolCalls ?? []).map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.args })),
          // Approval requests as the SDK's own part after the calls (INV-33); pruneMessages prunes them with their calls.
          ...(m.approvalRequests ?? []).map((r) => ({ type: 'tool-approval-request' as const, approvalId: r.approvalId, toolCallId: r.toolCallId })),
        ],
        ...providerOptions,
      };
    case 'tool':
      return {
        role: 'tool',
        content: [
          // The user's decision as the SDK's tool-approval-response part, ahead of the result it led to (INV-33). A
          // denial's result stays the error text the harness wrote (the SDK would send `execution-denied` with the reason).
          ...(m.approval === undefined ? [] : [{ type: 'tool-approval-response' as const, approvalId: m.approval.approvalId, approved: m.approval.approved, ...(m.approval.reason === undefined ? {} : { reason: m.approval.reason }) }]),
          { type: 'tool-result', toolCallId: m.toolCallId, toolName: m.name, output: m.isError === true ? { type: 'error-text', value: m.content } : { type: 'text', value: m.content } },
        ],
        ...providerOptions,
      };
  }
}

function fromAi(m: ModelMessage): PolicyMessage {
  if (m.role === 'system') return { role: 'system', ...idOf(m), content: m.content };
  if (m.role === 'user') {
    if (typeof m.content === 'string') return { role: 'user', ...idOf(m), content: m.content };
    const attachments = fromAiParts(m.content);
    const text = m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    return attachments.length > 0 && attachments.length + 1 === m.content.length ? { role: 'user', ...idOf(m), content: text, attachments } : { role: 'user', ...idOf(m), content: JSON.stringify(m.content) };
  }
  if (m.role === 'assistant') {
    const parts = typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content;
    const text = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    const toolCalls = parts.flatMap((p) => (p.type === 'tool-call' ? [{ id: p.toolCallId, name: p.toolName, args: p.input as Record<string, unknown> }] : []));
    const thinking = parts.find((p) => p.type === 'reasoning');
    const signature = (thinking?.providerOptions?.['anthropic'] as { signature?: unknown } | undefined)?.signature;
    const reasoning = thinking === undefined ? {} : { reasoning: { text: thinking.text, ...(typeof signature === 'string' ? { signature } : {}) } };
    const approvalRequests = parts.flatMap((p) => (p.type === 'tool-approval-request' ? [{ approvalId: p.approvalId, toolCallId: p.toolCallId }] : []));
    return { role: 'assistant', ...idOf(m), content: text, ...(toolCalls.length > 0 ? { toolCalls } : {}), ...reasoning, ...(approvalRequests.length > 0 ? { approvalRequests } : {}) };
  }
  const result = m.content.find((p) => p.type === 'tool-result');
  const decision = m.content.find((p) => p.type === 'tool-approval-response');
  const approval = decision === undefined ? {} : { approval: { approvalId: decision.approvalId, approved: decision.approved, ...(decision.reason === undefined ? {} : { reason: decision.reason }) } };
  const output = result?.output;
  const value = output !== undefined && 'value' in output ? output.value : '';
  return {
    role: 'tool',
    ...idOf(m),
    toolCallId: result?.toolCallId ?? '',
    name: result?.toolName ?? '',
    content: typeof value === 'string' ? value : JSON.stringify(value),
    ...(output?.type === 'error-text' ? { isError: true } : {}),
    ...approval,
  };
}

export default aiPruneMessagesAdapter;
