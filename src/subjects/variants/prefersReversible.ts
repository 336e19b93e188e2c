import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';
import { ChoosingRuntime } from './ChoosingRuntime.ts';

/**
 * C-1. A span that is both derivable and backed by a resolvable pointer leaves reversibly (with a handle), where
 * the reference lets it leave as derivable: its later lookups answer `recoverable` and it can be restored.
 */
export const prefersReversible = runtimeAdapter(
  'prefers-reversible',
  'Legal variant (C-1): a span both derivable and backed leaves reversibly, with a handle',
  (config) =>
    new ChoosingRuntime(config, {
      gate: (_span, options) => {
        const allowed = options.filter((o) => o.allowed);
        return (allowed.find((o) => o.decision.kind === 'evict' && o.decision.mode === 'reversible') ?? allowed[0] ?? options[0])?.decision as never;
      },
    }),
);
