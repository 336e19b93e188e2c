import type { PolicyMessage } from './PolicyMessage.ts';
import { approvalRequestsBefore, approvalRequestsOf, approvalResponseOf, malformedApprovalPart } from './approvals.ts';

/** The providers whose request-shape rules prunecheck knows (spec/SPEC.md INV-33). */
export const PROVIDER_NAMES = ['anthropic', 'openai', 'gemini'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** One place a list breaks a rule: `key` names the rule and the message or call, stable across lists. */
export interface ShapeBreach {
  readonly rule: string;
  readonly key: string;
  readonly why: string;
}

/**
 * A documented predicate on the message list a provider accepts as the history of its next request: which
 * providers reject a list that breaks it, and the public report or source that shows the rejection.
 */
export interface ShapeRule {
  readonly id: string;
  readonly providers: readonly ProviderName[];
  readonly source: string;
  breaches(list: readonly PolicyMessage[]): ShapeBreach[];
}

const name = (m: PolicyMessage, i: number): string => m.id ?? `#${i}`;
const hasText = (m: PolicyMessage): boolean => m.content.trim() !== '';
const callsOf = (m: PolicyMessage): readonly string[] => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.id) : []);

/** The tool messages right after `i` (the results the provider reads as answering message `i`). */
function resultsAfter(list: readonly PolicyMessage[], i: number): string[] {
  const out: string[] = [];
  for (let j = i + 1; j < list.length && list[j]?.role === 'tool'; j += 1) out.push((list[j] as { toolCallId: string }).toolCallId);
  return out;
}

export const SHAPE_RULES: readonly ShapeRule[] = [
  {
    id: 'first-turn-user',
    providers: ['gemini'],
    source: 'mastra-ai/mastra#4816 (a cut that makes history start with a model or function-call turn, which Gemini rejects)',
    breaches(list) {
      const i = list.findIndex((m) => m.role !== 'system');
      const first = list[i];
      if (first === undefined) return [{ rule: this.id, key: `${this.id}:none`, why: 'the list holds no turn but system messages' }];
      return first.role === 'user' ? [] : [{ rule: this.id, key: `${this.id}:${name(first, i)}`, why: `the first turn after the system messages is ${first.role} message ${name(first, i)}, not a user turn` }];
    },
  },
  {
    id: 'result-follows-call',
    providers: ['anthropic', 'openai', 'gemini'],
    source: 'openclaw/openclaw#8525 and PR #16095 (orphan tool_result after compaction, Anthropic), langchain-ai/langchain#33245 (trim_messages orphans a ToolMessage, OpenAI), deepagents src/middleware/patch_tool_calls.ts (Gemini answers 400 INVALID_ARGUMENT to a ToolMessage without its call)',
    breaches(list) {
      return list.flatMap((m, i) => {
        if (m.role !== 'tool') return [];
        let k = i - 1;
        while (k >= 0 && list[k]?.role === 'tool') k -= 1;
        const turn = list[k];
        if (turn !== undefined && callsOf(turn).includes(m.toolCallId)) return [];
        return [{ rule: this.id, key: `${this.id}:${m.toolCallId}`, why: `tool result ${name(m, i)} answers call ${m.toolCallId}, which the assistant turn right before it does not make` }];
      });
    },
  },
  {
    id: 'call-answered',
    providers: ['anthropic', 'openai', 'gemini'],
    source: 'anthropics/claude-code#5594, #2796, #2630 (Anthropic: "tool_use ids were found without tool_result blocks immediately after"), HKUDS/OpenHarness#191, deepagents src/middleware/patch_tool_calls.ts (Gemini rejects a dangling function call)',
    breaches(list) {
      const lastTurn = list.findLastIndex((x) => x.role !== 'tool');
      return list.flatMap((m, i) => {
        const ids = callsOf(m);
        // A call whose results have not arrived yet ends the list: the next request carries them.
        if (ids.length === 0 || i >= lastTurn) return [];
        const answered = resultsAfter(list, i);
        return ids.filter((id) => !answered.includes(id)).map((id) => ({ rule: this.id, key: `${this.id}:${id}`, why: `call ${id} of ${name(m, i)} is not answered by the tool results right after it, and the conversation goes on` }));
      });
    },
  },
  {
    id: 'no-empty-message',
    providers: ['anthropic', 'openai', 'gemini'],
    source: 'mastra-ai/mastra#2667 (a pruned message left with `content` null is rejected), vercel/ai#13430 (a message emptied by pruneMessages)',
    breaches(list) {
      return list.flatMap((m, i) => {
        if (m.role === 'tool' || hasText(m) || callsOf(m).length > 0 || (m.role === 'assistant' && m.reasoning !== undefined)) return [];
        if (m.role === 'user' && (m.attachments ?? []).length > 0) return [];
        return [{ rule: this.id, key: `${this.id}:${name(m, i)}`, why: `${m.role} message ${name(m, i)} carries nothing: no text, call, reasoning or attachment` }];
      });
    },
  },
  {
    id: 'no-reasoning-only-turn',
    providers: ['anthropic'],
    source: 'vercel/ai#13430, PRs #13542 and #17133 (pruneMessages leaves an assistant message holding only reasoning, which Anthropic answers with 400)',
    breaches(list) {
      return list.flatMap((m, i) =>
        m.role === 'assistant' && m.reasoning !== undefined && !hasText(m) && callsOf(m).length === 0
          ? [{ rule: this.id, key: `${this.id}:${name(m, i)}`, why: `assistant message ${name(m, i)} holds only a reasoning item, no text and no call` }]
          : [],
      );
    },
  },
  {
    // The decision is checked by the AI SDK before any provider is called, so every provider's request fails.
    id: 'approval-response-has-request',
    providers: ['anthropic', 'openai', 'gemini'],
    source:
      'vercel/ai#16385 and PR #16415 (pruneMessages removed a tool\'s call, approval request and result but left its tool-approval-response; ai 6.0 collectToolApprovals throws InvalidToolApprovalError "Tool approval response references unknown approvalId … No matching tool-approval-request found in message history" for the decisions of the last tool message, whatever the provider; an earlier one is forwarded for provider-executed tools), openai/openai-agents-python PR #4324 (a session limit that drops an mcp_approval_request but keeps its mcp_approval_response replays a response naming a missing request to the Responses API)',
    breaches(list) {
      return list.flatMap((m, i) => {
        const response = approvalResponseOf(m);
        if (response === undefined) return [];
        const bad = malformedApprovalPart(response);
        if (bad !== undefined) return [{ rule: this.id, key: `${this.id}:${name(m, i)}`, why: `the approval response of tool message ${name(m, i)} ${bad}` }];
        if (approvalRequestsBefore(list, i).some((r) => r.request.approvalId === response.approvalId)) return [];
        return [{ rule: this.id, key: `${this.id}:${response.approvalId}`, why: `tool message ${name(m, i)} answers approval ${response.approvalId}, whose tool-approval-request is not earlier in the list` }];
      });
    },
  },
  {
    id: 'approval-request-has-call',
    providers: ['anthropic', 'openai', 'gemini'],
    source:
      'vercel/ai#20953 (pruneMessages kept an approval request and its response but removed the tool call they refer to; ai 6.0 collectToolApprovals throws ToolCallNotFoundForApprovalError "Tool call … not found for approval request …" before the tool or the model runs, whatever the provider)',
    breaches(list) {
      return list.flatMap((m, i) =>
        approvalRequestsOf(m).flatMap((request) => {
          const bad = malformedApprovalPart(request);
          if (bad !== undefined) return [{ rule: this.id, key: `${this.id}:${name(m, i)}`, why: `an approval request of assistant message ${name(m, i)} ${bad}` }];
          if (list.slice(0, i + 1).some((x) => callsOf(x).includes(request.toolCallId))) return [];
          return [{ rule: this.id, key: `${this.id}:${request.approvalId}`, why: `approval request ${request.approvalId} of ${name(m, i)} asks about call ${request.toolCallId}, which no message up to it makes` }];
        }),
      );
    },
  },
];

/** The breaches of `list` against the rules of `providers`, each rule once with the providers it is for. */
export function shapeBreaches(list: readonly PolicyMessage[], providers: readonly ProviderName[]): (ShapeBreach & { readonly providers: readonly ProviderName[] })[] {
  return SHAPE_RULES.filter((r) => r.providers.some((p) => providers.includes(p))).flatMap((r) => r.breaches(list).map((b) => ({ ...b, providers: r.providers.filter((p) => providers.includes(p)) })));
}
