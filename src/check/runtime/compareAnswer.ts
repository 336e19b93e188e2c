import type { FindingKind } from '../FindingKind.ts';
import { absenceChoice, fieldsOf, type AnswerType, type Treatment } from './answerFields.ts';

/** One field where the system's answer differs from every answer the reference allows. */
export interface FieldDifference {
  /** Where, from the answer's root: `resident.provenance.step`. */
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
  /** The invariant the field's treatment attributes it to. */
  readonly rule: FindingKind;
}

const absent = (v: unknown): boolean => v === undefined || v === null;
const json = (v: unknown): string => JSON.stringify(v === undefined ? null : v);
const sortedIds = (v: unknown): string | undefined => (Array.isArray(v) ? JSON.stringify(v.map((x) => json(x)).sort()) : undefined);

/**
 * The answer with its masked fields taken out and its sets sorted: what two conformant runtimes must agree on,
 * field by field, by the table of spec/SPEC.md §7 choices (`answerFields.ts`).
 */
export function normalizeAnswer(type: AnswerType, answer: unknown): unknown {
  if (absent(answer)) return null;
  const fields = fieldsOf(type, answer);
  if (fields === undefined || typeof answer !== 'object') return answer;
  const out: Record<string, unknown> = {};
  for (const [name, treatment] of Object.entries(fields)) {
    const field = (answer as Record<string, unknown>)[name];
    const normal = normalizeField(treatment, field);
    if (normal !== undefined) out[name] = normal;
  }
  return out;
}

function normalizeField(treatment: Treatment, field: unknown): unknown {
  switch (treatment.as) {
    case 'value': return absent(field) ? null : field;
    case 'set': return Array.isArray(field) ? [...field].map((x) => json(x)).sort() : field ?? null;
    case 'record': return normalizeAnswer(treatment.of, field);
    case 'records': return Array.isArray(field) ? field.map((x) => JSON.stringify(normalizeAnswer(treatment.of, x))).sort() : field ?? null;
    case 'choice': return treatment.presence === true ? !absent(field) : undefined;
  }
}

/**
 * The first field of `actual` that differs from `expected` and is not masked by a declared choice, walking the
 * table of `type` (nested records included); `undefined` when they agree on every compared field. Fields the
 * system adds beyond the table are its own and ignored.
 */
export function compareAnswer(type: AnswerType, expected: unknown, actual: unknown, path = ''): FieldDifference | undefined {
  if (absent(expected) || absent(actual)) {
    if (absent(expected) === absent(actual) || absenceChoice(type, expected ?? actual) !== undefined) return undefined;
    return { path: path || '(answer)', expected: expected ?? null, actual: actual ?? null, rule: 'DIFFERENTIAL' };
  }
  const fields = fieldsOf(type, expected);
  if (fields === undefined) return undefined;
  const at = (name: string): string => (path === '' ? name : `${path}.${name}`);
  // A different kind is the first difference: the other fields belong to another table.
  if ('kind' in fields && (expected as { kind?: unknown }).kind !== (actual as { kind?: unknown }).kind) {
    const rule = fields.kind?.as === 'value' ? (fields.kind.rule ?? 'DIFFERENTIAL') : 'DIFFERENTIAL';
    return { path: at('kind'), expected: (expected as { kind?: unknown }).kind, actual: (actual as { kind?: unknown }).kind ?? null, rule };
  }
  for (const [name, treatment] of Object.entries(fields)) {
    const want = (expected as Record<string, unknown>)[name];
    const got = (actual as Record<string, unknown>)[name];
    const where = at(name);
    if (treatment.as === 'record') {
      const inner = compareAnswer(treatment.of, want, got, where);
      if (inner !== undefined) return inner;
      continue;
    }
    const same =
      treatment.as === 'value' ? json(want) === json(got)
      : treatment.as === 'set' ? (sortedIds(want) ?? json(want)) === (sortedIds(got) ?? json(got))
      : treatment.as === 'records' ? json(normalizeField(treatment, want)) === json(normalizeField(treatment, got))
      : treatment.presence !== true || absent(want) === absent(got);
    if (same) continue;
    const rule = treatment.as === 'value' || treatment.as === 'set' ? (treatment.rule ?? 'DIFFERENTIAL') : 'DIFFERENTIAL';
    return { path: where, expected: want ?? null, actual: got ?? null, rule };
  }
  return undefined;
}
