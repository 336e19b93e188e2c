import type { CheckReport } from '../CheckReport.ts';
import type { FindingKind } from '../../check/FindingKind.ts';
import { expectationsOf } from './applyExpectations.ts';

/**
 * How one finding or invariant reads against the expectations, for every reporter: `expected` (listed, found),
 * `new` (found, not listed), `unexpected-pass` (listed, passed), `unchecked` (listed, not judged), or undefined
 * when the report was not read against expectations or nothing is listed or found for it.
 */
export function expectationStatus(report: CheckReport, id: FindingKind): { readonly kind: 'expected' | 'new' | 'unexpected-pass' | 'unchecked'; readonly text: string } | undefined {
  const outcome = expectationsOf(report);
  if (outcome === undefined) return undefined;
  const expected = outcome.expected.find((e) => e.invariant === id);
  if (expected !== undefined) return { kind: 'expected', text: `expected: ${expected.reason}` };
  if (outcome.new.includes(id)) return { kind: 'new', text: `new: not in ${outcome.file}` };
  const pass = outcome.unexpectedPasses.find((u) => u.invariant === id);
  if (pass !== undefined) return { kind: 'unexpected-pass', text: `unexpected pass: remove it from ${outcome.file}${outcome.allowUnexpectedPasses ? ' (allowed)' : ''}` };
  const unchecked = outcome.unchecked.find((u) => u.invariant === id);
  if (unchecked !== undefined) return { kind: 'unchecked', text: `expected, not checked (${unchecked.status}): ${unchecked.reason}` };
  return undefined;
}

/** The expectations block of the pretty report: one line per listed or found finding, then the outcome. */
export function prettyExpectationLines(report: CheckReport): string[] {
  const outcome = expectationsOf(report);
  if (outcome === undefined) return [];
  const rows: [string, string][] = [
    ...outcome.expected.map((e): [string, string] => ['expected', `${e.invariant}  ${e.reason}`]),
    ...outcome.new.map((id): [string, string] => ['new', `${id}  not in ${outcome.file}: fix it, or accept it with --update-expectations`]),
    ...outcome.unexpectedPasses.map((u): [string, string] => ['unexpected pass', `${u.invariant}  passed: remove it from ${outcome.file}${outcome.allowUnexpectedPasses ? ' (allowed by --allow-unexpected-pass)' : ''}`]),
    ...outcome.unchecked.map((u): [string, string] => ['not checked', `${u.invariant}  ${u.status}: ${u.reason}`]),
  ];
  const width = Math.max(0, ...rows.map(([kind]) => kind.length));
  return [`expectations (${outcome.file}): ${outcome.summary}`, ...rows.map(([kind, text]) => `  ${kind.padEnd(width)}  ${text}`)];
}

/** The expectations section of the Markdown report. */
export function markdownExpectationLines(report: CheckReport, cell: (text: string) => string): string[] {
  const outcome = expectationsOf(report);
  if (outcome === undefined) return [];
  const rows = [
    ...outcome.expected.map((e) => `| ${e.invariant} | expected | ${cell(e.reason)} |`),
    ...outcome.new.map((id) => `| ${id} | **new** | not in \`${outcome.file}\` |`),
    ...outcome.unexpectedPasses.map((u) => `| ${u.invariant} | **unexpected pass**${outcome.allowUnexpectedPasses ? ' (allowed)' : ''} | remove it from \`${outcome.file}\` (${cell(u.reason)}) |`),
    ...outcome.unchecked.map((u) => `| ${u.invariant} | not checked (${u.status}) | ${cell(u.reason)} |`),
  ];
  return ['', '## Expectations', '', `${cell(outcome.summary)} (\`${outcome.file}\`)`, ...(rows.length === 0 ? [] : ['', '| finding | outcome | reason |', '| --- | --- | --- |', ...rows])];
}

/** A JUnit test case's outcome, as the expectations read it. */
export type JunitOutcome = { readonly kind: 'passed' } | { readonly kind: 'skipped'; readonly message: string } | { readonly kind: 'failure' | 'error'; readonly type: string; readonly message: string; readonly body: string };

/**
 * A JUnit case against the expectations: an expected failure becomes `skipped` with its reason (CI stays green,
 * the finding stays visible); an unexpected pass becomes a failure saying to remove the entry (skipped when
 * allowed); new findings stay failures.
 */
export function junitExpectationOutcome(report: CheckReport, id: FindingKind, outcome: JunitOutcome): JunitOutcome {
  const status = expectationStatus(report, id);
  const file = expectationsOf(report)?.file ?? '';
  if (status?.kind === 'expected' && (outcome.kind === 'failure' || outcome.kind === 'error')) return { kind: 'skipped', message: `${status.text} (${file}); ${outcome.message}` };
  if (status?.kind === 'unexpected-pass') {
    const message = `${id} ${status.text}`;
    return expectationsOf(report)?.allowUnexpectedPasses === true ? { kind: 'skipped', message } : { kind: 'failure', type: 'UNEXPECTED-PASS', message, body: message };
  }
  return outcome;
}
