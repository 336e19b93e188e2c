import type { Adapter } from '../../adapters/Adapter.ts';
import { INVARIANT_IDS, type InvariantId } from '../../model/invariants.ts';
import type { CheckOptions } from '../CheckOptions.ts';
import type { CheckReport, Verdict, Violation } from '../CheckReport.ts';
import type { FindingKind } from '../../check/FindingKind.ts';

/** The same adapter, no longer claiming one invariant (its prototype is the original, so methods keep working). */
function withoutClaim(adapter: Adapter, invariant: InvariantId): Adapter {
  const capabilities = { ...adapter.capabilities, invariants: adapter.capabilities.invariants.filter((id) => id !== invariant) };
  return Object.assign(Object.create(adapter) as Adapter, { capabilities });
}

/**
 * A runtime-mode check that looks past known findings. The runtime engine stops at its first finding, so an
 * expected one would hide any new finding behind it: when the first finding is expected, the check runs again
 * (same seed) with that invariant no longer claimed, until it finds something unexpected or nothing. The report
 * holds every finding seen; the expected invariants are `violated`, the others as the last run judged them.
 * Without claiming an invariant, `DIFFERENTIAL` findings no longer count in the later runs (spec/ADAPTER.md §5).
 */
export async function checkPastExpected(
  adapter: Adapter,
  options: CheckOptions,
  expected: ReadonlySet<FindingKind>,
  check: (adapter: Adapter, options: CheckOptions) => Promise<CheckReport>,
): Promise<CheckReport> {
  const seen: Violation[] = [];
  const earlier: CheckReport[] = [];
  let current = adapter;
  let report = await check(current, options);
  for (;;) {
    const [first] = report.violations;
    if (report.violations.length !== 1 || first === undefined || !expected.has(first.invariant)) break;
    const invariant = first.invariant as InvariantId;
    if (!INVARIANT_IDS.includes(invariant) || !current.capabilities.invariants.includes(invariant)) break;
    seen.push(first);
    earlier.push(report);
    current = withoutClaim(current, invariant);
    report = await check(current, options);
  }
  if (seen.length === 0) return report;
  const opsChecked = [...earlier, report].reduce((sum, r) => sum + r.opsChecked, 0);
  const durationMs = [...earlier, report].reduce((sum, r) => sum + r.durationMs, 0);
  const violatedBefore = new Set<FindingKind>(seen.map((v) => v.invariant));
  // Nothing new found: the known findings make it a violation. An error or unknown verdict stands.
  const verdict: Verdict = report.verdict === 'conformant' ? 'violation' : report.verdict;
  return {
    ...report,
    verdict,
    opsChecked,
    durationMs,
    opsPerSecond: Math.round((opsChecked / Math.max(1, durationMs)) * 1000),
    violations: [...seen, ...report.violations],
    invariants: report.invariants.map((r) => (violatedBefore.has(r.invariant) ? { invariant: r.invariant, status: 'violated' } : r)),
  };
}
