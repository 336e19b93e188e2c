import { IDENTIFIER_CLASSES } from '../../check/audit/identifiers.ts';
import type { Survival } from '../../check/audit/survival.ts';
import type { AuditReport } from '../../run/audit/AuditReport.ts';
import { formatCount, mdCell, mdTable } from '../../util/markdownText.ts';
import { placeOf, ruleText } from './ruleText.ts';

const share = (kept: number, dropped: number): string => (dropped === 0 ? '–' : `${kept}/${dropped} (${((100 * kept) / dropped).toFixed(1)}%)`);

function survivalRow(name: string, s: Survival): string[] {
  return [name, ...IDENTIFIER_CLASSES.map((c) => share(s[c].kept, s[c].dropped))];
}

/**
 * The Markdown report of an audit: the verdict, each session with its reader and version, the findings with
 * their evidence, and identifier survival as a table; `chart` is the relative path of the SVG chart
 * (`renderSurvivalChart`) the report links.
 */
export function renderAuditMarkdown(report: AuditReport, chart?: string): string {
  const out: string[] = ['# prunecheck audit', ''];
  out.push(`**${report.verdict === 'conformant' ? 'conformant' : 'violation'}**: ${report.findings.length} finding(s) in ${report.compactions} compaction(s) of ${report.sessions.length} session(s) (${formatCount(report.bytes)} bytes, ${report.durationMs} ms)${report.redacted ? '; quotes redacted' : ''}.`, '');
  if (report.expectations !== undefined) out.push(`Expectations (${mdCell(report.expectations.file)}): ${mdCell(report.expectations.summary)}`, '');
  out.push('## Sessions', '');
  out.push(
    mdTable(
      ['session', 'format', 'agent version', 'lines', 'messages', 'compactions', 'skipped records', 'warnings'],
      report.sessions.map((s) => [s.file, `${s.format} (${s.readerVersions})`, s.agentVersion ?? 'not recorded', formatCount(s.lines), String(s.messages), s.compactions.map((c) => `line ${c.at.line}: ${c.dropped} dropped, ${c.summary}${c.afterExact ? '' : ', after rebuilt'}`).join('\n') || 'none', Object.entries(s.unknownRecords).map(([t, n]) => `${t}×${n}`).join(', ') || '–', s.warnings.join('\n') || '–']),
    ),
    '',
  );
  out.push('## Findings', '');
  if (report.findings.length === 0) out.push('None.', '');
  for (const f of report.findings) {
    out.push(`### ${mdCell(f.rule)} at ${mdCell(placeOf(f.compaction))}`, '', `*${mdCell(ruleText(f.rule))}*`, '');
    for (const b of f.because) out.push(`- ${mdCell(b)}`);
    out.push('');
    if (f.evidence.length > 0) out.push(mdTable(['evidence', 'where', 'quote'], f.evidence.map((e) => [e.label, placeOf(e.at), e.quote])), '');
  }
  out.push('## Identifier survival', '', 'Distinct identifiers in the history each compaction dropped, and how many of them the list after it (summary and kept messages) still holds. Opaque summaries are not counted.', '');
  out.push(mdTable(['session', ...IDENTIFIER_CLASSES], [...report.sessions.map((s) => survivalRow(s.file, s.survival)), survivalRow('all sessions', report.survival)]), '');
  if (chart !== undefined) out.push(`![identifier survival](${chart})`, '');
  return `${out.join('\n')}\n`;
}
