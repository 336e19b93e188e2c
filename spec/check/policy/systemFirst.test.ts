import { describe, expect, it } from 'vitest';
import type { PolicyAdapter } from '../../../src/adapters/policy/PolicyAdapter.ts';
import type { PolicyCapabilities } from '../../../src/adapters/policy/PolicyCapabilities.ts';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';
import { checkPolicyAdapter } from '../../../src/run/policy/checkPolicyAdapter.ts';

const prompt: PolicyMessage = { role: 'system', id: 'm0', content: 'You are a careful operations agent.' };
const task: PolicyMessage = { role: 'user', id: 'm1', content: 'TASK: refund order #1001 for alice.' };
const note: PolicyMessage = { role: 'assistant', id: 'm2', content: 'Progress note 1.' };
const older: PolicyMessage = { role: 'system', content: 'Summary of the conversation so far: progress note 0.', replaces: ['m9'] };
const newer: PolicyMessage = { role: 'system', content: 'Summary of the conversation so far: progress notes 0 and 1.', replaces: ['m2'] };

function inv19(before: readonly PolicyMessage[], after: readonly PolicyMessage[], capabilities?: PolicyCapabilities): string[] {
  const written = new Map([prompt, task, note].map((m) => [m.id as string, m]));
  const o: PolicyObservation = { round: 2, before, after, record: { retained: [...before], offloaded: [], metadata: {} }, calls: [], seen: written, written, ...(capabilities === undefined ? {} : { capabilities }) };
  return (POLICY_CHECKS['INV-19'] as (o: PolicyObservation) => string[])(o);
}

describe('INV-19 holds the system prompt the agent wrote, not a summary the library inserted as a system message (issue 27)', () => {
  it('a library replacing its own earlier system-message summary at the head of the list is not a finding', () => {
    expect(inv19([older, task, note], [newer, task])).toEqual([]);
    // With the agent's prompt first, the summary after it: still the prompt's position that counts.
    expect(inv19([prompt, older, task, note], [prompt, newer, task])).toEqual([]);
  });

  it('a pruner that rewrites or drops the real system prompt is still caught', () => {
    const rewritten: PolicyMessage = { ...prompt, content: `${prompt.content}\n${newer.content}` };
    expect(inv19([prompt, task, note], [rewritten, task])[0]).toMatch(/began with m0 \(\[system\].* begins with m0 \(\[system\] "You are a careful operations agent.\\nSummary/s);
    expect(inv19([prompt, task, note], [task])[0]).toMatch(/began with m0 \(\[system\]/);
    // Its own summary placed before the prompt is a finding unless it declares its summary a system message.
    expect(inv19([prompt, task, note], [newer, prompt, task])).toHaveLength(1);
    expect(inv19([prompt, task, note], [newer, prompt, task], { summaryIsSystemMessage: true })).toEqual([]);
    expect(inv19([older, prompt, task, note], [newer, rewrittenPrompt(), task], { summaryIsSystemMessage: true })).toHaveLength(1);
  });

  it('end to end: a library that summarizes into a leading system message passes INV-19; one that folds the summary into the prompt fails it', async () => {
    const summarizing = (intoPrompt: boolean): PolicyAdapter => ({
      kind: 'policy',
      name: intoPrompt ? 'summary-into-prompt' : 'summary-as-system',
      version: '1.0.0',
      description: 'keeps the last messages; the rest become one system-message summary, replaced at each compaction',
      package: 'test',
      invariants: ['INV-19'],
      capabilities: { summaryIsSystemMessage: true },
      create(_model, config) {
        let list: PolicyMessage[] = [];
        return {
          step(incoming) {
            list = [...list, ...incoming];
            if (list.length >= config.triggerMessages) {
              // The agent's prompt (m0) stays; everything else, its own earlier summary included, may be summarized.
              const promptFirst = list.filter((m) => m.id === 'm0');
              const rest = list.filter((m) => m.id !== 'm0');
              let cut = Math.max(0, rest.length - config.keepMessages);
              while (cut > 0 && rest[cut]?.role === 'tool') cut -= 1;
              const old = rest.slice(0, cut);
              if (old.length > 0) {
                const text = `Summary of ${old.length} messages: ${old.map((m) => m.content.slice(0, 20)).join(' | ')}`;
                const summary: PolicyMessage = { role: 'system', content: text, replaces: old.flatMap((m) => (m.id === undefined ? [] : [m.id])) };
                const head = intoPrompt && promptFirst[0] !== undefined ? [{ ...promptFirst[0], content: `${promptFirst[0].content}\n${text}` }] : [summary, ...promptFirst];
                list = [...head, ...rest.slice(cut)];
              }
            }
            return { view: list, record: { retained: [], offloaded: [], metadata: {} } };
          },
        };
      },
    });
    const legal = await checkPolicyAdapter(summarizing(false), { runs: 40, seed: 5, outDir: false });
    expect(legal.invariants.find((i) => i.invariant === 'INV-19')?.status).toBe('passed');
    const broken = await checkPolicyAdapter(summarizing(true), { runs: 40, seed: 5, outDir: false });
    expect(broken.violations.map((v) => v.invariant)).toEqual(['INV-19']);
  });
});

function rewrittenPrompt(): PolicyMessage {
  return { ...prompt, content: 'You are a fast agent.' };
}
