import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { evaluatePolicyRun } from '../../../src/check/policy/evaluatePolicyRun.ts';
import type { PolicyCase } from '../../../src/gen/policy/PolicyCase.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { runPolicyCase } from '../../../src/run/policy/runPolicyCase.ts';
import { archivingWindowAdapter } from '../../../src/subjects/policy/archivingWindow.ts';
import { BROKEN_POLICY_PRUNERS } from '../../../src/subjects/policy/broken/index.ts';
import { LEGAL_POLICY_PRUNERS } from '../../../src/subjects/policy/legal/index.ts';
import { REDACTED } from '../../../src/subjects/policy/secretGuard.ts';

// The choices rules 5-7 leave open (spec/SPEC.md INV-33…INV-35), each made otherwise than prunecheck's own pruner
// does, on one small case where the difference shows; spec/subjects/policy/legalPruners.test.ts runs them all.
const legal = (name: string) => {
  const found = LEGAL_POLICY_PRUNERS.find((l) => l.choice === name);
  if (found === undefined) throw new Error(`no legal pruner ${name}`);
  return found.adapter;
};
const reads = [1, 2, 3].map(() => ({ kind: 'tool-calls' as const, calls: [{ tool: 'read_log' as const, fails: false, retried: false }] }));
const caseOf = (turns: PolicyCase['turns'], script: PolicyCase['script'], system = false): PolicyCase => ({ system, turns, rounds: 1, script, config: { triggerMessages: 4, keepMessages: 2 } });
const summaryOf = (after: readonly PolicyMessage[]) => after.find((m) => m.id?.startsWith('summary-'))?.content ?? '';

describe('legal choices of SPEC 1.2 rules 5-7', () => {
  it('INV-33 summary-first leads with its summary and passes for the OpenAI it declares; the same layout held to every provider is caught', async () => {
    const c = caseOf(reads, ['faithful'], true);
    const first = await runPolicyCase(legal('summary-first'), c);
    expect(first.observations[0]?.after.map((m) => m.role).slice(0, 2)).toEqual(['system', 'assistant']);
    expect(evaluatePolicyRun(first, 'INV-33')).toBeUndefined();
    const own = await runPolicyCase(archivingWindowAdapter, c);
    expect(own.observations[0]?.after.map((m) => m.role).slice(0, 3)).toEqual(['system', 'user', 'assistant']);
    const leads = BROKEN_POLICY_PRUNERS.find((b) => b.flaw === 'summary-leads')?.adapter;
    const report = await checkPolicyAdapter(leads ?? archivingWindowAdapter, { runs: 20, seed: 3, outDir: false });
    expect(report.violations.find((v) => v.invariant === 'INV-33')?.because.join(' ')).toMatch(/first-turn-user\): gemini rejects/);
  });

  it('INV-34 marks-attachments takes the image off the old message, archives it and names it in the summary, where archiving-window keeps it', async () => {
    const c = caseOf([{ kind: 'attachment', what: 'image' }, ...reads], ['faithful']);
    const marking = await runPolicyCase(legal('marks-attachments'), c);
    const after = marking.observations[0]?.after ?? [];
    const pasted = after.find((m) => m.id === 'm1');
    expect(pasted?.role === 'user' && pasted.attachments === undefined).toBe(true);
    expect(summaryOf(after)).toContain('[image checkout-1.png (image/png) of m1 removed from the list; archived]');
    expect(marking.observations[0]?.record.retained.some((m) => m.id === 'm1' && m.role === 'user' && m.attachments?.[0]?.name === 'checkout-1.png')).toBe(true);
    const keeping = await runPolicyCase(archivingWindowAdapter, c);
    const kept = keeping.observations[0]?.after.find((m) => m.id === 'm1');
    expect(kept?.role === 'user' ? kept.attachments?.map((a) => a.name) : []).toEqual(['checkout-1.png']);
    for (const run of [marking, keeping]) expect(evaluatePolicyRun(run, 'INV-34')).toBeUndefined();
  });

  it('INV-35 redacts-secrets keeps the line with [REDACTED] where archiving-window drops it; both keep the original archived', async () => {
    const c = caseOf([{ kind: 'sensitive-read' }, ...reads], ['repeat-secret']);
    const redacting = await runPolicyCase(legal('redacts-secrets'), c);
    const dropping = await runPolicyCase(archivingWindowAdapter, c);
    expect(summaryOf(redacting.observations[0]?.after ?? [])).toContain(`PAYMENTS_API_KEY=${REDACTED}`);
    expect(summaryOf(dropping.observations[0]?.after ?? [])).not.toMatch(/PAYMENTS_API_KEY/);
    for (const run of [redacting, dropping]) {
      expect(run.observations[0]?.record.retained.some((m) => m.role === 'tool' && m.content.includes('PAYMENTS_API_KEY=sk-live-'))).toBe(true);
      expect(evaluatePolicyRun(run, 'INV-35')).toBeUndefined();
    }
  });
});
