import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { LEGAL_VARIANTS, VARIANT_CHOICES } from '../../../src/subjects/variants/index.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { raw } from '../../helpers/model.ts';
import { observedOf, outcomeAt, playAdapter } from '../../helpers/playAdapter.ts';
import { FAST_VARIANT_SEEDS, itIsConformant } from '../../helpers/variants.ts';

const SHOWN = new Set(['C-4', 'C-5', 'C-6']);
const variant = (name: string): Adapter => findBuiltin(name) as Adapter;

// The variants that differ only in what they show (handles, wording, token ranges: SPEC.md §7 C-4…C-6).
// Seed 1 in `npm test`; seeds 1–36 in variantsAt36Seeds.soak.test.ts (`npm run test:soak`).
describe('legal variants showing their state in their own way', () => {
  it('each differs from the reference where its choice is', async () => {
    const ops = [raw('a', 'alpha'), raw('b', 'beta', { persist: true }), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'prune', spanId: 'b' }] as const;
    const [reference, handles, wording, ranges] = await Promise.all([referenceAdapter, variant('opaque-handles'), variant('own-marker-wording'), variant('window-token-ranges')].map((a) => playAdapter(a, ops)));
    expect(outcomeAt(handles!, 3, 'evicted').handle).toMatch(/^log:[0-9a-f]{8}$/);
    expect(outcomeAt(handles!, 3, 'evicted').handle).not.toBe(outcomeAt(reference!, 3, 'evicted').handle);
    expect(observedOf(wording!, 'a').index).toMatchObject({ kind: 'lossy', text: expect.stringContaining('a was pruned for good') });
    expect(observedOf(wording!, 'a').index).not.toEqual(observedOf(reference!, 'a').index);
    expect(observedOf(reference!, 'b').tombstone?.tokenRange).toEqual([2, 3]);
    expect(observedOf(ranges!, 'b').tombstone?.tokenRange).toEqual([0, 1]);
  });

  itIsConformant(
    LEGAL_VARIANTS.filter((a) => SHOWN.has(VARIANT_CHOICES[a.name] ?? '')),
    () => false,
    FAST_VARIANT_SEEDS,
  );
});
