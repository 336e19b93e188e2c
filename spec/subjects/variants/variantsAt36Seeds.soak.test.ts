import { describe } from 'vitest';
import { LEGAL_VARIANTS, VARIANT_CHOICES } from '../../../src/subjects/variants/index.ts';
import { itIsConformant, VARIANT_SEEDS } from '../../helpers/variants.ts';

const CHOICES = new Set(['C-1', 'C-2', 'C-3']);
const SHOWN = new Set(['C-4', 'C-5', 'C-6']);

// The soak tier of choices.test.ts and shown.test.ts (which run seed 1 in `npm test`): every legal variant is
// conformant at the 36 seeds the broken zoo is caught at, 300 runs each.
describe('legal variants at 36 seeds (soak tier)', () => {
  itIsConformant(LEGAL_VARIANTS.filter((a) => CHOICES.has(VARIANT_CHOICES[a.name] ?? '')), () => true, VARIANT_SEEDS);
  itIsConformant(LEGAL_VARIANTS.filter((a) => SHOWN.has(VARIANT_CHOICES[a.name] ?? '')), () => false, VARIANT_SEEDS);
});
