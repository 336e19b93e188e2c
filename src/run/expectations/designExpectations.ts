import type { PolicyCheckReport } from '../policy/checkPolicyAdapter.ts';
import { expectationsFor } from './applyExpectations.ts';
import { EXPECTATIONS_FORMAT, type ExpectationsFile, type KnownFinding } from './Expectations.ts';

/** Where `prunecheck ecosystem` reads the npm pruners' known findings: their deliberate design choices. */
export const ECOSYSTEM_EXPECTATIONS_FILE = 'ecosystem.expectations.json';

/** Whether an adapter's note says a finding is the library's deliberate design choice. */
export const isDesignNote = (note: string | undefined): boolean => note !== undefined && note.startsWith('Deliberate design');

/**
 * The ecosystem's expectations after these checks: each finding the library makes on purpose (its adapter's note
 * says "Deliberate design") is listed with that note as its reason (an entry already listed keeps its reason);
 * bugs and findings not yet judged are never listed, so they stay new. Entries of pruners not checked here stay.
 */
export function designExpectations(file: ExpectationsFile | undefined, reports: readonly PolicyCheckReport[]): ExpectationsFile {
  const checked = new Set(reports.map((r) => r.adapter));
  const others = (file?.expectations ?? []).filter((e) => !checked.has(e.adapter));
  const listed = reports.flatMap((report) => {
    const before = expectationsFor(file, report.adapter);
    const seen = new Set<string>();
    return report.violations.flatMap((v): KnownFinding[] => {
      if (!isDesignNote(v.note) || seen.has(v.invariant)) return [];
      seen.add(v.invariant);
      const listed = before.find((e) => e.invariant === v.invariant);
      return [{ adapter: report.adapter, invariant: v.invariant, reason: listed?.reason ?? v.note ?? '', ...(listed?.fields === undefined ? {} : { fields: listed.fields }) }];
    });
  });
  const expectations = [...others, ...listed].sort((a, b) => (a.adapter === b.adapter ? a.invariant.localeCompare(b.invariant) : a.adapter.localeCompare(b.adapter)));
  return { format: EXPECTATIONS_FORMAT, expectations, ...(file?.fields === undefined ? {} : { fields: file.fields }) };
}
