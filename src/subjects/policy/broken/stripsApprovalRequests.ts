import type { PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';
import { createWindowPruner } from '../windowPruner.ts';
import { brokenPruner } from './brokenWindow.ts';

/** The message without the approval requests whose decisions `decided` holds, or itself when it has none. */
function withoutDecided(m: PolicyMessage, decided: ReadonlySet<string>): PolicyMessage {
  if (m.role !== 'assistant' || m.approvalRequests === undefined) return m;
  const open = m.approvalRequests.filter((r) => !decided.has(r.approvalId));
  if (open.length === m.approvalRequests.length) return m;
  const { approvalRequests: _spent, ...rest } = m;
  return open.length === 0 ? rest : { ...rest, approvalRequests: open };
}

/**
 * Breaks INV-33 (approval-response-has-request). The in-repo window pruner, except that it treats an approval
 * request the user has answered as spent and strips it off the assistant turn it keeps, archiving the original,
 * while the decision stays on the result: the list then holds a tool-approval-response with no request, as
 * pruneMessages left one when it pruned a tool by name (vercel/ai#16385), which the AI SDK rejects with
 * InvalidToolApprovalError.
 */
export const stripsApprovalRequests = brokenPruner('strips-approval-requests', 'INV-33', {
  description: 'Window pruner that strips answered approval requests off the assistant turns it keeps, leaving the decisions',
  create: (model, config) => {
    const inner = createWindowPruner(model, config);
    const archived: PolicyMessage[] = [];
    return {
      async step(incoming) {
        const answer = await inner.step(incoming);
        const decided = new Set(answer.view.flatMap((m) => (m.role === 'tool' && m.approval !== undefined ? [m.approval.approvalId] : [])));
        const view = answer.view.map((m) => {
          const stripped = withoutDecided(m, decided);
          if (stripped !== m && !archived.includes(m)) archived.push(m);
          return stripped;
        });
        return { ...answer, view, record: { ...answer.record, retained: [...answer.record.retained, ...archived.filter((m) => !answer.record.retained.includes(m))] } };
      },
    };
  },
});
