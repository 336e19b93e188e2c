// The build's last step (`npm run build`): bundles the compiled CLI (dist/cli/main.js), the supervised adapter
// process (dist/adapters/supervise/subjectChild.js) and the `--workers` thread (dist/run/parallel/worker.js) into
// dist/bundle/, which bin/prunecheck.js runs when it is as new as dist/. Issue 26: a default check spent most of
// its start-up resolving, reading and linking ~150 modules one by one; bundled, they are a few files, and what is
// loaded only on demand (policy mode, other built-ins, reporters) stays in chunks of its own (`splitting`).
//
// The library (`import … from 'prunecheck'`) stays dist/, module per module. Where a user's code and the CLI meet
// in one process (an adapter module run `--in-process`, a supervised child), a class the user can import from the
// package must be the package's own, or `instanceof` disagrees: a `ModelError` thrown by the package's
// ReferenceRuntime would not be the bundle's `ModelError`. So every class module the package's entry point
// exports, and that imports nothing (error classes: no state of their own to split), stays outside the bundle,
// imported from dist/ where the package's other modules import it too. Bundled modules keep the depth of dist/'s
// own (dist/bundle/ is two levels down, as dist/cli/ is), so paths they take from `import.meta.url` (the package
// root, scenarios/, src/ and dist/) point where they did; the incidents' built traces are copied beside them.
import { build } from 'esbuild';
import { copyFileSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const OUT = join(DIST, 'bundle');
const ENTRIES = ['cli/main.js', 'adapters/supervise/subjectChild.js', 'run/parallel/worker.js'];

/** The compiled paths of the classes shared with the package (see above), read from src/index.ts's re-exports. */
function sharedClassModules() {
  const index = readFileSync(join(ROOT, 'src', 'index.ts'), 'utf8');
  const shared = new Set();
  for (const [, spec] of index.matchAll(/from\s+'(\.\/[^']+\.ts)'/g)) {
    const source = readFileSync(join(ROOT, 'src', spec), 'utf8');
    const imports = [...source.matchAll(/^\s*import\s+(?!type\b)/gm)].length;
    if (imports === 0 && /^export (abstract )?class /m.test(source)) shared.add(join(DIST, spec.replace(/\.ts$/, '.js')));
  }
  if (shared.size === 0) throw new Error('bundleCli: no shared class modules found in src/index.ts; the pattern no longer matches its re-exports');
  return shared;
}

const shared = sharedClassModules();
const keepShared = {
  name: 'keep-shared-classes',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!shared.has(target)) return undefined;
      return { path: `./${relative(OUT, target)}`.replace(/^\.\/\.\.\//, '../'), external: true };
    });
  },
};

// npm packages stay imports (the user installs the pruner libraries; tsx and sql.js load files of their own), but
// fast-check and its generator, pure-rand, whose one 390 kB file every check decodes and compiles before its first
// episode, are bundled: only what the engine uses of them (about 7 ms less start-up). A user's code that imports
// fast-check gets its own copy; the CLI hands it no arbitrary.
const INLINED = new Set(['fast-check', 'pure-rand']);
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return INLINED.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

// The compiled modules import fast-check as one default object (`import fc from 'fast-check'`), which keeps all of
// it: 390 kB a check decodes and compiles before its first episode. Read as a namespace (`import * as fc`), the same
// members are the same functions (fast-check's default export is an object of its named exports), and esbuild keeps
// only those the engine names (`fc.record`, `fc.commands`, …): about 360 -> 156 kB.
const namespaceFastCheck = {
  name: 'namespace-fast-check',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(`${DIST}/`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(FC_DEFAULT_IMPORT)) return undefined;
      return { contents: text.replace(FC_DEFAULT_IMPORT, "import * as fc from 'fast-check';"), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
const FC_DEFAULT_IMPORT = "import fc from 'fast-check';";

await build({
  entryPoints: ENTRIES.map((entry) => join(DIST, entry)),
  outdir: OUT,
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [keepShared, packagesOutside, namespaceFastCheck],
});
copyFileSync(join(DIST, 'run', 'runtime', 'scenarioTraces.json'), join(OUT, 'scenarioTraces.json'));
process.stdout.write(`prunecheck build: the CLI bundled into ${relative(ROOT, OUT)}/ (${shared.size} shared classes left in dist/)\n`);
