import type { CheckReport } from '../run/CheckReport.ts';
import { jsonText } from '../util/writeReport.ts';

/**
 * The JSON report: the `CheckReport` itself, keys in a fixed reading order (what was checked and the verdict
 * first, details after), so diffs between two runs line up. `JSON.parse` of the output equals the report.
 */
export function renderJsonReport(report: CheckReport): string {
  const ordered = {
    adapter: report.adapter,
    verdict: report.verdict,
    seed: report.seed,
    runs: report.runs,
    opsChecked: report.opsChecked,
    opsPerSecond: report.opsPerSecond,
    durationMs: report.durationMs,
    adapterVersion: report.adapterVersion,
    prunecheckVersion: report.prunecheckVersion,
    specVersion: report.specVersion,
    ...(report.error === undefined ? {} : { error: report.error }),
    violations: report.violations,
    invariants: report.invariants,
    situations: report.situations,
    ...(report.evidence === undefined ? {} : { evidence: report.evidence }),
  };
  // Reports of other engines extend CheckReport (policy mode adds mode, package, notes): keep their fields too.
  return jsonText({ ...ordered, ...report, ...ordered });
}
