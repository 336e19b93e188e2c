import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Adapter, PruningSystem } from '../../adapters/Adapter.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';
import { TrustsSafeClaim } from './TrustsSafeClaim.ts';

let sessions = 0;

/**
 * Nondeterministic. Sessions are served by two replicas in turn, one of them a stale build that still trusts the
 * model's `claimSafe` (as `trusts-safe-claim` does): the same trace breaks INV-03 on one session and passes on
 * the next. `check` must not report it as a plain violation: re-running the shrunk counterexample on fresh
 * sessions answers differently, so the verdict is `diverged`, naming the step and field that differ.
 */
export const staleReplica: Adapter = {
  ...runtimeAdapter('stale-replica', '', (config) => new ReferenceRuntime(config)),
  name: 'stale-replica',
  description: 'Nondeterministic: every other session is served by a stale build that trusts claimSafe (INV-03 on one run, not the next)',
  create(config): PruningSystem {
    sessions += 1;
    const runtime = sessions % 2 === 1 ? new TrustsSafeClaim(config) : new ReferenceRuntime(config);
    return {
      apply: (op) => runtime.apply(op),
      observe: (ids) => ids.map((id) => runtime.observe(id)),
      request: (signature) => runtime.ledger.get(signature),
    };
  },
};
