import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PolicyAttachment } from '../../../src/adapters/policy/PolicyMessage.ts';
import type { PolicyCase } from '../../../src/gen/policy/PolicyCase.ts';
import { runPolicyCase } from '../../../src/run/policy/runPolicyCase.ts';
import { fromAiParts, fromLangChainBlocks, fromLlamaDetails, toAiParts, toLangChainBlocks, toLlamaDetails } from '../../../src/subjects/policy/attachmentParts.ts';
import { POLICY_ADAPTERS } from '../../../src/subjects/policy/index.ts';

const attachment: fc.Arbitrary<PolicyAttachment> = fc.record({
  kind: fc.constantFrom('image' as const, 'file' as const),
  name: fc.stringMatching(/^[a-z0-9-]{1,12}\.(png|pdf)$/),
  mediaType: fc.constantFrom('image/png', 'application/pdf'),
  data: fc.base64String({ minLength: 4, maxLength: 40 }),
});

describe('attachments through each library format (INV-34)', () => {
  it('round-trip: LangChain blocks, AI SDK parts and LlamaIndex details give back the same attachments', () => {
    fc.assert(
      fc.property(fc.array(attachment, { minLength: 1, maxLength: 3 }), (as) => {
        expect(fromLangChainBlocks(toLangChainBlocks(as))).toEqual(as);
        expect(fromAiParts(toAiParts(as))).toEqual(as);
        expect(fromLlamaDetails(toLlamaDetails(as), new Map(as.map((a) => [a.data, a])))).toEqual(as);
      }),
      { seed: 34, numRuns: 100 },
    );
  });

  // beeai-framework's SummarizeMemory takes no budget and summarizes on every add: there is no "before it prunes"
  // to hand parts back in; whether its summary names them is INV-34's question, judged in the ecosystem report.
  const ecosystem = POLICY_ADAPTERS.filter((e) => e.ecosystem && e.name !== 'beeai-summarize-memory');
  it.each(ecosystem.map((e) => [e.name, e] as const))('%s hands a user message with an image and a file back with both parts before it prunes', async (_name, entry) => {
    const adapter = await entry.load();
    const c: PolicyCase = { system: false, turns: [{ kind: 'attachment', what: 'image' }, { kind: 'attachment', what: 'file' }], rounds: 1, script: ['faithful'], config: { triggerMessages: 50, keepMessages: 40 } };
    const run = await runPolicyCase(adapter, c);
    const after = run.observations[0]?.after ?? [];
    const parts = after.flatMap((m) => (m.role === 'user' ? (m.attachments ?? []).map((a) => `${m.id}:${a.name}:${a.mediaType}`) : []));
    expect(parts).toEqual(['m1:checkout-1.png:image/png', 'm2:invoice-2.pdf:application/pdf']);
  });
});
