/**
 * A fact a clause rests on, stated so it can be checked against the system under test itself: what it was asked,
 * what it answered, what it showed when observed, how it was configured. A `shape` is matched as `matchesShape`
 * describes; `step` is 1-based, as in reports.
 */
export type Fact =
  | { readonly kind: 'asked'; readonly step: number; readonly shape: unknown }
  | { readonly kind: 'answered'; readonly step: number; readonly shape: unknown }
  /** No answer in steps `from`…`to` (inclusive) matches `shape`. */
  | { readonly kind: 'never-answered'; readonly from: number; readonly to: number; readonly shape: unknown }
  | { readonly kind: 'observed'; readonly step: number; readonly when: 'before' | 'after'; readonly spanId: string; readonly shape: unknown }
  /** What the system's `request(signature)` answered after `step`. */
  | { readonly kind: 'ledger'; readonly step: number; readonly signature: string; readonly shape: unknown }
  | { readonly kind: 'config'; readonly shape: unknown }
  /**
   * What the system's `auditLog()` answered after `step` about `operation`: it holds exactly `count` entries for it,
   * or (with `outcome`) an entry for it whose outcome matches that shape.
   */
  | { readonly kind: 'audit-log'; readonly step: number; readonly operation: unknown; readonly count?: number; readonly outcome?: unknown };

/**
 * One sentence of a finding's "because" chain, and who it is about: the `step` (what was asked and answered),
 * the `system` (its answers and state: every such clause carries the facts that make it true), the `reference`
 * (what the reference model answered or knows), or the `rule` broken.
 */
export interface Clause {
  readonly about: 'step' | 'system' | 'reference' | 'rule';
  readonly text: string;
  readonly facts: readonly Fact[];
}

export const systemClause = (text: string, ...facts: Fact[]): Clause => ({ about: 'system', text, facts });
export const referenceClause = (text: string): Clause => ({ about: 'reference', text, facts: [] });

/**
 * Whether `value` matches `shape`: `null` matches `null` and `undefined`; `{ $not: s }` matches what `s` does
 * not; an array matches an array holding a match for each of its elements (an empty one: an empty or missing
 * array); an object matches an object whose every key matches; anything else matches by `===`.
 */
export function matchesShape(value: unknown, shape: unknown): boolean {
  if (shape === null) return value === null || value === undefined;
  if (Array.isArray(shape)) {
    if (shape.length === 0) return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
    return Array.isArray(value) && shape.every((s) => value.some((v) => matchesShape(v, s)));
  }
  if (typeof shape === 'object') {
    if ('$not' in shape) return !matchesShape(value, (shape as { $not: unknown }).$not);
    if (typeof value !== 'object' || value === null) return false;
    return Object.entries(shape).every(([key, s]) => matchesShape((value as Record<string, unknown>)[key], s));
  }
  return value === shape;
}
