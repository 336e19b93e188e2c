import { readFile } from 'node:fs/promises';
import { INVARIANT_IDS } from '../../model/invariants.ts';
import { EXPECTATIONS_FORMAT, type KnownFinding, type ExpectationsFile } from './Expectations.ts';
import { ExpectationsError } from './ExpectationsError.ts';

const FINDINGS: readonly string[] = [...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'];

/**
 * Checks parsed JSON is an expectations file, naming the field that is wrong. A listed pair given twice is an
 * error, so a file never says two different things about one finding.
 */
export function parseExpectations(data: unknown, file: string): ExpectationsFile {
  const bad = (field: string, message: string): ExpectationsError =>
    new ExpectationsError('BAD_FIELD', file, `field '${field}' ${message}; see docs/expectations.md, or write the file with --update-expectations`);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad('(top level)', 'must be a JSON object');
  const record = data as Record<string, unknown>;
  if (record['format'] !== EXPECTATIONS_FORMAT) throw bad('format', `must be '${EXPECTATIONS_FORMAT}', got ${JSON.stringify(record['format'])}`);
  const entries = record['expectations'];
  if (!Array.isArray(entries)) throw bad('expectations', 'must be an array of { adapter, invariant, reason }');
  const seen = new Set<string>();
  const expectations = entries.map((entry: unknown, i): KnownFinding => {
    const at = `expectations[${i}]`;
    if (typeof entry !== 'object' || entry === null) throw bad(at, 'must be an object { adapter, invariant, reason }');
    const { adapter, invariant, reason } = entry as Record<string, unknown>;
    if (typeof adapter !== 'string' || adapter === '') throw bad(`${at}.adapter`, "must be the adapter's name as reports give it (e.g. \"my-pruner\")");
    if (typeof invariant !== 'string' || !FINDINGS.includes(invariant)) throw bad(`${at}.invariant`, `must be one of ${FINDINGS.join(', ')}, got ${JSON.stringify(invariant)}`);
    if (typeof reason !== 'string' || reason.trim() === '') throw bad(`${at}.reason`, 'must say why the finding is accepted (a non-empty string)');
    const key = `${adapter}\u0000${invariant}`;
    if (seen.has(key)) throw bad(`${at}`, `lists ${adapter} × ${invariant} a second time; keep one entry`);
    seen.add(key);
    return { adapter, invariant: invariant as KnownFinding['invariant'], reason };
  });
  return { format: EXPECTATIONS_FORMAT, expectations };
}

/** Reads an expectations file; `optional` answers undefined for a missing file instead of an error. */
export async function readExpectations(file: string, options: { readonly optional?: boolean } = {}): Promise<ExpectationsFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error: unknown) {
    if (options.optional === true && (error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new ExpectationsError('NOT_FOUND', file, `cannot read it (${(error as { code?: string }).code ?? String(error)}); check the --expectations path, or create it with --update-expectations`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error: unknown) {
    throw new ExpectationsError('NOT_JSON', file, `not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  return parseExpectations(data, file);
}
