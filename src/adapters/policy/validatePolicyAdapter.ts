import { INVARIANT_IDS } from '../../model/invariants.ts';
import { AdapterLoadError } from '../AdapterLoadError.ts';
import { PROVIDER_NAMES } from './providerShape.ts';
import type { PolicyAdapter } from './PolicyAdapter.ts';
import { POLICY_CAPABILITY_NAMES } from './PolicyCapabilities.ts';

/** True for a value shaped as a policy adapter (`kind: 'policy'`), so loaders can tell the two modes apart. */
export function isPolicyAdapter(value: unknown): value is PolicyAdapter {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'policy';
}

/** Checks a module's default export is a policy adapter, naming the field that is wrong. */
export function validatePolicyAdapter(value: unknown, source: string): PolicyAdapter {
  const fail = (field: string, expected: string): never => {
    throw new AdapterLoadError('BAD_ADAPTER', `${source}: default export${field} ${expected} (see docs/policy-mode.md "Test your own pruner")`);
  };
  if (!isPolicyAdapter(value)) return fail('', "must be a policy adapter object with kind: 'policy', name, version, description, package, invariants and create()");
  const a = value as unknown as Record<string, unknown>;
  for (const field of ['name', 'version', 'description', 'package'] as const) {
    if (typeof a[field] !== 'string' || a[field] === '') fail(`.${field}`, 'must be a non-empty string');
  }
  if (typeof a['create'] !== 'function') fail('.create', 'must be a function (model, config) => PolicySystem');
  if (!Array.isArray(a['invariants'])) fail('.invariants', 'must be an array of invariant ids');
  for (const id of a['invariants'] as unknown[]) {
    if (!INVARIANT_IDS.includes(id as never)) fail('.invariants', `names unknown invariant ${JSON.stringify(id)}; known: ${INVARIANT_IDS.join(', ')}`);
  }
  const providers = a['providers'];
  if (providers !== undefined && (!Array.isArray(providers) || providers.some((p) => !(PROVIDER_NAMES as readonly unknown[]).includes(p)))) {
    fail('.providers', `must be an array of provider names (${PROVIDER_NAMES.join(', ')}), or left out for all of them`);
  }
  const capabilities = a['capabilities'];
  if (capabilities !== undefined) {
    if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) fail('.capabilities', `must be an object of booleans (${POLICY_CAPABILITY_NAMES.join(', ')})`);
    // Only the known ones are read here: fields other parts of prunecheck add to capabilities validate themselves.
    for (const key of POLICY_CAPABILITY_NAMES) {
      const flag = (capabilities as Record<string, unknown>)[key];
      if (flag !== undefined && typeof flag !== 'boolean') fail(`.capabilities.${key}`, 'must be true or false');
    }
  }
  if (a['asynchronousPrune'] !== undefined && typeof a['asynchronousPrune'] !== 'boolean') fail('.asynchronousPrune', 'must be true, false or absent (INV-37: whether messages can reach the library while its prune runs)');
  return value;
}
