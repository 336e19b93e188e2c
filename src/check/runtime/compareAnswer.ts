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
  const d = differ(type, expected, actual);
  if (d === undefined) return undefined;
  return { path: joinPath(path, d.path) || '(answer)', expected: d.expected, actual: d.actual, rule: d.rule };
}

const joinPath = (outer: string, inner: string): string => (outer === '' ? inner : inner === '' ? outer : `${outer}.${inner}`);

/**
 * `compareAnswer` with `path` relative to the answer compared ('' for the answer itself): a path is spelled only
 * on the way out of a difference, never on the way to none (most answers agree on every field).
 */
function differ(type: AnswerType, expected: unknown, actual: unknown): FieldDifference | undefined {
  if (absent(expected) || absent(actual)) {
    if (absent(expected) === absent(actual) || absenceChoice(type, expected ?? actual) !== undefined) return undefined;
    return { path: '', expected: expected ?? null, actual: actual ?? null, rule: 'DIFFERENTIAL' };
  }
  const fields = fieldsOf(type, expected);
  if (fields === undefined) return undefined;
  const { names, treatments, kind, nextUnequal } = tableOf(fields);
  // A different kind is the first difference: the other fields belong to another table.
  if (kind !== undefined && (expected as { kind?: unknown }).kind !== (actual as { kind?: unknown }).kind) {
    const rule = kind.as === 'value' ? (kind.rule ?? 'DIFFERENTIAL') : 'DIFFERENTIAL';
    return { path: 'kind', expected: (expected as { kind?: unknown }).kind, actual: (actual as { kind?: unknown }).kind ?? null, rule };
  }
  // The very same value agrees under every treatment (a record with itself, field by field, too): `nextUnequal`
  // skips those fields and hands over the first other one's two values (each field read once, as before).
  for (let i = nextUnequal(expected, actual, 0, unequal); i !== -1; i = nextUnequal(expected, actual, i + 1, unequal)) {
    const name = names[i] as string;
    const want = unequal[0];
    const got = unequal[1];
    const treatment = treatments[i] as Treatment;
    if (treatment.as === 'record') {
      const inner = differ(treatment.of, want, got);
      if (inner !== undefined) return { ...inner, path: joinPath(name, inner.path) };
      continue;
    }
    if (sameField(treatment, want, got)) continue;
    const rule = treatment.as === 'value' || treatment.as === 'set' ? (treatment.rule ?? 'DIFFERENTIAL') : 'DIFFERENTIAL';
    return { path: name, expected: want ?? null, actual: got ?? null, rule };
  }
  return undefined;
}

/** One table of fields as `differ` walks it: names and treatments side by side, and the `kind` field's when it has one. */
interface Table {
  readonly names: readonly string[];
  readonly treatments: readonly Treatment[];
  readonly kind: Treatment | undefined;
  readonly nextUnequal: NextUnequal;
}

/**
 * The index of the first field from `from` on, in the table's order, whose two values are not the very same
 * (`!==`), with those values written to `into` (expected, actual); -1 when there is none.
 */
type NextUnequal = (expected: unknown, actual: unknown, from: number, into: unknown[]) => number;

/** Where `nextUnequal` hands over a field's two values (read at once by `differ`, before it recurses). */
const unequal: unknown[] = [undefined, undefined];

/**
 * `nextUnequal` for one table, as a function reading each field by its name written out (`e["score"]`), made once
 * per table: a loop reading `expected[names[i]]` is a keyed read of a name the engine cannot predict, and those
 * reads were a third of `differ`'s time (about 1.5 % of a check's CPU), the observation checks comparing every
 * field of every touched span each step. Each field is still read once per side, in the table's order.
 */
function nextUnequalFor(names: readonly string[]): NextUnequal {
  const cases = names.map((name, i) => {
    const key = JSON.stringify(name);
    return `case ${i}: v = e[${key}]; w = a[${key}]; if (v !== w) { into[0] = v; into[1] = w; return ${i}; }`;
  });
  try {
    return new Function('e', 'a', 'from', 'into', `let v, w; switch (from) { ${cases.join(' ')} } return -1;`) as NextUnequal;
  } catch {
    // Code generation is off (node --disallow-code-generation-from-strings): the same walk, by a loop.
    return (expected, actual, from, into) => {
      for (let i = from; i < names.length; i += 1) {
        const want = (expected as Record<string, unknown>)[names[i] as string];
        const got = (actual as Record<string, unknown>)[names[i] as string];
        if (want !== got) {
          into[0] = want;
          into[1] = got;
          return i;
        }
      }
      return -1;
    };
  }
}

/** Each table's fields, listed once (the tables are constants). */
const TABLES = new WeakMap<object, Table>();
function tableOf(fields: Readonly<Record<string, Treatment>>): Table {
  let table = TABLES.get(fields);
  if (table === undefined) {
    const entries = Object.entries(fields);
    // Every field a table lists has a treatment: a table lists `kind` exactly when `fields.kind` is one.
    const names = entries.map(([name]) => name);
    table = { names, treatments: entries.map(([, treatment]) => treatment), kind: Object.hasOwn(fields, 'kind') ? fields.kind : undefined, nextUnequal: nextUnequalFor(names) };
    TABLES.set(fields, table);
  }
  return table;
}

/** Equal members in the same order: the same as a set too. */
function sameMembers(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Two lists of records holding, in the same order, records whose compared fields are the very same values (a
 * compaction's evictions, as both runtimes answer them): their normal forms are the same, so they agree without
 * one JSON string per record (about 1 % of a check's CPU went to those). Anything else is left to the normal forms.
 */
function sameRecords(type: AnswerType, a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const left: unknown = a[i];
    const right: unknown = b[i];
    if (left === right) continue;
    if (typeof left !== 'object' || left === null || typeof right !== 'object' || right === null) return false;
    const fields = fieldsOf(type, left);
    if (fields === undefined || tableOf(fields).nextUnequal(left, right, 0, unequal) !== -1) return false;
  }
  return true;
}

/**
 * Whether one compared field agrees. Identical values (and, for a set, the same members in the same order) agree
 * without serializing anything, as their JSON would; anything else is judged by its JSON, as always.
 */
function sameField(treatment: Exclude<Treatment, { as: 'record' }>, want: unknown, got: unknown): boolean {
  switch (treatment.as) {
    case 'value': return want === got || json(want) === json(got);
    case 'set': return want === got || sameMembers(want, got) || (sortedIds(want) ?? json(want)) === (sortedIds(got) ?? json(got));
    case 'records': return want === got || sameRecords(treatment.of, want, got) || json(normalizeField(treatment, want)) === json(normalizeField(treatment, got));
    case 'choice': return treatment.presence !== true || absent(want) === absent(got);
  }
}
