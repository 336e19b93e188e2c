import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { RecordedCompaction } from '../../../src/adapters/sessions/SessionEvent.ts';
import type { AuditObservation } from '../../../src/check/audit/AuditFinding.ts';
import { NOT_AUDITED, policyFindings } from '../../../src/check/audit/policyOnCompaction.ts';

const at = (line: number) => ({ file: 's.jsonl', line });
const KEY = 'sk-proj-9f8e7d6c5b4a39281706';
const HISTORY: PolicyMessage[] = [
  { role: 'user', id: 'u1', content: 'Deploy the payments worker.' },
  { role: 'assistant', id: 'a1', content: '', toolCalls: [{ id: 'c1', name: 'Bash', args: { command: 'cat .env' } }] },
  { role: 'tool', id: 'r1', toolCallId: 'c1', name: 'Bash', content: `REGION=eu-west-1\nOPENAI_API_KEY=${KEY}` },
  { role: 'assistant', id: 'a2', content: 'Read the environment.' },
];

function observe(summary: string, after: readonly PolicyMessage[]): AuditObservation {
  const compaction: RecordedCompaction = { at: at(10), before: HISTORY, after, summary: { kind: 'text', text: summary }, afterExact: true };
  return { index: 1, compaction, future: [], where: () => undefined };
}
const rules = (o: AuditObservation): string[] => policyFindings(o).map((f) => f.rule);

describe('SPEC 1.2 rules 5-7 on a recorded compaction', () => {
  it('INV-35 on a recording: a summary that copies a credential printed by a tool is a finding; one that does not, or the output kept, is not', () => {
    const leaking = `The user wants the worker deployed; the env has OPENAI_API_KEY=${KEY}.`;
    expect(rules(observe(leaking, [{ role: 'user', id: 's1', content: leaking }]))).toContain('INV-35');
    const clean = 'The user wants the worker deployed; the environment was read.';
    expect(rules(observe(clean, [{ role: 'user', id: 's1', content: clean }]))).not.toContain('INV-35');
    expect(rules(observe(clean, [{ role: 'user', id: 's1', content: clean }, ...HISTORY.slice(1)]))).not.toContain('INV-35');
  });

  it('INV-33 on a recording: a compaction that keeps a tool result without its call is a finding', () => {
    const s = 'The user wants the worker deployed.';
    expect(rules(observe(s, [{ role: 'user', id: 's1', content: s }, HISTORY[2] as PolicyMessage, HISTORY[3] as PolicyMessage]))).toContain('INV-33');
    expect(rules(observe(s, [{ role: 'user', id: 's1', content: s }, HISTORY[3] as PolicyMessage]))).not.toContain('INV-33');
  });

  it('INV-34 is not audited, and says why', () => {
    expect(NOT_AUDITED['INV-34']).toMatch(/text blocks only/);
  });
});
