import { importAdapterModule, looksLikeModulePath } from '../../adapters/importAdapterModule.ts';
import { AdapterLoadError } from '../../adapters/AdapterLoadError.ts';
import { findPolicyAdapter, POLICY_ADAPTERS } from './index.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';
import { validatePolicyAdapter } from '../../adapters/policy/validatePolicyAdapter.ts';
import { loadSupervised } from '../../adapters/supervise/loadSupervised.ts';
import type { LoadOptions } from '../../adapters/supervise/Supervisor.ts';

/**
 * Resolves `--adapter` for policy mode: a built-in policy adapter's name, or a module path whose default export
 * is one, loaded in a supervised process unless `options.inProcess`.
 */
export async function loadPolicyAdapter(ref: string, options: LoadOptions = {}): Promise<PolicyAdapter> {
  if (!looksLikeModulePath(ref)) {
    const entry = findPolicyAdapter(ref);
    if (entry !== undefined) return entry.load();
    throw new AdapterLoadError('UNKNOWN_ADAPTER', `unknown policy adapter '${ref}'; built-ins: ${POLICY_ADAPTERS.map((e) => e.name).join(', ')}; or pass a path to a module (./my-pruner.ts); replaying a counterexample recorded from your own tests? name its adapter module: npx prunecheck replay <file> --adapter ./my-pruner.ts`);
  }
  if (options.inProcess !== true) return (await loadSupervised(ref, 'policy', options)).adapter as PolicyAdapter;
  const { path, value } = await importAdapterModule(ref);
  return validatePolicyAdapter(value, path);
}
