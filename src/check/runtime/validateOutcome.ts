/** Field types each outcome kind must carry, as far as the checkers read them. */
const FIELDS: Readonly<Record<string, Readonly<Record<string, 'string' | 'string[]' | 'object' | 'number'>>>> = {
  appended: { spanId: 'string' },
  'window-full': { spanId: 'string', needed: 'number', used: 'number', capacity: 'number' },
  persisted: { spanId: 'string', handle: 'string' },
  rotated: { expired: 'string[]' },
  edited: { spanId: 'string' },
  overwritten: { spanId: 'string' },
  evicted: { spanId: 'string', mode: 'string', tombstone: 'object' },
  rejected: { spanId: 'string', reason: 'string' },
  summarized: { summaryId: 'string', sourceIds: 'string[]' },
  reframed: { frame: 'string', floored: 'string[]', derivable: 'string[]' },
  compacted: { evicted: 'object', refused: 'string[]' },
  restored: { spanId: 'string' },
  resident: { spanId: 'string' },
  recoverable: { spanId: 'string', handle: 'string', content: 'string' },
  derivable: { spanId: 'string', sources: 'string[]' },
  tombstoned: { spanId: 'string', digest: 'string', why: 'string' },
  absent: { spanId: 'string' },
  substantiated: {},
  'derived-only': { derivedIds: 'string[]' },
  gap: { lostIds: 'string[]' },
  unfounded: { unknownIds: 'string[]' },
  executed: { signature: 'string' },
  duplicate: { signature: 'string', original: 'object' },
  'too-soon': { signature: 'string', original: 'object', retryAt: 'number' },
  unreconciled: { signature: 'string', original: 'object' },
  versioned: { modelVersion: 'string', policyVersion: 'string' },
};

type FieldType = 'string' | 'string[]' | 'object' | 'number';

/**
 * Each kind's fields, names and types side by side, listed once (the table is a constant) and read by index: a
 * default check runs mostly unoptimized, where `for (const [field, type] of entries)` pays an iterator, a result
 * object and a destructuring iterator per field of every outcome.
 */
const FIELD_LISTS: ReadonlyMap<string, { readonly names: readonly string[]; readonly types: readonly FieldType[] }> = new Map(
  Object.entries(FIELDS).map(([kind, fields]) => [kind, { names: Object.keys(fields), types: Object.values(fields) }]),
);

function hasType(value: unknown, type: FieldType): boolean {
  if (type === 'string[]') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (type === 'object') return typeof value === 'object' && value !== null;
  return typeof value === type;
}

/** Answers what is wrong with an adapter's outcome (naming the field), or `undefined` when it is well-formed. */
export function validateOutcome(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return `outcome must be an object, got ${value === null ? 'null' : typeof value}`;
  const kind = (value as { kind?: unknown }).kind;
  const fields = typeof kind === 'string' ? FIELDS[kind] : undefined;
  if (fields === undefined) return `outcome.kind ${JSON.stringify(kind)} is not an outcome kind of spec/SPEC.md §2`;
  const { names, types } = FIELD_LISTS.get(kind as string) as { readonly names: readonly string[]; readonly types: readonly FieldType[] };
  for (let i = 0; i < names.length; i += 1) {
    const field = names[i] as string;
    const type = types[i] as FieldType;
    if (!hasType((value as Record<string, unknown>)[field], type)) return `outcome '${kind}' field '${field}' must be ${type}, got ${JSON.stringify((value as Record<string, unknown>)[field])}`;
  }
  if (kind === 'window-full') {
    // INV-13: the answer carries the figures (needed, used, capacity), counts of tokens.
    const bad = (['needed', 'used', 'capacity'] as const).find((f) => !Number.isInteger((value as Record<string, unknown>)[f]) || ((value as Record<string, number>)[f] as number) < 0);
    if (bad !== undefined) return `outcome 'window-full' field '${bad}' must be a whole number of tokens (≥ 0), got ${JSON.stringify((value as Record<string, unknown>)[bad])}`;
  }
  if (kind === 'compacted') {
    const evicted = (value as { evicted: unknown }).evicted;
    if (!Array.isArray(evicted) || !evicted.every((e) => typeof e === 'object' && e !== null && typeof (e as { spanId?: unknown }).spanId === 'string' && typeof (e as { mode?: unknown }).mode === 'string')) {
      return "outcome 'compacted' field 'evicted' must be an array of { spanId, mode }";
    }
  }
  return undefined;
}

/** Answers what is wrong with an adapter's observation list for `ids`, or `undefined`. */
export function validateObservations(value: unknown, ids: readonly string[]): string | undefined {
  if (!Array.isArray(value)) return `observe() must answer an array, got ${typeof value}`;
  if (value.length !== ids.length) return `observe(${ids.length} ids) answered ${value.length} observations; answer one per id, in order`;
  for (let i = 0; i < value.length; i += 1) {
    const obs: unknown = value[i];
    if (typeof obs !== 'object' || obs === null) return `observation [${i}] must be an object`;
    const o = obs as Record<string, unknown>;
    if (o['spanId'] !== ids[i]) return `observation [${i}].spanId is ${JSON.stringify(o['spanId'])}, expected ${JSON.stringify(ids[i])}`;
    const resident = o['resident'];
    if (resident !== undefined && resident !== null) {
      if (typeof resident !== 'object') return `observation [${i}].resident must be an object or undefined`;
      const r = resident as Record<string, unknown>;
      if (typeof r['score'] !== 'number') return `observation [${i}].resident.score must be a number`;
      if (typeof r['floored'] !== 'boolean') return `observation [${i}].resident.floored must be a boolean`;
      if (!Array.isArray(r['sources'])) return `observation [${i}].resident.sources must be an array`;
    }
    const tombstone = o['tombstone'];
    if (tombstone !== undefined && tombstone !== null && (typeof tombstone !== 'object' || typeof (tombstone as { digest?: unknown }).digest !== 'string')) {
      return `observation [${i}].tombstone must be an object with a string digest`;
    }
  }
  return undefined;
}
