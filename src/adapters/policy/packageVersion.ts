import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
