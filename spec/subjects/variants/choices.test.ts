import { describe } from 'vitest';
import { LEGAL_VARIANTS, VARIANT_CHOICES } from '../../../src/subjects/variants/index.ts';
import { itIsConformant } from '../../helpers/variants.ts';

const CHOICES = new Set(['C-1', 'C-2', 'C-3']);

// The variants whose choices the reference adopts at a choice point (SPEC.md §7 C-1…C-3): each must be
// conformant, and the engine must have taken its choices (the reference adopted at least one per variant).
describe('legal variants making choices the reference adopts', () => {
  itIsConformant(
    LEGAL_VARIANTS.filter((a) => CHOICES.has(VARIANT_CHOICES[a.name] ?? '')),
    () => true,
  );
});
