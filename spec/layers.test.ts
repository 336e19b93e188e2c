import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf as specifiersOf, tsFiles } from './helpers/imports.ts';

// docs/architecture.md draws these layers; a file may import its own layer or one below it, never one above.
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const LAYERS = ['util', 'model', 'adapters', 'gen', 'check', 'subjects', 'scenario', 'run', 'report', 'cli'] as const;
/** The public surface sits above every layer: the package's entry points re-export from any of them. */
const SURFACE = ['index.ts', 'pruners'];
/** The shipped subjects are written as a user writes an adapter: against the contract, and nothing of the judge's. */
const SUBJECTS_SEE = new Set(['util', 'model', 'adapters', 'subjects']);

/** The relative module specifiers of a source text: the imports of prunecheck's own files. */
const importsOf = (text: string): string[] => specifiersOf(text).filter((spec) => spec.startsWith('.'));

/** The top-level room of a path under src/: a layer, or a part of the surface. */
function roomOf(path: string): string {
  const rel = relative(SRC, path);
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : rel;
}

function rank(room: string): number {
  if (SURFACE.includes(room)) return LAYERS.length;
  const at = (LAYERS as readonly string[]).indexOf(room);
  if (at < 0) throw new Error(`src/${room} is in no layer: add it to LAYERS in spec/layers.test.ts and to docs/architecture.md`);
  return at;
}

const edges = tsFiles(SRC).flatMap((file) =>
  importsOf(readFileSync(file, 'utf8')).map((spec) => ({ from: relative(SRC, file), to: relative(SRC, normalize(join(dirname(file), spec))), fromRoom: roomOf(file), toRoom: roomOf(normalize(join(dirname(file), spec))) })),
);

describe('the house: imports only look down', () => {
  it('finds the imports it judges (static, type-only, re-exports, dynamic)', () => {
    expect(importsOf("import { a } from './a.ts';\nimport type { B } from '../b/B.ts';\nexport { c } from './c.ts';\nconst d = await import('../d.ts');\nimport './e.ts';\nimport fc from 'fast-check';")).toEqual(['./a.ts', '../b/B.ts', './c.ts', '../d.ts', './e.ts']);
    expect(edges.length).toBeGreaterThan(500);
    expect(new Set(edges.map((e) => e.fromRoom))).toEqual(new Set([...LAYERS, ...SURFACE]));
  });

  it('no file imports a layer above its own', () => {
    const upward = edges.filter((e) => rank(e.toRoom) > rank(e.fromRoom)).map((e) => `src/${e.from} imports src/${e.to} (${e.fromRoom} is below ${e.toRoom})`);
    expect(upward).toEqual([]);
  });

  it('a shipped subject sees only the contract, the model and util', () => {
    const wide = edges.filter((e) => e.fromRoom === 'subjects' && !SUBJECTS_SEE.has(e.toRoom)).map((e) => `src/${e.from} imports src/${e.to}`);
    expect(wide).toEqual([]);
  });

  it('util, the bottom, imports nothing of prunecheck', () => {
    expect(edges.filter((e) => e.fromRoom === 'util' && e.toRoom !== 'util').map((e) => e.from)).toEqual([]);
  });
});
