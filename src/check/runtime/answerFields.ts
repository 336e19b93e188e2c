import type { IndexEntry } from '../../model/IndexEntry.ts';
import type { BackingCheck, Compacted, Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { SpanObservation } from '../../model/RuntimeConfig.ts';
import type { Provenance, SpanView } from '../../model/Span.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import type { FindingKind } from '../FindingKind.ts';

/**
 * A choice spec/SPEC.md §7 leaves to the runtime, by its row: C-4 a handle's or pointer's spelling, C-5 a line's
 * wording, C-6 a token range's origin, C-7 internals, C-8 what a window-full's `needed` counts, C-9 how long a
 * rejection notice stays once answered, C-10 how a logged check meets provenance (D-23).
 */
export type ChoiceId = 'C-4' | 'C-5' | 'C-6' | 'C-7' | 'C-8' | 'C-9' | 'C-10';

/** The kinds of answer a runtime gives: an outcome, an observation, and the records nested in them. */
export type AnswerType = 'outcome' | 'observation' | 'span-view' | 'provenance' | 'tombstone' | 'index' | 'backing-check' | 'request-record' | 'compacted-eviction';

/**
 * How one field of an answer is judged against the reference's: compared (`value` exactly, `set` as a set of ids,
 * C-7), compared field by field (`record`, or `records`: a list of records read as a set), or masked by a declared
 * choice (`choice`; with `presence`, whether it is there is still compared). `rule` names the invariant a
 * difference is attributed to when no finer check has attributed it (DIFFERENTIAL when none decides it alone).
 */
export type Treatment =
  | { readonly as: 'value'; readonly rule?: FindingKind }
  | { readonly as: 'set'; readonly rule?: FindingKind }
  | { readonly as: 'record'; readonly of: AnswerType }
  | { readonly as: 'records'; readonly of: AnswerType }
  | { readonly as: 'choice'; readonly choice: ChoiceId; readonly presence?: true };

/** Every field of `T`, optional ones too: a field added to a model type and missing here fails the typecheck. */
type Fields<T> = { readonly [K in keyof T]-?: Treatment };
type ByKind<U extends { readonly kind: string }> = { readonly [K in U['kind']]: Fields<Extract<U, { readonly kind: K }>> };

const value = (rule?: FindingKind): Treatment => (rule === undefined ? { as: 'value' } : { as: 'value', rule });
const set = (rule?: FindingKind): Treatment => (rule === undefined ? { as: 'set' } : { as: 'set', rule });
const record = (of: AnswerType): Treatment => ({ as: 'record', of });
const choice = (id: ChoiceId, presence = false): Treatment => (presence ? { as: 'choice', choice: id, presence: true } : { as: 'choice', choice: id });
const KIND = value();
const ID = value();

/** Each outcome kind, field by field. */
export const OUTCOME_FIELDS: ByKind<Outcome> = {
  rejected: { kind: KIND, spanId: ID, reason: value(), check: record('backing-check'), safeClaim: value('INV-03') },
  'window-full': { kind: KIND, spanId: ID, needed: choice('C-8'), used: value('INV-13'), capacity: value('INV-13') },
  appended: { kind: KIND, spanId: ID, handle: choice('C-4', true) },
  persisted: { kind: KIND, spanId: ID, handle: choice('C-4', true) },
  rotated: { kind: KIND, expired: set() },
  overwritten: { kind: KIND, spanId: ID },
  edited: { kind: KIND, spanId: ID, tokens: value() },
  evicted: { kind: KIND, spanId: ID, mode: value(), handle: choice('C-4', true), check: record('backing-check'), tombstone: record('tombstone'), safeClaim: value('INV-03') },
  summarized: { kind: KIND, summaryId: ID, sourceIds: set('INV-05') },
  reframed: { kind: KIND, frame: value(), floored: set('INV-08'), derivable: set('INV-08') },
  compacted: { kind: KIND, evicted: { as: 'records', of: 'compacted-eviction' }, refused: set() },
  restored: { kind: KIND, spanId: ID },
  resident: { kind: KIND, spanId: ID, span: record('span-view') },
  recoverable: { kind: KIND, spanId: ID, handle: choice('C-4', true), content: value('INV-03') },
  derivable: { kind: KIND, spanId: ID, sources: set('INV-04') },
  tombstoned: { kind: KIND, spanId: ID, digest: value('INV-04'), why: value('INV-04') },
  absent: { kind: KIND, spanId: ID },
  substantiated: { kind: KIND, claim: value() },
  'derived-only': { kind: KIND, claim: value(), derivedIds: set('INV-10') },
  gap: { kind: KIND, claim: value(), lostIds: set('INV-10') },
  unfounded: { kind: KIND, claim: value(), unknownIds: set('INV-10'), lostIds: set('INV-28') },
  executed: { kind: KIND, signature: value('INV-09'), requestId: value('INV-09') },
  duplicate: { kind: KIND, signature: value('INV-09'), original: record('request-record') },
  'too-soon': { kind: KIND, signature: value('INV-09'), original: record('request-record'), retryAt: value('INV-09') },
  unreconciled: { kind: KIND, signature: value('INV-09'), original: record('request-record') },
  versioned: { kind: KIND, modelVersion: value('INV-11'), policyVersion: value('INV-11') },
};

/** Each in-window index entry kind. A rejection notice's text and lifetime are the runtime's (C-5, C-9). */
export const INDEX_FIELDS: ByKind<IndexEntry> = {
  handle: { kind: value('INV-03'), spanId: ID, handle: choice('C-4', true) },
  derivable: { kind: value('INV-03'), spanId: ID, sources: set('INV-03') },
  lossy: { kind: value('INV-03'), spanId: ID, text: choice('C-5') },
  rejected: { kind: value('INV-12'), spanId: ID, reason: choice('C-5'), step: choice('C-9') },
};

export const OBSERVATION_FIELDS: Fields<SpanObservation> = {
  spanId: ID,
  resident: record('span-view'),
  index: record('index'),
  tombstone: record('tombstone'),
  gap: choice('C-4', true),
};

export const SPAN_VIEW_FIELDS: Fields<SpanView> = {
  id: ID,
  kind: value('INV-05'),
  content: value(),
  tokens: value(),
  score: value(),
  floored: value(),
  sources: set('INV-05'),
  provenance: record('provenance'),
};

/** A summary's provenance marker (§1): derived, the versions in force, and the step it was written at. */
export const PROVENANCE_FIELDS: Fields<Provenance> = {
  derived: value('INV-05'),
  modelVersion: value('INV-11'),
  policyVersion: value('INV-11'),
  step: value('INV-05'),
};

/** INV-01's fields; the frame epoch is the reference's own bookkeeping, not part of the record (C-7). */
export const TOMBSTONE_FIELDS: Fields<Tombstone> = {
  spanId: value('INV-01'),
  tokenRange: choice('C-6', true),
  policyVersion: value('INV-11'),
  modelVersion: value('INV-11'),
  score: value('INV-01'),
  digest: value('INV-01'),
  derivationChain: set('INV-01'),
  frameEpoch: choice('C-7'),
  mode: value('INV-01'),
  handle: choice('C-4', true),
  step: value('INV-01'),
};

/** A prune's logged check (INV-12): provenance may be met through the tombstone store (D-23, C-10). */
export const BACKING_CHECK_FIELDS: Fields<BackingCheck> = {
  existence: value('INV-12'),
  addressable: value('INV-12'),
  provenance: choice('C-10'),
  handle: choice('C-4'),
};

export const REQUEST_RECORD_FIELDS: Fields<RequestRecord> = {
  signature: value('INV-09'),
  requestId: value('INV-09'),
  step: value('INV-09'),
  retryAfter: value('INV-09'),
  status: value('INV-09'),
  at: value('INV-09'),
  idempotencyKey: value('INV-09'),
};

export const COMPACTED_EVICTION_FIELDS: Fields<Compacted['evicted'][number]> = { spanId: value('INV-03'), mode: value('INV-03') };

const BY_KIND: Partial<Record<AnswerType, Readonly<Record<string, Readonly<Record<string, Treatment>>>>>> = { outcome: OUTCOME_FIELDS, index: INDEX_FIELDS };
const PLAIN: Partial<Record<AnswerType, Readonly<Record<string, Treatment>>>> = {
  observation: OBSERVATION_FIELDS,
  'span-view': SPAN_VIEW_FIELDS,
  provenance: PROVENANCE_FIELDS,
  tombstone: TOMBSTONE_FIELDS,
  'backing-check': BACKING_CHECK_FIELDS,
  'request-record': REQUEST_RECORD_FIELDS,
  'compacted-eviction': COMPACTED_EVICTION_FIELDS,
};

const PLAIN_BY_TYPE: ReadonlyMap<AnswerType, Readonly<Record<string, Treatment>>> = new Map(Object.entries(PLAIN) as [AnswerType, Readonly<Record<string, Treatment>>][]);

/**
 * Answers whose absence on one side is a declared choice: a rejection notice may be gone once its refusal was
 * answered, or kept (C-9); INV-12 asks for it at the refusal, which the `rejections` check judges.
 */
export function absenceChoice(type: AnswerType, present: unknown): ChoiceId | undefined {
  return type === 'index' && (present as { kind?: unknown } | null | undefined)?.kind === 'rejected' ? 'C-9' : undefined;
}

/** The fields of one answer of `type` (for an outcome or an index entry, of its kind); `undefined` for an unknown kind. */
export function fieldsOf(type: AnswerType, answer: unknown): Readonly<Record<string, Treatment>> | undefined {
  // The two kinded types by comparison and the rest from a map: reading the tables by a type the engine cannot
  // predict (BY_KIND[type]) was most of this function's time, and it runs for every record compared.
  const byKind = type === 'outcome' ? BY_KIND.outcome : type === 'index' ? BY_KIND.index : undefined;
  if (byKind === undefined) return PLAIN_BY_TYPE.get(type);
  const kind = (answer as { kind?: unknown } | null | undefined)?.kind;
  return typeof kind === 'string' ? byKind[kind] : undefined;
}
