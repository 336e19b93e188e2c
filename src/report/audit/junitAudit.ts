import type { AuditReport } from '../../run/audit/AuditReport.ts';
import { xmlAttr, xmlText } from '../../util/xmlEscape.ts';
import { placeOf, ruleText } from './ruleText.ts';

/** JUnit XML: one suite per session, one case per rule; a failure lists that rule's findings with evidence. */
export function renderAuditJunit(report: AuditReport): string {
  const suites = report.sessions.map((s) => {
    const cases = report.rules.map((rule) => {
      const found = report.findings.filter((f) => f.rule === rule && f.compaction.file === s.file);
      const name = `${rule} ${ruleText(rule)}`;
      if (s.compactions.length === 0) return `    <testcase classname="${xmlAttr(s.file)}" name="${xmlAttr(name)}"><skipped message="no compaction in this session"/></testcase>`;
      if (found.length === 0) return `    <testcase classname="${xmlAttr(s.file)}" name="${xmlAttr(name)}"/>`;
      const body = found.map((f) => [`${placeOf(f.compaction)}`, ...f.because.map((b) => `  ${b}`), ...f.evidence.map((e) => `    ${e.label} at ${placeOf(e.at)}: ${e.quote}`)].join('\n')).join('\n\n');
      const known = report.expectations?.expected.some((e) => e.rule === rule && e.format === s.format) === true;
      if (known) return `    <testcase classname="${xmlAttr(s.file)}" name="${xmlAttr(name)}"><skipped message="${xmlAttr(`expected: ${report.expectations?.expected.find((e) => e.rule === rule && e.format === s.format)?.reason ?? ''}`)}"/></testcase>`;
      return `    <testcase classname="${xmlAttr(s.file)}" name="${xmlAttr(name)}"><failure type="${xmlAttr(rule)}" message="${xmlAttr(`${found.length} finding(s): ${found[0]?.because[0] ?? ''}`)}">${xmlText(body)}</failure></testcase>`;
    });
    const failures = cases.filter((c) => c.includes('<failure')).length;
    const skipped = cases.filter((c) => c.includes('<skipped')).length;
    return `  <testsuite name="${xmlAttr(`audit ${s.file}`)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">\n    <properties><property name="format" value="${xmlAttr(s.format)}"/><property name="agentVersion" value="${xmlAttr(s.agentVersion ?? 'unknown')}"/></properties>\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="prunecheck audit">\n${suites.join('\n')}\n</testsuites>\n`;
}
