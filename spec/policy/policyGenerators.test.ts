import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAdversarialModel, FAKE_BEHAVIOURS, SECRETS_KEPT, type FakeBehaviour } from '../../src/gen/policy/fakeModel.ts';
import { policyCaseArbitrary, type PolicyCase } from '../../src/gen/policy/PolicyCase.ts';
import { buildConversation } from '../../src/gen/policy/buildConversation.ts';
import { agentStateOf, inFlightCalls, instructions, sideEffectRequestIds } from '../../src/adapters/policy/conversationFacts.ts';
import { FAKE_WINDOW_CHARS, HUGE_FILLER_CHARS, INVENTED_USER, PARAPHRASED_STANDING } from '../../src/gen/policy/fakeModel.ts';
import { POISON } from '../../src/gen/policy/turnMessages.ts';
import { retractions, UNASKED_DIRECTIVE } from '../../src/adapters/policy/retractions.ts';
import { attachmentsIn } from '../../src/adapters/policy/attachments.ts';
import { isSensitive, secretsIn } from '../../src/adapters/policy/secrets.ts';

const retryCase: PolicyCase = {
  system: true,
  turns: [{ kind: 'tool-calls', calls: [{ tool: 'issue_refund', fails: true, retried: true }] }, { kind: 'user-statement' }, { kind: 'reframe' }],
  rounds: 2,
  script: ['faithful'],
  config: { triggerMessages: 3, keepMessages: 1 },
};

describe('policy generators', () => {
  it('builds a conversation: system, task, a failed side-effecting call retried with the same request id, a re-frame', () => {
    const { rounds, written } = buildConversation(retryCase);
    const all = rounds.flat();
    expect(all.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'user', 'user']);
    expect(all.map((m) => m.id)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(all[3]).toMatchObject({ role: 'tool', isError: true, toolCallId: 'call_1' });
    expect(sideEffectRequestIds(all)).toEqual(['req-1']);
    expect(all[7]?.content).toMatch(/^NEW TASK/);
    expect(rounds).toHaveLength(2);
    expect(written.size).toBe(8);
  });

  it('is deterministic and well-formed for every generated case: unique ids, each call answered right after', () => {
    fc.assert(
      fc.property(policyCaseArbitrary(), (c) => {
        const all = buildConversation(c).rounds.flat();
        expect(JSON.stringify(buildConversation(c).rounds.flat())).toBe(JSON.stringify(all));
        expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
        all.forEach((m, i) => {
          if (m.role !== 'tool') return;
          const caller = all.slice(0, i).reverse().find((x) => x.role === 'assistant');
          expect(caller?.role === 'assistant' && caller.toolCalls?.some((t) => t.id === m.toolCallId)).toBe(true);
        });
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it.each(FAKE_BEHAVIOURS)('the fake model behaves as scripted: %s', async (behaviour: FakeBehaviour) => {
    const withRetraction: PolicyCase = { ...retryCase, turns: [...retryCase.turns, { kind: 'retraction', how: 'cancelled', tool: 'issue_refund' }, { kind: 'standing', via: 'user' }, { kind: 'sensitive-read' }] };
    const messages = buildConversation(withRetraction).rounds.flat();
    const model = createAdversarialModel([behaviour], messages);
    const prompt = messages.map((m) => m.content).join('\n');
    const answer = model.complete(prompt);
    if (behaviour === 'throw') {
      await expect(answer).rejects.toThrow(/unavailable/);
      expect(model.calls[0]?.outcome).toBe('threw');
      return;
    }
    const text = await answer;
    const expectations: Record<Exclude<FakeBehaviour, 'throw'>, (t: string) => void> = {
      faithful: (t) => expect([t.includes('TASK: refund order #1001 for alice (ticket T-1)'), t.includes('sk-live-')]).toEqual([true, false]),
      'drop-ids': (t) => expect(t).not.toMatch(/req-1|T-1|#1001/),
      fabricate: (t) => expect(t).toMatch(/failed because/),
      'echo-previous': (t) => expect(t).toMatch(/^Summary: the user asked/),
      empty: (t) => expect(t).toBe(''),
      huge: (t) => expect(t.length).toBeGreaterThan(HUGE_FILLER_CHARS),
      'revive-retracted': (t) => expect(t).toContain('Next step: refund order #2004 (I-4); the user approved it and it is still pending.'),
      'continue-unasked': (t) => expect(t).toMatch(/without asking the user/),
      'invent-user': (t) => expect(t).toContain(INVENTED_USER),
      'claim-done': (t) => expect(t).toContain('Done: I-4 completed successfully (order #2004).'),
      'repeat-secret': (t) => expect(t).toMatch(new RegExp(`${SECRETS_KEPT} PAYMENTS_API_KEY=sk-live-[0-9a-f]{24} WEBHOOK_TOKEN=whk-[0-9a-f]{24}$`)),
      'paraphrase-standing': (t) => expect([t.includes(PARAPHRASED_STANDING), t.includes('<standing-instructions')]).toEqual([true, false]),
    };
    expectations[behaviour](text);
    expect(model.calls).toHaveLength(1);
  });

  it('writes what INV-20 to INV-26 need: reasoning, late results, instructions, poisoned output, agent state', () => {
    const c: PolicyCase = {
      system: false,
      turns: [
        { kind: 'instruction', tool: 'issue_refund', done: true },
        { kind: 'instruction', tool: 'charge_card', done: false },
        { kind: 'poisoned-read' },
        { kind: 'agent-state', what: 'todos' },
        { kind: 'agent-state', what: 'subagent' },
        { kind: 'tool-calls', calls: [{ tool: 'send_email', fails: false, retried: false }], reasoning: true, late: true },
      ],
      rounds: 2,
      script: ['faithful'],
      config: { triggerMessages: 4, keepMessages: 2 },
    };
    const { rounds } = buildConversation(c);
    const all = rounds.flat();
    // The late turn ends round 1's list? It is the last turn of the last round: its results never arrive.
    expect(all.at(-1)).toMatchObject({ role: 'assistant', reasoning: { signature: expect.stringMatching(/^sig_[0-9a-f]{32}$/) } });
    expect(inFlightCalls(all).map((call) => call.name)).toEqual(['send_email']);
    expect(instructions(all).map((i) => [i.id, i.order, i.doneBy?.call.args['request_id']])).toEqual([['I-1', '2001', 'req-1'], ['I-2', '2002', undefined]]);
    expect(all.some((m) => m.role === 'tool' && m.content.startsWith(POISON))).toBe(true);
    expect(agentStateOf(all)).toEqual({ todos: expect.arrayContaining([{ content: 'Email alice the receipt', status: 'completed' }]), subagents: ['agent-5'] });
  });

  it('writes what INV-30 needs: instructions cancelled or replaced, plans left unapproved, and an approved one', () => {
    const how = ['cancelled', 'superseded', 'unapproved', 'approved'] as const;
    const c: PolicyCase = { system: false, turns: how.map((h) => ({ kind: 'retraction' as const, how: h, tool: 'charge_card' as const })), rounds: 1, script: ['faithful'], config: { triggerMessages: 4, keepMessages: 2 } };
    const all = buildConversation(c).rounds.flat();
    expect(all.map((m) => m.content.split(':')[0])).toEqual(['TASK', 'INSTRUCTION I-1', 'CANCEL I-1', 'INSTRUCTION I-2', 'REPLACE I-2', 'PLAN P-3 (awaiting approval)', 'PLAN P-4 (awaiting approval)', 'APPROVE P-4.']);
    expect(retractions(all).map((r) => [r.id, r.kind, r.action, r.order])).toEqual([['I-1', 'cancelled', 'charge', '2001'], ['I-2', 'superseded', 'charge', '2002'], ['P-3', 'unapproved', 'charge', '2003']]);
    expect(all.filter((m) => m.role === 'user').some((m) => UNASKED_DIRECTIVE.test(m.content))).toBe(false);
  });

  it('writes what INV-34 and INV-35 need: an image and a file part named in no text, and sensitive output whose canaries occur once', () => {
    const c: PolicyCase = { system: false, turns: [{ kind: 'attachment', what: 'image' }, { kind: 'attachment', what: 'file' }, { kind: 'sensitive-read' }, { kind: 'sensitive-read' }], rounds: 1, script: ['faithful'], config: { triggerMessages: 4, keepMessages: 2 } };
    const all = buildConversation(c).rounds.flat();
    expect(attachmentsIn(all).map((p) => [p.message.id, p.attachment.kind, p.attachment.name, p.attachment.mediaType])).toEqual([['m1', 'image', 'checkout-1.png', 'image/png'], ['m2', 'file', 'invoice-2.pdf', 'application/pdf']]);
    expect(Buffer.from(attachmentsIn(all)[0]?.attachment.data ?? '', 'base64').subarray(1, 4).toString()).toBe('PNG');
    for (const p of attachmentsIn(all)) expect(all.some((m) => m.content.includes(p.attachment.name))).toBe(false);
    const secrets = secretsIn(all);
    expect(secrets).toHaveLength(4);
    expect(all.filter(isSensitive).map((m) => m.id)).toEqual(['m4', 'm6']);
    for (const s of secrets) expect(all.filter((m) => m.content.includes(s))).toHaveLength(1);
  });

  it('a large-read turn holds more than the fake summarizer\'s window, and the fake refuses a prompt that long (INV-22)', async () => {
    const { rounds } = buildConversation({ system: false, turns: [{ kind: 'large-read' }], rounds: 1, script: ['faithful'], config: { triggerMessages: 3, keepMessages: 1 } });
    const big = rounds.flat().find((m) => m.role === 'tool');
    expect(big?.content.length).toBeGreaterThan(FAKE_WINDOW_CHARS);
    const model = createAdversarialModel(['faithful'], rounds.flat());
    expect(model.contextChars).toBe(FAKE_WINDOW_CHARS);
    await expect(model.complete(big?.content ?? '')).rejects.toThrow(/over the 40000-character window/);
    expect(model.calls[0]).toMatchObject({ outcome: 'threw', rejected: 'context-length' });
  });

  it('a late turn that ends a round is in flight at that round\'s prune; its results open the next round', () => {
    fc.assert(
      fc.property(policyCaseArbitrary(), (c) => {
        const { rounds, arrivals } = buildConversation(c);
        rounds.forEach((_round, r) => {
          const fed = rounds.slice(0, r + 1).flat();
          // A result that lands during a round's prune (an `arrival`, INV-37) is not the next round's.
          const arriving = arrivals.slice(0, r + 1).flat().flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
          for (const call of inFlightCalls(fed).filter((x) => !arriving.includes(x.id))) {
            // Only the last message fed so far may hold a call whose results have not arrived.
            expect(fed.at(-1)?.role === 'assistant' && (fed.at(-1) as { toolCalls?: { id: string }[] }).toolCalls?.some((x) => x.id === call.id)).toBe(true);
            const next = rounds.slice(r + 1).find((later) => later.length > 0);
            const leading = (next ?? []).slice(0, (next ?? []).findIndex((m) => m.role !== 'tool') >>> 0);
            if (next !== undefined && next.length > 0) expect(leading.some((m) => m.role === 'tool' && m.toolCallId === call.id)).toBe(true);
          }
        });
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('generated configs keep the trigger at least two above the kept tail (D-17)', () => {
    fc.assert(fc.property(policyCaseArbitrary(), (c) => c.config.triggerMessages >= c.config.keepMessages + 2), { seed: 5, numRuns: 200 });
  });

  it('echo-previous repeats the previous answer; the script cycles', async () => {
    const model = createAdversarialModel(['faithful', 'echo-previous'], buildConversation(retryCase).rounds.flat());
    const first = await model.complete('TASK: refund order #1001 for alice');
    expect(await model.complete('something else entirely')).toBe(first);
    expect(model.calls.map((c) => c.behaviour)).toEqual(['faithful', 'echo-previous']);
    await model.complete('x');
    expect(model.calls[2]?.behaviour).toBe('faithful');
  });
});
