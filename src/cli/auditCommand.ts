import { basename, dirname, join } from 'node:path';
import { SessionFormatError } from '../adapters/sessions/SessionFormatError.ts';
import { SESSION_READERS } from '../adapters/sessions/readers.ts';
import { SESSION_FORMATS } from '../adapters/sessions/SessionReader.ts';
import { renderAuditJunit } from '../report/audit/junitAudit.ts';
import { renderAuditMarkdown } from '../report/audit/markdownAudit.ts';
import { renderAuditPretty } from '../report/audit/prettyAudit.ts';
import { renderSurvivalChart } from '../report/audit/survivalChart.ts';
import { auditSessions } from '../run/audit/auditSessions.ts';
import type { AuditReport } from '../run/audit/AuditReport.ts';
import { jsonText, writeReportSync } from '../util/writeReport.ts';
import { OutputPathError } from '../util/writeFileAtomic.ts';
import { REPORTERS, reporterForFile } from './checkCommand.ts';
import type { Command } from './Command.ts';
import { choiceFlag, parseOptions } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

const USAGE = `Usage: prunecheck audit <file|dir>... [--format <format>] [--reporter <name>] [--out <FILE>] [--redact]
                        [--expectations <FILE>]

Reads sessions real agents recorded, finds every compaction, and judges each one: the policy-mode invariants
that a recording can observe (INV-17…INV-25 where they apply) and the audit's own rules, judged on what the
agent did after the compaction (a side effect re-issued, a dropped identifier asked for, re-derived or denied,
a fabricated attribution in the summary, a summary of a summary that loses its sources). A directory is searched
for .jsonl, .db and .sqlite files; files no reader recognises are listed as skipped.

Options:
  --format <format>        read every file as ${SESSION_FORMATS.join(', ')} instead of detecting it
  --reporter <name>        pretty, json, junit or markdown (default: from the --out extension .json, .xml, .md;
                           otherwise pretty)
  --out <FILE>             write the report to FILE (a summary still goes to stdout); a Markdown report writes its
                           survival chart next to it as <FILE>.survival.svg
  --redact                 mask secrets (keys, tokens, passwords) and long values in every quote
  --expectations <FILE>    known findings ({"format": "prunecheck-audit-expectations/1", "expectations":
                           [{"format", "rule", "reason"}]}): listed ones do not fail the audit, stale ones do

Formats read (docs/audit.md): ${SESSION_READERS.map((r) => `${r.format} (${r.agent})`).join('; ')}.

Exit codes: 0 no finding (with expectations: as expected); 1 a finding (with expectations: a new one, or a
listed one that no longer occurs); 2 usage errors, a session that cannot be read (the message names the
file, line and field) or an unwritable output path; 3 an internal error.`;

/**
 * Writes a report to stdout and waits until it is flushed: the process exits right after the command returns,
 * and a pipe (`prunecheck audit … --reporter json | jq`) would otherwise lose the tail of a large report.
 */
function writeStdout(text: string): Promise<void> {
  return new Promise((resolve) => {
    process.stdout.write(text, () => resolve());
    // Nothing pending (written at once, or a test's stand-in for stdout): no callback to wait for.
    if (process.stdout.writableLength === 0) resolve();
  });
}

function render(report: AuditReport, reporter: (typeof REPORTERS)[number], chart: string | undefined): string {
  switch (reporter) {
    case 'json':
      return jsonText(report);
    case 'junit':
      return renderAuditJunit(report);
    case 'markdown':
      return renderAuditMarkdown(report, chart);
    default:
      return renderAuditPretty(report);
  }
}

export const auditCommand: Command = {
  name: 'audit',
  summary: 'judge the compactions in sessions real agents recorded (Claude Code, Codex, pi, opencode, gemini-cli)',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseOptions(
      'audit',
      argv,
      { format: { type: 'string' }, reporter: { type: 'string' }, out: { type: 'string' }, redact: { type: 'boolean' }, expectations: { type: 'string' } },
      { max: Number.MAX_SAFE_INTEGER, what: 'session files or directories' },
    );
    if (positionals.length === 0) throw new UsageError('MISSING_SESSIONS', `audit: name at least one session file or directory, e.g. prunecheck audit ~/.claude/projects/my-project\n\n${USAGE}`);
    const format = choiceFlag('audit', 'format', values.format, SESSION_FORMATS);
    const reporter = choiceFlag('audit', 'reporter', values.reporter, REPORTERS) ?? reporterForFile(values.out);
    let report: AuditReport;
    try {
      report = await auditSessions(positionals, { ...(format === undefined ? {} : { format }), redact: values.redact === true, ...(values.expectations === undefined ? {} : { expectations: values.expectations }) });
    } catch (error: unknown) {
      if (error instanceof SessionFormatError) throw new UsageError(`SESSION_${error.code}`, `audit: ${error.message}`, { cause: error });
      throw error;
    }
    const exit = report.verdict === 'conformant' ? 0 : 1;
    if (values.out === undefined) {
      await writeStdout(render(report, reporter, undefined));
      return exit;
    }
    try {
      const chart = reporter === 'markdown' ? `${basename(values.out)}.survival.svg` : undefined;
      if (chart !== undefined) writeReportSync(join(dirname(values.out), chart), renderSurvivalChart([...report.sessions.map((s) => ({ name: s.file, survival: s.survival })), { name: 'all sessions', survival: report.survival }]));
      process.stdout.write(`${reporter} report written to ${writeReportSync(values.out, render(report, reporter, chart))}\n`);
    } catch (error: unknown) {
      if (error instanceof OutputPathError) {
        process.stderr.write(`prunecheck: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    process.stdout.write(`${report.verdict}: ${report.findings.length} finding(s) in ${report.compactions} compaction(s) of ${report.sessions.length} session(s)\n`);
    return exit;
  },
};
