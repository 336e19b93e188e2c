import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startDeferredStallMonitor } from '../util/stallMonitor.ts';
import { AdapterLoadError } from './AdapterLoadError.ts';

/** Whether an `--adapter` value names a module file rather than a built-in. */
export function looksLikeModulePath(ref: string): boolean {
  return ref.includes('/') || ref.includes('\\') || /\.(c|m)?(t|j)s$/.test(ref);
}

let typescriptLoader: Promise<void> | undefined;

/**
 * Compiled prunecheck (dist/) loads a user's TypeScript through tsx, registered once, on first need. From the
 * sources (tests, `npm start`) a TypeScript loader is already in place.
 */
function loadTypeScript(path: string): Promise<void> {
  if (!/\.(c|m)?tsx?$/.test(path) || !import.meta.url.endsWith('.js')) return Promise.resolve();
  typescriptLoader ??= import('tsx/esm/api').then(({ register }) => {
    register();
  });
  return typescriptLoader;
}

/**
 * TypeScript that Node reads as CommonJS (`.cts`, or `.ts` in a package without `"type": "module"`, as npm 11's
 * `npm init -y` writes it) is loaded by tsx's own `require`, through Node's CommonJS loader. Imported instead, it
 * went through the ES loader's CommonJS translator, whose `require` of an ES module (`prunecheck` itself) failed:
 * "Cannot require() ES Module … in a cycle" on Node 20, "request for './package-chunk-….js' is from a module not
 * been linked" on Node 22. Loaded so, it runs on Node 20 to 25; tsx's `require` registers nothing globally.
 */
async function requireCommonJsTypeScript(path: string): Promise<unknown> {
  const { require: tsxRequire } = await import('tsx/cjs/api');
  return tsxRequire(path, import.meta.url) as unknown;
}

/** Whether Node reads the TypeScript module at `path` as CommonJS. */
function isCommonJsTypeScript(path: string): boolean {
  const ext = extname(path);
  return ext === '.cts' || ((ext === '.ts' || ext === '.tsx') && commonJsHint(path) !== undefined);
}

/** Errors that say a module uses top-level await where CommonJS cannot have it (tsx's transform, Node's require). */
const TOP_LEVEL_AWAIT = /top-level await|await is only valid in async functions|ERR_REQUIRE_ASYNC_MODULE/i;
/** A statement at the module's top level (not indented) that awaits: what CommonJS cannot run. */
const AWAIT_AT_TOP = /^(?:export\s+)?(?:(?:const|let|var)\s[^=\n]*=\s*)?(?:await\b|for\s+await\b)/m;

/** Whether the import failed because the module awaits at its top level (from the message, else its source). */
function usesTopLevelAwait(path: string, failure: string): boolean {
  if (TOP_LEVEL_AWAIT.test(failure)) return true;
  try {
    return AWAIT_AT_TOP.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Why Node read a `.ts`/`.js` module as CommonJS, when it did: the nearest package.json has `"type":
 * "commonjs"` (npm 11's `npm init -y` writes it) or no `"type"`, or there is no package.json above it at all.
 * An ES-module adapter then fails to import with an error that does not say so ("Cannot require() ES Module …
 * in a cycle", "Top-level await is currently not supported with the "cjs" output format"); `failure`, the
 * import's own message, lets the hint name top-level await when that is what CommonJS refused.
 */
export function commonJsHint(path: string, failure = ''): string | undefined {
  const ext = extname(path);
  if (!['.ts', '.tsx', '.js', '.jsx'].includes(ext)) return undefined;
  const renamed = ext.startsWith('.t') ? '.mts' : '.mjs';
  const uses = failure !== '' && usesTopLevelAwait(path, failure) ? ', and CommonJS has no top-level await' : '';
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      let type: unknown;
      try {
        type = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type;
      } catch {
        return undefined;
      }
      if (type === 'module') return undefined;
      const why = type === undefined ? 'has no "type" field' : `has "type": ${JSON.stringify(type)}`;
      return `${path} is loaded as CommonJS because ${manifest} ${why}${uses}: add "type": "module" to package.json or name it ${renamed}`;
    }
    if (dirname(dir) === dir) return `${path} is loaded as CommonJS because no package.json above it says otherwise${uses}: add a package.json with "type": "module" beside it or name it ${renamed}`;
  }
}

/**
 * Imports an adapter module (TypeScript through tsx, or JavaScript) and answers its default export with the
 * resolved path, for the caller's contract check. Missing files and failed imports are `AdapterLoadError`s.
 */
export async function importAdapterModule(ref: string): Promise<{ readonly path: string; readonly value: unknown }> {
  const path = resolve(ref);
  if (!existsSync(path)) throw new AdapterLoadError('MODULE_NOT_FOUND', `adapter module ${path} does not exist; check the --adapter path`);
  // The module's code runs in this process from its first line: a load that never ends is the stall monitor's to catch.
  startDeferredStallMonitor();
  try {
    if (isCommonJsTypeScript(path)) return { path, value: defaultExport(await requireCommonJsTypeScript(path)) };
    await loadTypeScript(path);
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    return { path, value: defaultExport(module['default']) };
  } catch (error: unknown) {
    const detail = error instanceof Error ? error.message : String(error);
    const hint = commonJsHint(path, detail);
    const message = `could not import adapter module ${path}: ${detail}`;
    throw new AdapterLoadError('IMPORT_FAILED', hint === undefined ? message : `${message}\n  ${hint}`, { cause: error });
  }
}

/**
 * A module's default export, through the marker compiled CommonJS leaves: an ES module that tsx (or tsc, Babel)
 * compiled to CommonJS, because its package.json says so, exports `{ __esModule: true, default: adapter }`, and
 * importing or requiring CommonJS answers that whole object, and the adapter is its `default`.
 */
function defaultExport(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const compiled = value as { readonly __esModule?: unknown };
  return compiled.__esModule === true && Object.hasOwn(value, 'default') ? (value as { readonly default: unknown }).default : value;
}
