import type { Adapter } from '../../src/adapters/Adapter.ts';
import { referenceAdapter } from '../../src/subjects/reference.ts';
import { LEGAL_VARIANTS } from '../../src/subjects/variants/index.ts';
import { TRANSFORMERS, everyFreedom } from '../../src/subjects/variants/transformers/index.ts';

/**
 * The transformed legal runtimes: each transformer alone on the reference, and every freedom at once on the
 * reference and on every legal variant (so a variant's own choice meets every outside one). Each must be conformant.
 */
export function transformedSubjects(): readonly (readonly [string, Adapter])[] {
  return [
    ...TRANSFORMERS.map(([transform, choice]) => [choice, transform(referenceAdapter)] as const),
    ...[referenceAdapter, ...LEGAL_VARIANTS].map((adapter) => ['C-4…C-7', everyFreedom(adapter)] as const),
  ];
}
