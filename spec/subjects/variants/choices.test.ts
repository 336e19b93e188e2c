import { describe } from 'vitest';
import { LEGAL_VARIANTS, VARIANT_CHOICES } from '../../../src/subjects/variants/index.ts';
import { FAST_VARIANT_SEEDS, itIsConformant } from '../../helpers/variants.ts';

const CHOICES = new Set(['C-1', 'C-2', 'C-3']);

// The variants whose choices the reference adopts at a choice point (SPEC.md §7 C-1…C-3): each must be
// conformant, and the engine must have taken its choices (the reference adopted at least one per variant).
// Seed 1 in `npm test`; seeds 1–36 in variantsAt36Seeds.soak.test.ts (`npm run test:soak`).
describe('legal variants making choices the reference adopts', () => {
  itIsConformant(
    LEGAL_VARIANTS.filter((a) => CHOICES.has(VARIANT_CHOICES[a.name] ?? '')),
    () => true,
    FAST_VARIANT_SEEDS,
  );
});
