import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file below `dir`. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Every module specifier of a source text, in the order they stand: static imports and re-exports (type-only too:
 * `import … from '…'`, `export … from '…'`, `import '…'`) and dynamic `import('…')`.
 */
export function importsOf(text: string): string[] {
  const matches = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return matches.sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((m) => m[1] as string);
}
