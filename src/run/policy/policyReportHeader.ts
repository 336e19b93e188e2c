import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import type { InvariantId } from '../../model/invariants.ts';
import { SPEC_VERSION } from '../../model/specVersion.ts';
import { PRUNECHECK_VERSION } from '../version.ts';

/** What every policy report says of the library it checked and of the prunecheck that checked it. */
export function policyReportHeader(adapter: PolicyAdapter): {
  readonly mode: 'policy';
  readonly adapter: string;
  readonly adapterVersion: string;
  readonly package: string;
  readonly description: string;
  readonly notes: Readonly<Partial<Record<InvariantId, string>>>;
  readonly prunecheckVersion: string;
  readonly specVersion: string;
} {
  return {
    mode: 'policy',
    adapter: adapter.name,
    adapterVersion: adapter.version,
    package: adapter.package,
    description: adapter.description,
    notes: adapter.notes ?? {},
    prunecheckVersion: PRUNECHECK_VERSION,
    specVersion: SPEC_VERSION,
  };
}
