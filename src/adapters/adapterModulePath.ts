import { Session } from 'node:inspector';
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** prunecheck's own code (sources and compiled): a function defined there belongs to a built-in, not to the user. */
const OWN_CODE = ['src', 'dist'].map((dir) => fileURLToPath(new URL(`../../${dir}/`, import.meta.url)));
let calls = 0;

/**
 * The file that defines `fn`, from V8's own record of where each function's source is (the inspector's
 * `[[FunctionLocation]]`), or undefined when the inspector cannot tell. Works for modules loaded by Node, tsx
 * or vitest alike, since it asks the engine rather than the module loader.
 *
 * The location names a script by id; its URL is read from V8's best-effort coverage record of the live scripts,
 * not from the Debugger's `scriptParsed` events: enabling and disabling the Debugger turns a precise coverage
 * running in the process (vitest's, c8's) into function counts for the rest of the process, so a test suite that
 * called `checkAdapter` lost every branch it ran afterwards. Reading best-effort coverage resets no count.
 */
export function functionFile(fn: (...args: never[]) => unknown): Promise<string | undefined> {
  let file = looked.get(fn);
  if (file === undefined) {
    file = lookUp(fn);
    looked.set(fn, file);
  }
  return file;
}

/**
 * Each function's file once asked: reading best-effort coverage walks the whole heap (13 ms at a 50 MB heap, and
 * growing with it), and a test suite calls `checkAdapter` with the same adapter object again and again.
 */
const looked = new WeakMap<object, Promise<string | undefined>>();

function lookUp(fn: (...args: never[]) => unknown): Promise<string | undefined> {
  return new Promise((resolveFile) => {
    let session: Session;
    try {
      session = new Session();
      session.connect();
    } catch {
      resolveFile(undefined);
      return;
    }
    const key = `__prunecheckFunctionFile${(calls += 1)}`;
    const done = (url: string | undefined): void => {
      delete (globalThis as Record<string, unknown>)[key];
      session.disconnect();
      resolveFile(url === undefined || url === '' ? undefined : url.startsWith('file:') ? fileURLToPath(url) : isAbsolute(url) ? url : undefined);
    };
    (globalThis as Record<string, unknown>)[key] = fn;
    session.post('Runtime.evaluate', { expression: `globalThis.${key}` }, (evaluateError, evaluated) => {
      const objectId = evaluated?.result.objectId;
      if (evaluateError || objectId === undefined) return done(undefined);
      session.post('Runtime.getProperties', { objectId }, (propertiesError, properties) => {
        const location = properties?.internalProperties?.find((p) => p.name === '[[FunctionLocation]]')?.value?.value as { scriptId?: string } | undefined;
        const scriptId = propertiesError ? undefined : location?.scriptId;
        if (scriptId === undefined) return done(undefined);
        session.post('Profiler.getBestEffortCoverage', (coverageError, coverage) => {
          done(coverageError ? undefined : coverage?.result.find((script) => script.scriptId === scriptId)?.url);
        });
      });
    });
  });
}

/**
 * How `prunecheck replay` can load an adapter object given to `checkAdapter` from a test: the module that
 * defines its `create`, relative to the working directory (`./src/prunecheckAdapter.ts`). Undefined when that
 * is unknown, inside node_modules, or inside prunecheck itself (a built-in, or an adapter made by one of
 * prunecheck's helpers: the caller then falls back to the adapter's name).
 */
export async function adapterModulePath(create: (...args: never[]) => unknown, cwd: string = process.cwd()): Promise<string | undefined> {
  const file = await functionFile(create);
  if (file === undefined || OWN_CODE.some((dir) => file.startsWith(dir)) || file.split(sep).includes('node_modules')) return undefined;
  const shown = relative(cwd, file);
  if (shown.startsWith('..') || isAbsolute(shown)) return file;
  return `.${sep}${shown}`;
}
