import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Adapter } from './Adapter.ts';
import { AdapterLoadError } from './AdapterLoadError.ts';
import { BUILTIN_ADAPTERS, findBuiltin } from './builtins.ts';
import { loadCommandAdapter } from './protocol/commandAdapter.ts';
import { validateAdapter } from './validateAdapter.ts';

/** Loaders for adapter references with a scheme prefix (`cmd:` for the out-of-process protocol). */
const SCHEMES = new Map<string, (rest: string) => Promise<Adapter>>([['cmd', loadCommandAdapter]]);

export function registerAdapterScheme(scheme: string, load: (rest: string) => Promise<Adapter>): void {
  SCHEMES.set(scheme, load);
}

/**
 * Resolves what `--adapter` names: a built-in's bare name, a path to a TypeScript or JavaScript module whose
 * default export is an adapter, or `<scheme>:<rest>` for registered schemes.
 */
export async function loadAdapter(ref: string): Promise<Adapter> {
  const scheme = /^([a-z]+):(.*)$/s.exec(ref);
  if (scheme !== null && SCHEMES.has(scheme[1] as string)) return (SCHEMES.get(scheme[1] as string) as (rest: string) => Promise<Adapter>)(scheme[2] as string);
  const looksLikePath = ref.includes('/') || ref.includes('\\') || /\.(c|m)?(t|j)s$/.test(ref);
  if (!looksLikePath) {
    const builtin = findBuiltin(ref);
    if (builtin !== undefined) return builtin;
    throw new AdapterLoadError('UNKNOWN_ADAPTER', `unknown adapter '${ref}'; built-ins: ${BUILTIN_ADAPTERS.map((a) => a.name).join(', ')}; or pass a path to a module (./my-adapter.ts) or cmd:<command line>`);
  }
  const path = resolve(ref);
  if (!existsSync(path)) throw new AdapterLoadError('MODULE_NOT_FOUND', `adapter module ${path} does not exist; check the --adapter path`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error: unknown) {
    throw new AdapterLoadError('IMPORT_FAILED', `could not import adapter module ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return validateAdapter(module['default'], path);
}
