import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdapterLoadError } from './AdapterLoadError.ts';

/** Whether an `--adapter` value names a module file rather than a built-in. */
export function looksLikeModulePath(ref: string): boolean {
  return ref.includes('/') || ref.includes('\\') || /\.(c|m)?(t|j)s$/.test(ref);
}

/**
 * Imports an adapter module (TypeScript through tsx, or JavaScript) and answers its default export with the
 * resolved path, for the caller's contract check. Missing files and failed imports are `AdapterLoadError`s.
 */
export async function importAdapterModule(ref: string): Promise<{ readonly path: string; readonly value: unknown }> {
  const path = resolve(ref);
  if (!existsSync(path)) throw new AdapterLoadError('MODULE_NOT_FOUND', `adapter module ${path} does not exist; check the --adapter path`);
  try {
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    return { path, value: module['default'] };
  } catch (error: unknown) {
    throw new AdapterLoadError('IMPORT_FAILED', `could not import adapter module ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
