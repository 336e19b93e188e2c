import { AdapterLoadError } from '../../adapters/AdapterLoadError.ts';
import { installedVersion } from './packageVersion.ts';
import { startDeferredStallMonitor } from '../../util/stallMonitor.ts';
import type { PolicyAdapter } from '../../adapters/policy/PolicyAdapter.ts';

/**
 * An npm package a built-in policy adapter imports, at the version prunecheck tests it with (its exact
 * devDependency). Users install it themselves: the libraries are optional peer dependencies of prunecheck.
 */
export interface PrunerLibrary {
  readonly name: string;
  readonly version: string;
}

/** A library and what is installed: `installed` is the version found, or undefined. */
export interface LibraryStatus extends PrunerLibrary {
  readonly installed: string | undefined;
}

export type FindInstalled = (name: string) => string | undefined;

export function libraryStatus(libraries: readonly PrunerLibrary[], find: FindInstalled = installedVersion): LibraryStatus[] {
  return libraries.map((library) => ({ ...library, installed: find(library.name) }));
}

/** The command that installs these libraries at the tested versions. */
export function installCommand(libraries: readonly PrunerLibrary[]): string {
  return `npm i -D ${libraries.map((l) => `${l.name}@${l.version}`).join(' ')}`;
}

function listed(libraries: readonly PrunerLibrary[]): string {
  const specs = libraries.map((l) => `${l.name}@${l.version}`);
  return specs.length <= 1 ? specs.join('') : `${specs.slice(0, -1).join(', ')} and ${specs.at(-1) ?? ''}`;
}

/** The error for a built-in whose libraries are not all installed: what it needs and the command to type. */
export function missingLibraryError(adapter: string, missing: readonly PrunerLibrary[], options?: { cause?: unknown }): AdapterLoadError {
  const what = missing.length === 1 ? 'an optional peer dependency of prunecheck, not installed' : 'optional peer dependencies of prunecheck, not installed';
  return new AdapterLoadError('MISSING_LIBRARY', `${adapter} needs ${listed(missing)} (${what}): ${installCommand(missing)}`, options);
}

/**
 * Loads a built-in policy adapter whose module imports npm libraries: first checks they are installed (so a
 * missing one is named with its install command, never an ERR_MODULE_NOT_FOUND stack), then imports it. A
 * library that is present but cannot load one of its own imports is reported the same way, with the cause.
 */
export async function loadWithLibraries(adapter: string, libraries: readonly PrunerLibrary[], load: () => Promise<PolicyAdapter>, find: FindInstalled = installedVersion): Promise<PolicyAdapter> {
  const missing = libraryStatus(libraries, find).filter((l) => l.installed === undefined);
  if (missing.length > 0) throw missingLibraryError(adapter, missing);
  // The library's code runs in this process from here on: a synchronous loop in it is the stall monitor's to catch.
  startDeferredStallMonitor();
  try {
    return await load();
  } catch (error: unknown) {
    if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Node: "Cannot find package 'ai' imported from …".
    const wanted = /Cannot find package '([^']+)'/.exec(message)?.[1];
    const named = libraries.filter((l) => l.name === wanted);
    if (named.length > 0) throw missingLibraryError(adapter, named, { cause: error });
    const first = message.split('\n')[0] ?? message;
    throw new AdapterLoadError('IMPORT_FAILED', `${adapter}: a module its libraries import is missing (${first}); reinstall them: ${installCommand(libraries)}`, { cause: error });
  }
}
