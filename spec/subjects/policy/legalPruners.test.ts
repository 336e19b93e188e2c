import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_INVARIANT_IDS } from '../../../src/check/policy/invariants.ts';
import type { PolicyCase } from '../../../src/gen/policy/PolicyCase.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';
import { runPolicyCase } from '../../../src/run/policy/runPolicyCase.ts';
import { archivingWindowAdapter } from '../../../src/subjects/policy/archivingWindow.ts';
import { LEGAL_POLICY_PRUNERS } from '../../../src/subjects/policy/legal/index.ts';
import { evaluatePolicyRun } from '../../../src/check/policy/evaluatePolicyRun.ts';

const SEED = 20261130;
const legal = (name: string) => {
  const found = LEGAL_POLICY_PRUNERS.find((l) => l.choice === name);
  if (found === undefined) throw new Error(`no legal pruner ${name}`);
  return found;
};

describe('legal policy pruners: choices the spec leaves open are conformant', () => {
  it.each(LEGAL_POLICY_PRUNERS.map((l) => [l.leftOpenBy, l.choice, l] as const))('%s leaves open the choice %s: conformant', async (_id, _choice, pruner) => {
    const report = await checkPolicyAdapter(pruner.adapter, { runs: 80, seed: SEED, outDir: false });
    expect([report.verdict, report.violations.map((v) => `${v.invariant}: ${v.because.join(' ')}`)]).toEqual(['conformant', []]);
    expect(report.invariants.map((r) => r.status)).toEqual(POLICY_INVARIANT_IDS.map(() => 'passed'));
  });

  it('INV-30 drops-retracted takes a cancelled instruction with its cancellation, and an unapproved plan, out of the list, where archiving-window keeps them', async () => {
    const c: PolicyCase = {
      system: false,
      turns: [{ kind: 'retraction', how: 'cancelled', tool: 'issue_refund' }, { kind: 'retraction', how: 'unapproved', tool: 'charge_card' }, ...[1, 2, 3].map(() => ({ kind: 'tool-calls' as const, calls: [{ tool: 'read_log' as const, fails: false, retried: false }] }))],
      rounds: 1,
      script: ['revive-retracted'],
      config: { triggerMessages: 4, keepMessages: 2 },
    };
    const contents = (list: readonly PolicyMessage[]) => list.map((m) => m.content.split(':')[0]);
    const dropping = await runPolicyCase(legal('drops-retracted').adapter, c);
    const after = dropping.observations[0]?.after ?? [];
    expect(contents(after)).not.toContain('INSTRUCTION I-1');
    expect(contents(after)).not.toContain('CANCEL I-1');
    expect(after.some((m) => m.content.includes('PLAN P-2'))).toBe(false);
    expect(dropping.observations[0]?.record.retained.map((m) => m.id)).toEqual(expect.arrayContaining(['m1', 'm2', 'm3']));
    const keeping = await runPolicyCase(archivingWindowAdapter, c);
    expect(contents(keeping.observations[0]?.after ?? [])).toEqual(expect.arrayContaining(['INSTRUCTION I-1', 'CANCEL I-1']));
    for (const run of [dropping, keeping]) for (const id of ['INV-17', 'INV-30'] as const) expect(evaluatePolicyRun(run, id)).toBeUndefined();
  });

  it('INV-31 keeps-elided-quotes inserts a tool quote with [id] elisions that archiving-window drops, and both pass INV-31', async () => {
    const c: PolicyCase = {
      system: false,
      turns: [1, 2, 3, 4].map(() => ({ kind: 'tool-calls' as const, calls: [{ tool: 'issue_refund' as const, fails: false, retried: false }] })),
      rounds: 1,
      script: ['drop-ids'],
      config: { triggerMessages: 4, keepMessages: 2 },
    };
    const summaryOf = (run: Awaited<ReturnType<typeof runPolicyCase>>) => run.observations[0]?.after.find((m) => m.id?.startsWith('summary-'))?.content ?? '';
    const eliding = await runPolicyCase(legal('keeps-elided-quotes').adapter, c);
    const strict = await runPolicyCase(archivingWindowAdapter, c);
    expect(summaryOf(eliding)).toMatch(/- tool: OK issue_refund txn=\[id\]/);
    expect(summaryOf(strict)).not.toMatch(/- tool:/);
    for (const run of [eliding, strict]) expect(evaluatePolicyRun(run, 'INV-31')).toBeUndefined();
  });

  it('INV-32 reinjects-standing re-injects each standing instruction once under a new id, where archiving-window keeps it in place', async () => {
    const c: PolicyCase = {
      system: false,
      turns: [{ kind: 'standing', via: 'system' }, ...[1, 2, 3].map(() => ({ kind: 'tool-calls' as const, calls: [{ tool: 'read_log' as const, fails: false, retried: false }] }))],
      rounds: 1,
      script: ['faithful'],
      config: { triggerMessages: 4, keepMessages: 2 },
    };
    const holder = async (adapter: typeof archivingWindowAdapter) => {
      const run = await runPolicyCase(adapter, c);
      expect(evaluatePolicyRun(run, 'INV-32')).toBeUndefined();
      return (run.observations[0]?.after ?? []).filter((m) => m.content.startsWith('<standing-instructions')).map((m) => m.id);
    };
    expect(await holder(legal('reinjects-standing').adapter)).toEqual(['standing-1-1']);
    expect(await holder(archivingWindowAdapter)).toEqual(['m1']);
  });
});
