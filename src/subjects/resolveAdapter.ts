import type { Adapter } from '../adapters/Adapter.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { importAdapterModule, looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import type { PolicyAdapter } from '../adapters/policy/PolicyAdapter.ts';
import type { LoadOptions } from '../adapters/supervise/Supervisor.ts';
import { referenceAdapter } from './reference.ts';

/** What `--adapter` named: a runtime driven operation by operation, or a message-list pruner (policy mode). */
export type ResolvedAdapter = { readonly mode: 'runtime'; readonly adapter: Adapter } | { readonly mode: 'policy'; readonly adapter: PolicyAdapter };

/**
 * Resolves `--adapter` for either engine. Bare words are looked up among the runtime built-ins, then the
 * policy-mode ones; a module whose default export has `kind: 'policy'` is a policy adapter; everything else
 * (including `cmd:`) goes to the runtime loader and its contract validation. A module runs in a supervised
 * process of its own (src/adapters/supervise), which tells the two kinds apart itself, unless `options.inProcess`.
 */
export async function resolveAdapter(ref: string, options: LoadOptions = {}): Promise<ResolvedAdapter> {
  const scheme = /^[a-z]+:/.test(ref) && !/^[a-z]:[\\/]/i.test(ref);
  // Each kind of reference loads only its own machinery (issue 26: a default check's start-up is mostly loading
  // modules). The reference, the default subject and the first built-in, resolves without the other built-ins'
  // ~50 modules; the policy registry, the supervisor and the command protocol load when a reference needs them.
  if (ref === referenceAdapter.name) return { mode: 'runtime', adapter: referenceAdapter };
  if (!scheme && !looksLikeModulePath(ref)) {
    const { BUILTIN_ADAPTERS, findBuiltin } = await import('./builtins.ts');
    const builtin = findBuiltin(ref);
    if (builtin !== undefined) return { mode: 'runtime', adapter: builtin };
    const { findPolicyAdapter, POLICY_ADAPTERS } = await import('./policy/index.ts');
    const policy = findPolicyAdapter(ref);
    if (policy !== undefined) return { mode: 'policy', adapter: await policy.load() };
    throw new AdapterLoadError(
      'UNKNOWN_ADAPTER',
      `unknown adapter '${ref}'; built-ins: ${BUILTIN_ADAPTERS.map((a) => a.name).join(', ')}; policy-mode built-ins: ${POLICY_ADAPTERS.map((e) => e.name).join(', ')}; or pass a path to a module (./my-adapter.ts) or cmd:<command line>`,
    );
  }
  if (!scheme && options.inProcess !== true) {
    const { loadSupervised } = await import('../adapters/supervise/loadSupervised.ts');
    const loaded = await loadSupervised(ref, 'any', options);
    return loaded.mode === 'runtime' ? { mode: 'runtime', adapter: loaded.adapter } : { mode: 'policy', adapter: loaded.adapter };
  }
  const { loadAdapter } = await import('./loadAdapter.ts');
  try {
    return { mode: 'runtime', adapter: await loadAdapter(ref, options) };
  } catch (error: unknown) {
    if (!(error instanceof AdapterLoadError) || error.code !== 'BAD_ADAPTER' || scheme) throw error;
    // Not a runtime adapter: it may be a policy adapter (the module is already in the import cache).
    const { path, value } = await importAdapterModule(ref);
    const { isPolicyAdapter, validatePolicyAdapter } = await import('../adapters/policy/validatePolicyAdapter.ts');
    if (!isPolicyAdapter(value)) throw error;
    return { mode: 'policy', adapter: validatePolicyAdapter(value, path) };
  }
}
