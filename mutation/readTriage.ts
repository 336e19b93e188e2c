import { existsSync, readFileSync } from 'node:fs';
import { MutationError } from './MutationError.ts';
import { TRIAGE_FORMAT, type TriageEntry, type TriageFile } from './Triage.ts';

const KEY_FIELDS = ['file', 'scope', 'mutator', 'original', 'replacement', 'context'] as const;

/** Reads and validates the triage file; a missing file is an empty triage. Bad content names the entry and field. */
export function readTriage(path: string): TriageFile {
  if (!existsSync(path)) return { format: TRIAGE_FORMAT, entries: [] };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error: unknown) {
    throw new MutationError('BAD_TRIAGE', `${path} is not JSON: ${(error as Error).message}; fix the syntax`, { cause: error });
  }
  return parseTriage(data, path);
}

export function parseTriage(data: unknown, path: string): TriageFile {
  const bad = (where: string, what: string): MutationError => new MutationError('BAD_TRIAGE', `${path}: ${where} ${what}`);
  if (typeof data !== 'object' || data === null) throw bad('the file', 'must be an object { format, entries }');
  const { format, entries } = data as { format?: unknown; entries?: unknown };
  if (format !== TRIAGE_FORMAT) throw bad('format', `must be '${TRIAGE_FORMAT}', got ${JSON.stringify(format)}`);
  if (!Array.isArray(entries)) throw bad('entries', 'must be an array');
  entries.forEach((entry: unknown, i) => {
    const where = `entries[${i}]`;
    if (typeof entry !== 'object' || entry === null) throw bad(where, 'must be an object');
    const e = entry as Record<string, unknown>;
    for (const field of [...KEY_FIELDS, 'reason']) {
      if (typeof e[field] !== 'string' || (field !== 'original' && field !== 'replacement' && e[field] === '')) throw bad(`${where}.${field}`, 'must be a string (copy it from the untriaged list in reports/mutation.md)');
    }
    if (e.line !== undefined && (!Number.isInteger(e.line) || (e.line as number) < 1)) throw bad(`${where}.line`, 'must be a line number (1-based) when present');
    if (e.nth !== undefined && (!Number.isInteger(e.nth) || (e.nth as number) < 2)) throw bad(`${where}.nth`, 'must be an integer ≥ 2 when present (the first of identical mutants has none)');
    if (e.status === 'gap') {
      if (typeof e.fix !== 'string' || e.fix === '') throw bad(`${where}.fix`, "must say which generator or checker change would kill the mutant (status 'gap')");
      if (typeof e.area !== 'string' || e.area === '') throw bad(`${where}.area`, "must name where that change goes, e.g. 'src/gen/runtime' (status 'gap')");
    } else if (e.status !== 'equivalent') {
      throw bad(`${where}.status`, `must be 'equivalent' or 'gap', got ${JSON.stringify(e.status)}`);
    }
  });
  return { format: TRIAGE_FORMAT, entries: entries as TriageEntry[] };
}
