import { describe, expect, it } from 'vitest';
import { attachmentMarker } from '../../../src/adapters/policy/attachments.ts';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { POLICY_CHECKS } from '../../../src/check/policy/invariants.ts';
import type { PolicyObservation } from '../../../src/check/policy/PolicyObservation.ts';

// INV-34 on hand-built lists: a part dropped with nothing naming it fires; kept, or named by a marker, does not.
const image = { kind: 'image' as const, name: 'checkout-1.png', mediaType: 'image/png', data: 'iVBORw0KGgo=' };
const task: PolicyMessage = { role: 'user', id: 'm0', content: 'TASK: refund order #1001 for alice (ticket T-1) and email her the receipt.' };
const pasted: PolicyMessage = { role: 'user', id: 'm1', content: 'Here is a screenshot of the failed checkout for alice; the error code is in the attached image.', attachments: [image] };
const note: PolicyMessage = { role: 'assistant', id: 'm2', content: 'Progress note 2: continuing with the current task for bob.' };
const before = [task, pasted, note];
const { attachments: _gone, ...textOnly } = pasted;

function observe(after: readonly PolicyMessage[]): PolicyObservation {
  const written = new Map(before.map((m) => [m.id as string, m]));
  return { round: 1, before, after, record: { retained: before, offloaded: [], metadata: {} }, calls: [], seen: written, written };
}
const inv34 = (o: PolicyObservation): string[] => (POLICY_CHECKS['INV-34'] as (o: PolicyObservation) => string[])(o);

describe('INV-34: attachments leave a trace', () => {
  it('INV-34 passes a list that keeps the part, or names it in a marker', () => {
    expect(inv34(observe(before))).toEqual([]);
    const marker: PolicyMessage = { role: 'assistant', id: 's1', content: `Summary.\n${attachmentMarker(image, 'm1')}`, replaces: ['m2'] };
    expect(inv34(observe([task, textOnly, marker]))).toEqual([]);
  });

  it('INV-34 flags a part taken off while the text that refers to it stays (open-webui/open-webui#29747)', () => {
    expect(inv34(observe([task, textOnly, note]))).toEqual([expect.stringMatching(/the image checkout-1.png \(image\/png\) of m1 .* neither a part of any message in the list nor named by one/)]);
  });

  it('INV-34 flags a summary that quotes the text but not the part, and a copy of the part with other bytes', () => {
    const summary: PolicyMessage = { role: 'assistant', id: 's1', content: `Summary:\n- user: ${pasted.content}`, replaces: ['m1', 'm2'] };
    expect(inv34(observe([task, summary]))).toHaveLength(1);
    const altered: PolicyMessage = { ...pasted, attachments: [{ ...image, data: 'AAAA' }] };
    expect(inv34(observe([task, altered, note]))).toHaveLength(1);
  });
});
