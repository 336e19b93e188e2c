import type { CheckReport } from '../CheckReport.ts';
import { writeReport, jsonText } from '../../util/writeReport.ts';
import { preflightFile } from '../../util/writeFileAtomic.ts';
import { applyExpectations, expectationsFor } from './applyExpectations.ts';
import { EXPECTATIONS_FORMAT, NEEDS_JUDGEMENT, type KnownFinding, type ExpectationsFile } from './Expectations.ts';

/**
 * The reason written for a finding listed by `--update-expectations`: the library's own note (the adapter's
 * author already said why), or `NEEDS JUDGEMENT: …`, which fails every check until a person replaces it.
 */
function acceptedReason(report: CheckReport, invariant: KnownFinding['invariant']): string {
  // A policy adapter's note says why a finding is the library's design choice: that is the reason.
  const violation = report.violations.find((v) => v.invariant === invariant);
  const note = (violation as { readonly note?: unknown } | undefined)?.note;
  if (typeof note === 'string' && note !== '') return note;
  return `${NEEDS_JUDGEMENT} say why ${invariant} is accepted (a design choice? a tracked bug?) and remove this prefix; until then the check fails`;
}

/**
 * The expectations after this check, as `--update-expectations` writes them: this adapter's findings become
 * entries (keeping the reason of one already listed), entries whose invariant now passes are dropped, entries
 * this check could not judge stay, and other adapters' entries are untouched.
 */
export function updateExpectations(file: ExpectationsFile | undefined, report: CheckReport): ExpectationsFile {
  const outcome = applyExpectations(report, file, '').expectations;
  const kept = expectationsFor(file, report.adapter).filter((e) => !outcome.unexpectedPasses.some((u) => u.invariant === e.invariant));
  const added = outcome.new.map((invariant): KnownFinding => ({ adapter: report.adapter, invariant, reason: acceptedReason(report, invariant) }));
  const others = (file?.expectations ?? []).filter((e) => e.adapter !== report.adapter);
  const expectations = [...others, ...kept, ...added].sort((a, b) => (a.adapter === b.adapter ? a.invariant.localeCompare(b.invariant) : a.adapter.localeCompare(b.adapter)));
  // The file's own fields (a comment, an owner) and each kept entry's (owner, ticket, until) stay as they were.
  return { format: EXPECTATIONS_FORMAT, expectations, ...(file?.fields === undefined ? {} : { fields: file.fields }), ...(file?.order === undefined ? {} : { order: file.order }), ...(file?.bom === undefined ? {} : { bom: file.bom }) };
}

/**
 * One object of prunecheck's fields `own` and the user's `fields`, as data (a `__proto__` key stays a key), the
 * user's never replacing prunecheck's. Keys come in `order` (as the file had them), then any not in it: own
 * before the user's.
 */
function withFields(own: Record<string, unknown>, fields: Readonly<Record<string, unknown>> | undefined, order: readonly string[] = []): Record<string, unknown> {
  const into: Record<string, unknown> = {};
  const valueOf = (key: string): { readonly value: unknown } | undefined => (Object.hasOwn(own, key) ? { value: own[key] } : fields !== undefined && Object.hasOwn(fields, key) ? { value: fields[key] } : undefined);
  for (const key of [...order, ...Object.keys(own), ...Object.keys(fields ?? {})]) {
    const found = valueOf(key);
    if (found !== undefined && !Object.hasOwn(into, key)) Object.defineProperty(into, key, { value: found.value, enumerable: true, writable: true, configurable: true });
  }
  return into;
}

/**
 * The text of an expectations file: 2-space JSON, trailing newline; the user's own fields after prunecheck's, or
 * where the file had them, and its byte-order mark if it had one.
 */
export function expectationsText(file: ExpectationsFile): string {
  const expectations = file.expectations.map((e) => withFields({ adapter: e.adapter, invariant: e.invariant, reason: e.reason }, e.fields, e.order));
  return `${file.bom === true ? '\uFEFF' : ''}${jsonText(withFields({ format: file.format, expectations }, file.fields, file.order))}`;
}

/**
 * Checks before a check runs that `--update-expectations` can write `path` afterwards, as `--out` is checked:
 * nothing but a regular file in its place (a symbolic link, a directory or a FIFO is refused, never written
 * through), and a writable directory. Throws `OutputPathError` (exit 2). Answers the absolute path.
 */
export function preflightExpectations(path: string): string {
  return preflightFile(path);
}

/** Writes an expectations file (2-space JSON, trailing newline), atomically. Answers the absolute path. */
export function writeExpectations(path: string, file: ExpectationsFile): Promise<string> {
  return writeReport(path, expectationsText(file));
}
