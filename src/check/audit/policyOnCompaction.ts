import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import type { InvariantId } from '../../model/invariants.ts';
import { POLICY_CHECKS } from '../policy/invariants.ts';
import type { PolicyObservation } from '../policy/PolicyObservation.ts';
import { quote, type AuditFinding, type AuditObservation } from './AuditFinding.ts';
import { scopeFor } from './policyScope.ts';
import { markCredentials } from './sensitiveOutput.ts';

/**
 * The policy-mode invariants a recording can judge, and why the others cannot: INV-16 and INV-22 need the
 * summarizer's own calls (failures, prompt sizes, a settle step), which no session records. The structural
 * ones apply to every compaction; those that read the summary's words need a readable summary.
 */
export const AUDITED_INVARIANTS: readonly { readonly id: InvariantId; readonly needsText: boolean }[] = [
  { id: 'INV-17', needsText: true },
  { id: 'INV-18', needsText: false },
  { id: 'INV-19', needsText: false },
  { id: 'INV-20', needsText: false },
  { id: 'INV-21', needsText: false },
  { id: 'INV-23', needsText: true },
  { id: 'INV-24', needsText: true },
  { id: 'INV-25', needsText: true },
  { id: 'INV-33', needsText: false },
  { id: 'INV-35', needsText: true },
];
export const NOT_AUDITED: Readonly<Partial<Record<InvariantId, string>>> = {
  'INV-16': "needs the summarizer's failures, which a session does not record",
  'INV-22': "needs the summarizer's prompt size and a second prune with nothing new, which a session does not record",
  'INV-34': 'needs the image and file parts of user messages, which the session readers do not carry yet (they read text blocks only)',
  'INV-36': "needs the agent's state outside the list (a read cache, file snapshots), which a session does not record",
  'INV-37': "needs when a compaction started and ended; every format records it as one point (compact_boundary, compacted), so a message recorded during one cannot be told from one recorded before it, which INV-17 judges",
  'INV-38': "needs what the agent reported a compaction did beside its lists; a session records at most its trigger and a token count (compactMetadata.preTokens), which no list the reader rebuilds can be held to",
};

const EMPTY_RECORD = { retained: [], offloaded: [], metadata: {} } as const;
const MAX_BECAUSE = 5;

/**
 * The compaction as a policy-mode observation: the recorded lists, no record outside them (an agent's
 * session file is not something the model can read back), no summarizer calls. Every message before it
 * counts as written by the agent's user and tools.
 */
export function policyObservation(o: AuditObservation): PolicyObservation {
  const byId = new Map<string, PolicyMessage>();
  for (const m of o.compaction.before) if (m.id !== undefined && !byId.has(m.id)) byId.set(m.id, markCredentials(m));
  return { round: o.index, before: o.compaction.before, after: o.compaction.after, record: EMPTY_RECORD, calls: [], seen: byId, written: byId };
}

/** Runs each applicable policy-mode check (POLICY_CHECKS, unchanged) on the compaction, each on its scope; a breach is a finding. */
export function policyFindings(o: AuditObservation): AuditFinding[] {
  const observation = policyObservation(o);
  const findings: AuditFinding[] = [];
  for (const { id, needsText } of AUDITED_INVARIANTS) {
    if (needsText && o.compaction.summary.kind !== 'text') continue;
    const check = POLICY_CHECKS[id];
    if (check === undefined) continue;
    // Only the part of the compaction where the check can find something (policyScope.ts): same breaches.
    const scoped = scopeFor(id, observation);
    if (scoped === undefined) continue;
    const because = check(scoped);
    if (because.length === 0) continue;
    const shown = because.slice(0, MAX_BECAUSE);
    findings.push({
      rule: id,
      compaction: o.compaction.at,
      because: because.length > MAX_BECAUSE ? [...shown, `… and ${because.length - MAX_BECAUSE} more of the same rule at this compaction`] : shown,
      evidence: o.compaction.summary.kind === 'text' ? [{ at: o.compaction.at, label: 'summary', quote: quote(o.compaction.summary.text) }] : [],
    });
  }
  return findings;
}
