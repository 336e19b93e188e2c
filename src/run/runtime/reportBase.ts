import type { CheckReport } from '../CheckReport.ts';
import type { EvidenceTally } from './EvidenceTally.ts';

/** What names a check: the adapter, the versions in force and the seed. */
export type CheckIdentity = Pick<CheckReport, 'adapter' | 'adapterVersion' | 'prunecheckVersion' | 'specVersion' | 'seed'>;

/** A runtime-mode report before its verdict: everything but the verdict, the invariants and the violations. */
export type ReportBase = Omit<CheckReport, 'verdict' | 'invariants' | 'violations'>;

/**
 * The fields every runtime-mode report opens with, from the check's identity and what it counted: runs,
 * situations and evidence from the tally (complete runs only), operations and their rate over `durationMs`.
 * One definition for a single check (`checkAdapter`) and for a merge of its shards (`mergeShards`), so a field
 * added to one is in the other.
 */
export function reportBase(identity: CheckIdentity, tally: EvidenceTally, opsChecked: number, durationMs: number): ReportBase {
  const ms = Math.max(1, durationMs);
  return {
    adapter: identity.adapter,
    adapterVersion: identity.adapterVersion,
    prunecheckVersion: identity.prunecheckVersion,
    specVersion: identity.specVersion,
    seed: identity.seed,
    runs: tally.runs,
    opsChecked,
    opsPerSecond: Math.round((opsChecked / ms) * 1000),
    durationMs: ms,
    situations: tally.situations,
    evidence: tally.evidence(),
  };
}
