import { sameElements } from '../../util/sameElements.ts';

/** `JSON.stringify` of the ids sorted (absent: none): how sets of ids are told apart in a finding. */
export const sortedJson = (ids: readonly string[] | undefined): string => JSON.stringify([...(ids ?? [])].sort());

/**
 * Whether two sets of ids agree, as their sorted JSON would: the same members in the same order (the common case,
 * both sides listing a span's sources as written) agree without serializing anything; anything else is judged by
 * the sorted JSON, as always.
 */
export function sameIds(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b) && sameElements(a, b)) return true;
  return sortedJson(a) === sortedJson(b);
}
