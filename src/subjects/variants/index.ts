import type { Adapter } from '../../adapters/Adapter.ts';
import { compactsInWindowOrder } from './compactsInWindowOrder.ts';
import { compactsNewestFirst } from './compactsNewestFirst.ts';
import { opaqueHandles } from './opaqueHandles.ts';
import { ownMarkerWording } from './ownMarkerWording.ts';
import { prefersReversible } from './prefersReversible.ts';
import { refusesCapacityFirst } from './refusesCapacityFirst.ts';
import { windowTokenRanges } from './windowTokenRanges.ts';

/**
 * The legal variants: runtimes that each make choices spec/SPEC.md §7 leaves open differently from the
 * reference, paired with the choice point. The false-positive counterpart of the zoo: each must be
 * `conformant` (spec/subjects/variants.test.ts); a finding on one is a bug in prunecheck.
 */
const VARIANTS: readonly (readonly [Adapter, string])[] = [
  [prefersReversible, 'C-1'],
  [compactsNewestFirst, 'C-2'],
  [compactsInWindowOrder, 'C-2'],
  [refusesCapacityFirst, 'C-3'],
  [opaqueHandles, 'C-4'],
  [ownMarkerWording, 'C-5'],
  [windowTokenRanges, 'C-6'],
];

export const LEGAL_VARIANTS: readonly Adapter[] = VARIANTS.map(([adapter]) => adapter);

/** For each legal variant's name, the choice point it decides its own way. */
export const VARIANT_CHOICES: Readonly<Record<string, string>> = Object.fromEntries(VARIANTS.map(([adapter, choice]) => [adapter.name, choice]));
