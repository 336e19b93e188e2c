import { PROVIDER_NAMES, shapeBreaches } from '../../adapters/policy/providerShape.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-33: the next request is valid. After the prune the list satisfies every request-shape rule of the
 * providers the adapter declares (all three when it declares none), each a documented predicate
 * (src/adapters/policy/providerShape.ts). A breach the list already had before the prune, on the same message
 * or call, is the conversation's, not the pruner's.
 */
export const nextRequestValid: PolicyCheck = (o) => {
  const providers = o.providers ?? PROVIDER_NAMES;
  const already = new Set(shapeBreaches(o.before, providers).map((b) => b.key));
  return shapeBreaches(o.after, providers)
    .filter((b) => !already.has(b.key))
    .map((b) => `after round ${o.round}'s prune ${b.why} (${b.rule}): ${b.providers.join(', ')} reject${b.providers.length === 1 ? 's' : ''} the next request.`);
};
