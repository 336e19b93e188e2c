import type { AuditReport } from '../../run/audit/AuditReport.ts';
import { IDENTIFIER_CLASSES } from '../../check/audit/identifiers.ts';
import { formatCount } from '../../util/markdownText.ts';
import { placeOf, ruleText } from './ruleText.ts';
import { terminalText } from './terminalText.ts';

const percent = (kept: number, dropped: number): string => (dropped === 0 ? '–' : `${((100 * kept) / dropped).toFixed(1)}%`);

/** The terminal report of an audit: sessions, findings with their evidence, survival, the verdict. */
export function renderAuditPretty(report: AuditReport): string {
  const out: string[] = [];
  for (const s of report.sessions) {
    const unknown = Object.entries(s.unknownRecords).map(([t, n]) => `${t}×${n}`).join(', ');
    out.push(terminalText(`${s.file}: ${s.agent}${s.agentVersion === undefined ? '' : ` ${s.agentVersion}`}, ${formatCount(s.lines)} lines, ${s.messages} messages, ${s.compactions.length} compaction(s)${unknown === '' ? '' : `; skipped unknown records ${unknown}`}`));
    for (const w of s.warnings) out.push(terminalText(`  warning: ${w}`));
  }
  for (const skipped of report.skipped) out.push(terminalText(`skipped ${skipped.file}: ${skipped.reason}`));
  out.push('');
  for (const f of report.findings) {
    out.push(terminalText(`${f.rule}  ${placeOf(f.compaction)}`));
    out.push(terminalText(`  rule: ${ruleText(f.rule)}`));
    for (const b of f.because) out.push(terminalText(`  because ${b}`));
    for (const e of f.evidence) out.push(terminalText(`    ${e.label} at ${placeOf(e.at)}: ${e.quote}`));
    out.push('');
  }
  const survival = IDENTIFIER_CLASSES.map((c) => `${c} ${report.survival[c].kept}/${report.survival[c].dropped} (${percent(report.survival[c].kept, report.survival[c].dropped)})`).join(', ');
  out.push(`survival (kept/dropped): ${survival}`);
  if (report.expectations !== undefined) out.push(terminalText(`expectations (${report.expectations.file}): ${report.expectations.summary}`));
  out.push(`${report.verdict === 'conformant' ? 'conformant' : 'VIOLATION'}: ${report.findings.length} finding(s) in ${report.compactions} compaction(s) of ${report.sessions.length} session(s), ${formatCount(report.bytes)} bytes in ${report.durationMs} ms${report.redacted ? ' (redacted)' : ''}`);
  return `${out.join('\n')}\n`;
}
