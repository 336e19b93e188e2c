import { importAdapterModule, looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import type { Adapter } from '../adapters/Adapter.ts';
import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { BUILTIN_ADAPTERS, findBuiltin } from './builtins.ts';
import { loadCommandAdapter } from '../adapters/protocol/commandAdapter.ts';
import { validateAdapter } from '../adapters/validateAdapter.ts';
import { loadSupervised } from '../adapters/supervise/loadSupervised.ts';
import type { LoadOptions } from '../adapters/supervise/Supervisor.ts';

/** Loaders for adapter references with a scheme prefix (`cmd:` for the out-of-process protocol). */
const SCHEMES = new Map<string, (rest: string) => Promise<Adapter>>([['cmd', loadCommandAdapter]]);

export function registerAdapterScheme(scheme: string, load: (rest: string) => Promise<Adapter>): void {
  SCHEMES.set(scheme, load);
}

/**
 * Resolves what `--adapter` names: a built-in's bare name, a path to a TypeScript or JavaScript module whose
 * default export is an adapter, or `<scheme>:<rest>` for registered schemes. A module runs in a process of its own
 * that prunecheck supervises (src/adapters/supervise), unless `options.inProcess`.
 */
export async function loadAdapter(ref: string, options: LoadOptions = {}): Promise<Adapter> {
  const scheme = /^([a-z]+):(.*)$/s.exec(ref);
  if (scheme !== null && SCHEMES.has(scheme[1] as string)) return (SCHEMES.get(scheme[1] as string) as (rest: string) => Promise<Adapter>)(scheme[2] as string);
  if (!looksLikeModulePath(ref)) {
    const builtin = findBuiltin(ref);
    if (builtin !== undefined) return builtin;
    throw new AdapterLoadError('UNKNOWN_ADAPTER', `unknown adapter '${ref}'; built-ins: ${BUILTIN_ADAPTERS.map((a) => a.name).join(', ')}; or pass a path to a module (./my-adapter.ts) or cmd:<command line>`);
  }
  if (options.inProcess !== true) return (await loadSupervised(ref, 'runtime', options)).adapter as Adapter;
  const { path, value } = await importAdapterModule(ref);
  return validateAdapter(value, path);
}
