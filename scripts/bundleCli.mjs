// The build's last step (`npm run build`): bundles the compiled CLI (dist/cli/main.js), the supervised adapter
// process (dist/adapters/supervise/subjectChild.js) and the `--workers` thread (dist/run/parallel/worker.js) into
// dist/bundle/, which bin/prunecheck.js runs when it is as new as dist/. Issue 26: a default check spent most of
// its start-up resolving, reading and linking ~150 modules one by one; bundled, they are a few files, and what is
// loaded only on demand (policy mode, other built-ins, reporters) stays in chunks of its own (`splitting`).
//
// The library (`import … from 'prunecheck'`) is bundled as well, in files of its own (below). Where a user's code
// and the CLI meet in one process (an adapter module run `--in-process`, a supervised child), a class the user can
// import from the package must be the package's own, or `instanceof` disagrees: a `ModelError` thrown by the
// package's ReferenceRuntime would not be the CLI's `ModelError`. So every class module the package's entry point
// exports, and that imports nothing (error classes: no state of their own to split), stays outside both bundles,
// imported from dist/ by each. Bundled modules keep the depth of dist/'s
// own (dist/bundle/ is two levels down, as dist/cli/ is), so paths they take from `import.meta.url` (the package
// root, scenarios/, src/ and dist/) point where they did; the incidents' built traces are copied beside them.
import { build } from 'esbuild';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      return INLINED.has(packageName(args.path)) ? undefined : { path: args.path, external: true };
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
      if (isFastCheckModule(args.path)) return lazyClock(args.path);
      if (relative(DIST, args.path).startsWith('..')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(FC_DEFAULT_IMPORT)) return undefined;
      return { contents: text.replace(FC_DEFAULT_IMPORT, "import * as fc from 'fast-check';"), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
const FC_DEFAULT_IMPORT = "import fc from 'fast-check';";
/** fast-check's one module, wherever node_modules is (a symbolic link resolves outside the package). */
const isFastCheckModule = (path) => /(^|[\\/])node_modules[\\/]fast-check[\\/]lib[\\/]fast-check\.js$/.test(path);

// fast-check binds `performance.now` when its module loads, for its time-limit plugin, which prunecheck does not
// use (--time-limit is `interruptAfterTimeLimit`, timed with Date.now); esbuild keeps that one line of the unused
// plugin since reading a global may have effects, and the first read of `performance` loads Node's perf_hooks
// (about 2 ms of CPU before a check's first episode). Bound at its first call instead (the same function, from the
// same global), it goes with the rest of the plugin.
const FC_EAGER_CLOCK = 'const safePerformanceNow = typeof performance !== "undefined" ? performance.now.bind(performance) : Date.now.bind(Date);';
const FC_LAZY_CLOCK = 'let boundPerformanceNow; const safePerformanceNow = () => (boundPerformanceNow ??= typeof performance !== "undefined" ? performance.now.bind(performance) : Date.now.bind(Date))();';
function lazyClock(path) {
  const text = readFileSync(path, 'utf8');
  // Another fast-check may read it otherwise: spec/package/bundle.test.ts then says the bundle reads it at load.
  return { contents: text.includes(FC_EAGER_CLOCK) ? text.replace(FC_EAGER_CLOCK, FC_LAZY_CLOCK) : text, loader: 'js', resolveDir: dirname(path) };
}

/** Every member of fast-check that dist/'s modules name (`fc.record`, …); each of their uses of `fc` must be one. */
function fastCheckMembers() {
  const members = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== OUT) walk(path);
      } else if (entry.name.endsWith('.js')) {
        const text = readFileSync(path, 'utf8');
        if (!text.includes(FC_DEFAULT_IMPORT)) continue;
        const code = text.replace(FC_DEFAULT_IMPORT, '').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        const uses = [...code.matchAll(/\bfc\b/g)].length;
        const named = [...code.matchAll(/\bfc\s*\.\s*([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
        if (uses !== named.length) throw new Error(`bundleCli: ${relative(ROOT, path)} uses fast-check's default export other than as fc.<member>`);
        for (const name of named) members.add(name);
      }
    }
  };
  walk(DIST);
  return members;
}

const common = { absWorkingDir: ROOT, outdir: OUT, bundle: true, format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning', metafile: true };
const cli = await build({
  ...common,
  entryPoints: ENTRIES.map((entry) => join(DIST, entry)),
  entryNames: '[name]',
  splitting: true,
  plugins: [keepShared, packagesOutside, namespaceFastCheck],
});

// `prunecheck check`, the command a user runs most, gets a bundle of its own (issue 26): split as above, the modules
// a check loads before its first episode lay in ~40 chunks (esbuild puts each module in the chunk of the set of
// entry points and dynamic imports that reach it, and every other command, the worker and the supervised child
// share some of them), and the loader's per-file work (resolving, reading, linking) cost about 15 ms. So the
// modules `check` imports statically (the CLI's main module and the check command, with what they import) are one
// file, check.js, and what they import on demand (the policy engine, the other built-ins, the JUnit and Markdown
// reporters, the scenario engine, the other commands) is a second build, split as usual, whose imports of check.js's
// modules are imports from check.js itself: one instance of each module in a process, as in dist/.
// bin/prunecheck.js runs check.js for `check`; the worker thread and the supervised process are the CLI build's.
const CHECK_ENTRY = 'check.js';
const inputs = cli.metafile.inputs;
const core = new Set();
for (const start of ['cli/main.js', 'cli/checkCommand.js']) {
  const stack = [`dist/${start}`];
  while (stack.length > 0) {
    const path = stack.pop();
    if (core.has(path)) continue;
    core.add(path);
    for (const i of inputs[path]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) stack.push(i.path);
  }
}
const onDemand = new Set();
// A module of check.js that check.js itself imports on demand (the check command, from the command table) is
// exported from check.js under its own names, and the import is of check.js: esbuild would otherwise wrap every
// module of check.js in a function to run at first import (compiled twice: at load and at that call).
const selfImported = new Set();
for (const path of core) {
  for (const i of inputs[path]?.imports ?? []) {
    if (i.kind === 'dynamic-import' && !i.external) (core.has(i.path) ? selfImported : onDemand).add(i.path);
  }
}
// What each of check.js's modules exports: the on-demand build imports them from check.js as `__m<i>_<name>`, and
// check.js exports under those names what that build imports (read back from its output), nothing more.
const scanned = await build({ absWorkingDir: ROOT, entryPoints: [...core], outdir: join(ROOT, '.bundle-exports'), outbase: ROOT, bundle: false, format: 'esm', write: false, metafile: true, logLevel: 'warning' });
const exportsOf = new Map();
for (const output of Object.values(scanned.metafile.outputs)) if (output.entryPoint !== undefined) exportsOf.set(output.entryPoint, output.exports);
const coreIds = new Map([...core].map((path, i) => [resolve(ROOT, path), { path, id: i, names: exportsOf.get(path) ?? [] }]));

/** In the on-demand build: a module of check.js is check.js's exports of it, not a copy. */
const fromCheckEntry = {
  name: 'from-check-entry',
  setup(b) {
    b.onResolve({ filter: /^prunecheck-check-entry$/ }, () => ({ path: `./${CHECK_ENTRY}`, external: true }));
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.fromCheckEntry === true || args.namespace === 'check-entry') return undefined;
      if (!/^\.\.?\//.test(args.path) && !INLINED.has(packageName(args.path))) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { fromCheckEntry: true } });
      if (found.errors.length > 0 || found.external || !coreIds.has(found.path)) return undefined;
      return { path: found.path, namespace: 'check-entry' };
    });
    b.onLoad({ filter: /.*/, namespace: 'check-entry' }, (args) => {
      const { id, path } = coreIds.get(args.path);
      // fast-check's module: only the members dist/ names (all of them would keep all of fast-check in check.js).
      const names = isFastCheckModule(path) ? [...fastCheckMembers()] : coreIds.get(args.path).names;
      return { contents: names.length === 0 ? "import 'prunecheck-check-entry';" : `export { ${names.map((n) => `__m${id}_${n} as ${n}`).join(', ')} } from 'prunecheck-check-entry';`, loader: 'js' };
    });
  },
};
const lazy = await build({
  ...common,
  entryPoints: [...onDemand].map((path) => join(ROOT, path)),
  entryNames: 'check-[name]-[hash]',
  chunkNames: 'check-chunk-[hash]',
  splitting: true,
  plugins: [fromCheckEntry, keepShared, packagesOutside, namespaceFastCheck],
});
const wanted = new Map();
for (const out of Object.keys(lazy.metafile.outputs).filter((path) => path.endsWith('.js'))) {
  const text = readFileSync(join(ROOT, out), 'utf8');
  const lists = [...text.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*"\.\/check\.js"/g)];
  // Every import of check.js is one of those lists or a bare `import "./check.js"`: none is missed.
  if (lists.length + [...text.matchAll(/import\s*"\.\/check\.js"/g)].length !== [...text.matchAll(/"\.\/check\.js"/g)].length) throw new Error(`bundleCli: ${out} imports check.js in a form this script does not read`);
  for (const [, list] of lists) {
    for (const item of list.split(',')) {
      const m = /^\s*__m(\d+)_([\w$]+)/.exec(item);
      if (m !== null) wanted.set(`__m${m[1]}_${m[2]}`, { id: Number(m[1]), name: m[2] });
    }
  }
}
const byId = new Map([...coreIds.values()].map((entry) => [entry.id, entry]));
const ownNames = ['runProcess', ...[...selfImported].flatMap((path) => exportsOf.get(path) ?? [])];
if (new Set(ownNames).size !== ownNames.length || ownNames.some((name) => name.startsWith('__m'))) throw new Error(`bundleCli: check.js cannot export ${ownNames.join(', ')} under their own names (a name twice)`);
const moduleSpec = (path) => `./${relative(DIST, join(ROOT, path))}`;
const reexports = [
  ...[...selfImported].map((path) => `export { ${exportsOf.get(path).join(', ')} } from '${moduleSpec(path)}';`),
  ...[...wanted.values()].map(({ id, name }) => `export { ${name} as __m${id}_${name} } from '${moduleSpec(byId.get(id).path)}';`),
];
const lazyOutput = new Map();
for (const [out, output] of Object.entries(lazy.metafile.outputs)) if (output.entryPoint !== undefined) lazyOutput.set(resolve(ROOT, output.entryPoint), `./${relative(OUT, join(ROOT, out))}`);

/** In check.js: what its modules import on demand is the on-demand build's entry for it. */
const onDemandImports = {
  name: 'on-demand-imports',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const target = resolve(args.resolveDir, args.path);
      if (coreIds.has(target)) return { path: `./${CHECK_ENTRY}`, external: true };
      const output = lazyOutput.get(target);
      if (output === undefined) throw new Error(`bundleCli: ${relative(ROOT, target)}, imported on demand by check.js, is in no on-demand entry`);
      return { path: output, external: true };
    });
  },
};
await build({
  ...common,
  stdin: { contents: ["export { runProcess } from './cli/main.js';", ...reexports].join('\n'), resolveDir: DIST, sourcefile: 'checkEntry.js', loader: 'js' },
  entryNames: CHECK_ENTRY.replace(/\.js$/, ''),
  splitting: false,
  plugins: [onDemandImports, keepShared, packagesOutside, namespaceFastCheck],
});
// The package's own entry points (`import … from 'prunecheck'` and the `prunecheck/pruners/*` subpaths), bundled
// too. A supervised adapter process imports them at every start and restart (issue 25), a check `--in-process` and
// a project's own tests once (issue 26). Module per module, `import 'prunecheck'` resolved, read and linked ~150
// files: about 120 ms of wall clock and 150 ms of CPU, ~270 ms with tsx's hooks registered (a TypeScript adapter,
// every file through the hooks thread); bundled, about 45 ms, and 135–165 ms under tsx once its dynamic imports are
// routed (below). One build, split, so the entry points share
// one instance of each module (a pruner's adapter from a subpath and `checkAdapter` from the main entry meet in one
// process); the shared classes stay in dist/ as above, so the package's and the CLI's are one class. package.json's
// `exports` names these files (its `types`, the declarations beside the compiled modules in dist/), and the build
// fails where the two disagree.
const PACKAGE_PREFIX = 'package-';
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const libraryEntries = [];
for (const [subpath, target] of Object.entries(manifest.exports)) {
  if (typeof target === 'string') continue; // ./package.json
  const compiled = /^\.\/dist\/(.+)\.d\.ts$/.exec(target.types)?.[1];
  const expected = compiled === undefined ? undefined : `./dist/bundle/${PACKAGE_PREFIX}${compiled.split('/').pop()}.js`;
  if (expected === undefined || target.default !== expected) throw new Error(`bundleCli: package.json exports["${subpath}"] must be { "types": "./dist/<module>.d.ts", "default": "./dist/bundle/${PACKAGE_PREFIX}<module's name>.js" } (found ${JSON.stringify(target)})`);
  libraryEntries.push(join(DIST, `${compiled}.js`));
}
const entryNames = libraryEntries.map((path) => path.slice(path.lastIndexOf('/') + 1));
if (new Set(entryNames).size !== entryNames.length) throw new Error(`bundleCli: two of the package's entry points have one name (${entryNames.join(', ')}); their bundles would be one file`);
const library = await build({
  ...common,
  entryPoints: libraryEntries,
  entryNames: `${PACKAGE_PREFIX}[name]`,
  chunkNames: `${PACKAGE_PREFIX}chunk-[hash]`,
  splitting: true,
  plugins: [keepShared, packagesOutside, namespaceFastCheck],
});
routeDynamicImports(
  Object.entries(library.metafile.outputs)
    .filter(([out]) => out.endsWith('.js'))
    .map(([out, output]) => ({ file: join(ROOT, out), dynamic: output.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.original ?? i.path) })),
);

/**
 * tsx, which the process of a TypeScript adapter (supervised, or a check `--in-process`) loads every module
 * through, rewrites each module that holds a dynamic import (`import(…)`) and makes a source map of the whole file
 * for it: for package-index.js (~765 kB, nine of them) about 140 ms at every start of the adapter's process
 * (importing it under tsx took 270–316 ms, 133–173 ms with its dynamic imports moved out). So each dynamic import
 * in the package's files becomes a call of one small module's loader, `package-imports.js`, which holds them all:
 * `import("./x.js")` is replaced by `__pcImport(n)` padded with spaces to the same length, so the linked source
 * maps still hold, and the loader is imported at the end of the file. Specifiers are resolved from dist/bundle/
 * either way (the loader sits beside the files).
 */
function routeDynamicImports(outputs) {
  const LOADER = 'package-imports.js';
  const specifiers = [];
  for (const { file, dynamic } of outputs) {
    const text = readFileSync(file, 'utf8');
    if (text.includes('__pcImport')) throw new Error(`bundleCli: ${relative(ROOT, file)} already names __pcImport`);
    const routed = new Set();
    const rewritten = text.replace(/\bimport\("([^"\\]+)"\)/g, (whole, spec) => {
      let at = specifiers.indexOf(spec);
      if (at < 0) at = specifiers.push(spec) - 1;
      const call = `__pcImport(${at})`;
      if (call.length > whole.length) throw new Error(`bundleCli: ${whole} in ${relative(ROOT, file)} is shorter than its loader call`);
      routed.add(spec);
      return call.padEnd(whole.length, ' ');
    });
    // What esbuild says the file imports dynamically is what was routed, no more and no less: a dynamic import
    // written in another form would bring the cost back, and text that only looks like one must stay as it is.
    const expected = [...new Set(dynamic)].sort();
    // The metafile names an output chunk by its path from the working directory, a package by its specifier.
    const found = [...routed].map((spec) => (spec.startsWith('./') ? relative(ROOT, join(OUT, spec)) : spec)).sort();
    if (expected.join('\n') !== found.join('\n')) throw new Error(`bundleCli: ${relative(ROOT, file)} imports ${JSON.stringify(expected)} dynamically, but ${JSON.stringify(found)} were routed`);
    if (routed.size === 0) continue;
    const map = rewritten.lastIndexOf('\n//# sourceMappingURL=');
    const line = `import { __pcImport } from "./${LOADER}";`;
    writeFileSync(file, map < 0 ? `${rewritten}\n${line}\n` : `${rewritten.slice(0, map)}\n${line}${rewritten.slice(map)}`);
  }
  const loaders = specifiers.map((spec) => `  () => import(${JSON.stringify(spec)}),`).join('\n');
  writeFileSync(join(OUT, LOADER), `// The package's dynamic imports (scripts/bundleCli.mjs: routeDynamicImports), each by its index.\nconst loaders = [\n${loaders}\n];\nexport function __pcImport(index) {\n  return loaders[index]();\n}\n`);
}
copyFileSync(join(DIST, 'run', 'runtime', 'scenarioTraces.json'), join(OUT, 'scenarioTraces.json'));
process.stdout.write(`prunecheck build: the CLI and the package's ${libraryEntries.length} entry points bundled into ${relative(ROOT, OUT)}/ (${shared.size} shared classes left in dist/; check.js: ${core.size} modules, ${onDemand.size} loaded on demand, ${wanted.size} exports to them)\n`);
