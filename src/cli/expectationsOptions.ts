import { applyExpectations, expectationsFor, expectationsOf } from '../run/expectations/applyExpectations.ts';
import { DEFAULT_EXPECTATIONS_FILE, isUnjudged, NEEDS_JUDGEMENT, type ExpectationsFile } from '../run/expectations/Expectations.ts';
import { ExpectationsError } from '../run/expectations/ExpectationsError.ts';
import { readExpectations } from '../run/expectations/readExpectations.ts';
import { preflightExpectations, updateExpectations, writeExpectations } from '../run/expectations/updateExpectations.ts';
import { INVARIANT_IDS } from '../model/invariants.ts';
import type { CheckReport, Verdict } from '../run/CheckReport.ts';
import type { FindingKind } from '../check/FindingKind.ts';
import { exitCodeFor } from './exitCode.ts';
import { UsageError } from './UsageError.ts';

/** The flags `check` and `replay` take for known findings (docs/expectations.md). */
export const EXPECTATIONS_FLAGS = {
  expectations: { type: 'string' },
  'update-expectations': { type: 'boolean' },
  'allow-unexpected-pass': { type: 'boolean' },
} as const;

export const EXPECTATIONS_USAGE = `  --expectations <FILE>    known findings, adapter × invariant with a reason (default ${DEFAULT_EXPECTATIONS_FILE}
                           when it exists): expected findings do not fail, new ones and unexpected passes do
  --update-expectations    write this check's findings to the expectations file (keeping existing reasons); a
                           new one's reason is "NEEDS JUDGEMENT: …", which fails (exit 1) until you say why
  --allow-unexpected-pass  an expected finding that no longer occurs is reported but does not fail`;

/** What the flags ask for, read before anything runs: a bad file is a usage error (exit 2) naming it and the field. */
export interface ExpectationsRequest {
  readonly file: string;
  readonly contents: ExpectationsFile | undefined;
  readonly update: boolean;
  readonly allowUnexpectedPasses: boolean;
}

export async function expectationsRequest(
  command: string,
  values: { readonly expectations?: string | undefined; readonly 'update-expectations'?: boolean | undefined; readonly 'allow-unexpected-pass'?: boolean | undefined },
): Promise<ExpectationsRequest | undefined> {
  const update = values['update-expectations'] === true;
  if (values.expectations === '') throw new UsageError('BAD_OPTION_VALUE', `${command}: --expectations needs a file name; e.g. --expectations ${DEFAULT_EXPECTATIONS_FILE}`);
  const file = values.expectations ?? DEFAULT_EXPECTATIONS_FILE;
  // Checked now, as --out is: a path that cannot be written (a symbolic link, a directory) must not cost the run.
  if (update) preflightExpectations(file);
  let contents: ExpectationsFile | undefined;
  try {
    // A file named with --expectations must exist, unless this run creates it.
    contents = await readExpectations(file, { optional: values.expectations === undefined || update });
  } catch (error: unknown) {
    if (error instanceof ExpectationsError) throw new UsageError('BAD_EXPECTATIONS', `${command}: ${error.message}`, { cause: error });
    throw error;
  }
  if (contents === undefined && !update) return undefined;
  return { file, contents, update, allowUnexpectedPasses: values['allow-unexpected-pass'] === true };
}

/**
 * Which findings a runtime check should look past (src/run/expectations/checkPastExpected.ts): the adapter's
 * expected ones; every invariant when updating, so the file gets every finding the check can reach.
 */
export function findingsToLookPast(request: ExpectationsRequest | undefined, adapter: string): ReadonlySet<FindingKind> {
  if (request === undefined) return new Set();
  if (request.update) return new Set<FindingKind>(INVARIANT_IDS);
  return new Set(expectationsFor(request.contents, adapter).map((e) => e.invariant));
}

/** Reads the report against the expectations; with --update-expectations writes the file first. Answers a note for stderr. */
export async function settleExpectations<R extends CheckReport>(report: R, request: ExpectationsRequest | undefined): Promise<{ readonly report: R; readonly note?: string }> {
  if (request === undefined) return { report };
  if (!request.update) return { report: applyExpectations(report, request.contents, request.file, { allowUnexpectedPasses: request.allowUnexpectedPasses }) };
  const updated = updateExpectations(request.contents, report);
  const written = await writeExpectations(request.file, updated);
  const mine = expectationsFor(updated, report.adapter);
  const unjudged = mine.filter((e) => isUnjudged(e.reason)).map((e) => e.invariant);
  const judge = unjudged.length === 0 ? '; commit the file' : `; ${unjudged.join(', ')} ${unjudged.length === 1 ? 'needs' : 'need'} judgement: replace "${NEEDS_JUDGEMENT} …" in each with why it is accepted, then commit the file (until then the check fails, exit 1)`;
  return {
    report: applyExpectations(report, updated, request.file, { allowUnexpectedPasses: request.allowUnexpectedPasses }),
    note: `prunecheck: wrote ${written}: ${mine.length} known ${mine.length === 1 ? 'finding' : 'findings'} for ${report.adapter}${mine.length === 0 ? '' : ` (${mine.map((e) => e.invariant).join(', ')})${judge}`}\n`,
  };
}

/** The exit code of a check read against expectations: 0 when as expected, 1 otherwise; without them, by verdict. */
export function exitCodeWithExpectations(report: CheckReport, verdict: Verdict = report.verdict): 0 | 1 {
  const outcome = expectationsOf(report);
  return outcome === undefined ? exitCodeFor(verdict) : outcome.passed ? 0 : 1;
}

/**
 * A replay read against the expectations: a reproduced known finding is expected (exit 0); one that now passes
 * is an unexpected pass (exit 1 unless allowed). Answers the line to print and the exit code, or undefined when
 * the file's finding is not listed.
 */
export function replayAgainstExpectations(request: ExpectationsRequest | undefined, adapter: string, invariant: FindingKind, kind: 'reproduced' | 'diverged' | 'passed' | 'error'): { readonly line: string; readonly code: 0 | 1 } | undefined {
  const listed = expectationsFor(request?.contents, adapter).find((e) => e.invariant === invariant);
  if (request === undefined || listed === undefined) return undefined;
  if (kind === 'reproduced') return { line: `expected (${request.file}): ${listed.reason}\n`, code: 0 };
  if (kind === 'passed') return { line: `unexpected pass: remove ${adapter} × ${invariant} from ${request.file}${request.allowUnexpectedPasses ? ' (allowed by --allow-unexpected-pass)' : ''}\n`, code: request.allowUnexpectedPasses ? 0 : 1 };
  return undefined;
}
