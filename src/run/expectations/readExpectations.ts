import { readFile } from 'node:fs/promises';
import { INVARIANT_IDS } from '../../model/invariants.ts';
import { JsonSyntaxIssue, parseJsonWithLines } from '../../scenario/parseJsonWithLines.ts';
import { prototypeFree } from '../../util/parseJsonData.ts';
import { EXPECTATIONS_FORMAT, type KnownFinding, type ExpectationsFile } from './Expectations.ts';
import { ExpectationsError } from './ExpectationsError.ts';

const FINDINGS: readonly string[] = [...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'];
const ENTRY_FIELDS: readonly string[] = ['adapter', 'invariant', 'reason'];
const FILE_FIELDS: readonly string[] = ['format', 'expectations'];

/** The fields of `record` other than `known`, in their order (undefined when there are none). */
function otherFields(record: Record<string, unknown>, known: readonly string[]): Readonly<Record<string, unknown>> | undefined {
  const keys = Object.keys(record).filter((key) => !known.includes(key));
  if (keys.length === 0) return undefined;
  const fields = Object.create(null) as Record<string, unknown>;
  for (const key of keys) Object.defineProperty(fields, key, { value: record[key], enumerable: true, writable: true, configurable: true });
  return fields;
}

/** The keys of `record` in their order, when that is not `known` followed by the others (undefined then). */
function keyOrder(record: Record<string, unknown>, known: readonly string[]): readonly string[] | undefined {
  const keys = Object.keys(record);
  const usual = [...known, ...keys.filter((key) => !known.includes(key))];
  return keys.every((key, i) => key === usual[i]) ? undefined : keys;
}

/**
 * Checks parsed JSON is an expectations file, naming the field that is wrong (and its line, when `lines` knows
 * it). A listed pair given twice is an error, so a file never says two different things about one finding.
 * Fields prunecheck does not use (an entry's `owner`, `ticket`, `until`) are the user's: kept in `fields`.
 */
export function parseExpectations(data: unknown, file: string, lines: ReadonlyMap<string, number> = new Map()): ExpectationsFile {
  const bad = (field: string, message: string): ExpectationsError => {
    const line = lines.get(field === '(top level)' ? '$' : `$.${field}`);
    return new ExpectationsError('BAD_FIELD', file, `${line === undefined ? '' : `line ${line}: `}field '${field}' ${message}; see docs/expectations.md, or write the file with --update-expectations`);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad('(top level)', 'must be a JSON object');
  const record = data as Record<string, unknown>;
  if (record['format'] !== EXPECTATIONS_FORMAT) throw bad('format', `must be '${EXPECTATIONS_FORMAT}', got ${JSON.stringify(record['format'])}`);
  const entries = record['expectations'];
  if (!Array.isArray(entries)) throw bad('expectations', 'must be an array of { adapter, invariant, reason }');
  const seen = new Set<string>();
  const expectations = entries.map((entry: unknown, i): KnownFinding => {
    const at = `expectations[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw bad(at, 'must be an object { adapter, invariant, reason }');
    const fieldsOf = entry as Record<string, unknown>;
    const [adapter, invariant, reason] = [fieldsOf['adapter'], fieldsOf['invariant'], fieldsOf['reason']];
    if (typeof adapter !== 'string' || adapter === '') throw bad(`${at}.adapter`, "must be the adapter's name as reports give it (e.g. \"my-pruner\")");
    if (typeof invariant !== 'string' || !FINDINGS.includes(invariant)) throw bad(`${at}.invariant`, `must be one of ${FINDINGS.join(', ')}, got ${JSON.stringify(invariant)}`);
    if (typeof reason !== 'string' || reason.trim() === '') throw bad(`${at}.reason`, 'must say why the finding is accepted (a non-empty string)');
    const key = `${adapter}\u0000${invariant}`;
    if (seen.has(key)) throw bad(`${at}`, `lists ${adapter} × ${invariant} a second time; keep one entry`);
    seen.add(key);
    const fields = otherFields(fieldsOf, ENTRY_FIELDS);
    const order = keyOrder(fieldsOf, ENTRY_FIELDS);
    return { adapter, invariant: invariant as KnownFinding['invariant'], reason, ...(fields === undefined ? {} : { fields }), ...(order === undefined ? {} : { order }) };
  });
  const fields = otherFields(record, FILE_FIELDS);
  const order = keyOrder(record, FILE_FIELDS);
  return { format: EXPECTATIONS_FORMAT, expectations, ...(fields === undefined ? {} : { fields }), ...(order === undefined ? {} : { order }) };
}

/**
 * Reads an expectations file; `optional` answers undefined for a missing file instead of an error. A leading
 * byte-order mark (as some Windows editors save UTF-8) is not part of the JSON; a syntax error names the line
 * and column (a rewrite keeps the mark). Objects are prototype-free: a `__proto__` or `constructor` key is the user's data.
 */
export async function readExpectations(file: string, options: { readonly optional?: boolean } = {}): Promise<ExpectationsFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error: unknown) {
    if (options.optional === true && (error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new ExpectationsError('NOT_FOUND', file, `cannot read it (${(error as { code?: string }).code ?? String(error)}); check the --expectations path, or create it with --update-expectations`, { cause: error });
  }
  const bom = text.startsWith('\uFEFF');
  let parsed: ReturnType<typeof parseJsonWithLines>;
  try {
    parsed = parseJsonWithLines(bom ? text.slice(1) : text);
  } catch (error: unknown) {
    if (!(error instanceof JsonSyntaxIssue)) throw error;
    throw new ExpectationsError('NOT_JSON', file, `line ${error.line}, column ${error.column}: not valid JSON (${error.message}); fix it there (docs/expectations.md shows the format), or delete the file and write it again with --update-expectations`, { cause: error });
  }
  const read = parseExpectations(prototypeFree(parsed.value), file, parsed.lines);
  return bom ? { ...read, bom: true } : read;
}
