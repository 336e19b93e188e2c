import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The installed version of an npm package, read from its own package.json (found by walking up from its
 * resolved entry, since `exports` often hides `<pkg>/package.json`). Adapters report it so a report names
 * exactly what was tested.
 */
export function packageVersion(name: string, entry: string = name): string {
  // `entry` is any specifier of the package that resolves (some packages export only subpaths).
  let dir = dirname(require.resolve(entry));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // no package.json at this level; keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find package.json of ${name}; is it installed (npm ci)?`);
    dir = parent;
  }
}

/**
 * The version of `name` that an import from prunecheck would find, or undefined when it is not installed. Looks
 * in every `node_modules` from prunecheck's own directory up, as Node's resolution does, without importing
 * anything: `prunecheck list` calls it for every optional library, and some take seconds to load.
 */
export function installedVersion(name: string, from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version?: unknown };
      if (typeof manifest.version === 'string') return manifest.version;
    } catch {
      // not installed at this level
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
