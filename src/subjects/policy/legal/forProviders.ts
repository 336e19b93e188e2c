import type { ProviderName } from '../../../adapters/policy/providerShape.ts';
import type { LegalPolicyPruner } from './index.ts';

/** The same legal pruner, declaring that it serves only `providers` (INV-33 holds it to their rules alone). */
export function forProviders(legal: LegalPolicyPruner, providers: readonly ProviderName[]): LegalPolicyPruner {
  return { ...legal, adapter: { ...legal.adapter, providers, description: `${legal.adapter.description} (providers: ${providers.join(', ')})` } };
}
