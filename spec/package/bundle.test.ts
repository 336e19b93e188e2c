import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// scripts/bundleCli.mjs, the build's last step: the CLI bundled into dist/bundle/ (issue 26, start-up). `npm ci`
// builds it (prepare), as CI does; a work tree whose dist/ was built without it has nothing to check.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'bundle');
// And, as bin/prunecheck.js decides, a dist/ older than a file under src/ (an edit since the build) is not run:
// the CLI then runs the sources, so there is no bundle to see run.
const newerThan = (dir: string, since: number): boolean => readdirSync(dir, { withFileTypes: true }).some((entry) => (entry.isDirectory() ? newerThan(join(dir, entry.name), since) : statSync(join(dir, entry.name)).mtimeMs > since));
const compiled = join(ROOT, 'dist', 'cli', 'main.js');
const built = existsSync(join(BUNDLE, 'main.js')) && existsSync(compiled) && statSync(join(BUNDLE, 'main.js')).mtimeMs >= statSync(compiled).mtimeMs && !newerThan(join(ROOT, 'src'), statSync(compiled).mtimeMs);

describe.skipIf(!built)("the CLI's bundle", () => {
  const files = readdirSync(BUNDLE).filter((f) => f.endsWith('.js'));

  it('has the three entry points: the CLI, the supervised adapter process, the --workers thread; and the built traces', () => {
    for (const entry of ['main.js', 'subjectChild.js', 'worker.js', 'scenarioTraces.json']) expect(existsSync(join(BUNDLE, entry))).toBe(true);
  });

  it("imports the package's own error classes from dist/ (one class for user code and CLI alike) and bundles no copy", () => {
    const outside = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(BUNDLE, file), 'utf8');
      for (const [, spec] of text.matchAll(/from "(\.\.\/[^"]+)"/g)) outside.add(resolve(BUNDLE, spec as string));
      expect(text).not.toMatch(/\bclass (ModelError|AdapterLoadError|SubjectLoadFailure|SubjectExitedError|ContextOverflowError)\b/);
    }
    for (const path of ['model/ModelError.js', 'adapters/AdapterLoadError.js', 'adapters/supervise/SubjectLoadFailure.js']) expect(outside).toContain(join(ROOT, 'dist', path));
    for (const path of outside) expect(existsSync(path), path).toBe(true);
    // Only leaf class modules: anything stateful shared across the line would exist twice.
    for (const path of outside) expect(readFileSync(path, 'utf8')).not.toMatch(/^import (?!type)/m);
  });

  it('bundles fast-check (what a check loads before its first episode) and leaves the other npm packages to be imported', () => {
    const imported = new Set<string>();
    for (const file of files) for (const [, spec] of readFileSync(join(BUNDLE, file), 'utf8').matchAll(/(?:from|import\() ?"([^".][^"]*)"/g)) imported.add(spec as string);
    expect([...imported].filter((spec) => /^(fast-check|pure-rand)(\/|$)/.test(spec))).toEqual([]);
    expect(imported).toContain('tsx/esm/api');
    expect([...imported].some((spec) => spec.startsWith('langchain'))).toBe(true);
  });

  it("keeps only the fast-check members prunecheck names (fc.record, …), not all of fast-check's", () => {
    const text = files.map((file) => readFileSync(join(BUNDLE, file), 'utf8')).join('\n');
    expect(text).toMatch(/function commands\(/);
    // An arbitrary prunecheck never draws: there whenever the bundle takes fast-check's whole default export.
    expect(text).not.toMatch(/function emailAddress\(/);
    // Nor what reads the global `performance` (Node's perf_hooks, loaded on first read) when fast-check loads.
    expect(text).not.toMatch(/performance\.now\.bind\(/);
  });

  it('runs a check of an adapter module in its supervised process, and --in-process, from the bundle', () => {
    const adapter = join(ROOT, 'examples', 'quickstart', 'runtime-adapter.ts');
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bundle-'));
    try {
      for (const extra of [[], ['--in-process']]) {
        const out = join(dir, `report${extra.length}.json`);
        const result = spawnSync(process.execPath, [join(ROOT, 'bin', 'prunecheck.js'), 'check', '--adapter', adapter, '--seed', '1', '--out', out, ...extra], { encoding: 'utf8', cwd: dirname(adapter), env: { ...process.env, PRUNECHECK_TRACE_STARTUP: '1' } });
        expect(result.status, result.stderr).toBe(0);
        expect(result.stderr).toContain('build=bundle');
        expect((JSON.parse(readFileSync(out, 'utf8')) as { verdict: string }).verdict).toBe('conformant');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("check.js holds the check command's static modules in one file; what it loads on demand imports them from it, bundling no copy", () => {
    // esbuild heads each module with a comment naming its path (outside the package when node_modules is a link);
    // `check-entry:` marks the stand-ins that import a module of check.js from it.
    const modules = (file: string): string[] => [...readFileSync(join(BUNDLE, file), 'utf8').matchAll(/^\/\/ (?!check-entry:)(?:\S*?\/)?((?:dist|node_modules)\/\S+\.js)$/gm)].map((m) => m[1] as string);
    const check = readFileSync(join(BUNDLE, 'check.js'), 'utf8');
    expect(check).not.toMatch(/^import[^;]*from "\.\//m);
    const inCheck = new Set(modules('check.js'));
    for (const path of ['dist/cli/main.js', 'dist/cli/checkCommand.js', 'dist/run/runtime/checkAdapter.js', 'dist/model/ReferenceRuntime.js', 'node_modules/fast-check/lib/fast-check.js']) expect(inCheck).toContain(path);
    const onDemand = files.filter((f) => f.startsWith('check-'));
    expect(onDemand.some((f) => f.startsWith('check-checkPolicyAdapter-'))).toBe(true);
    for (const file of onDemand) for (const path of modules(file)) expect(inCheck.has(path), `${file} bundles ${path}, which check.js has`).toBe(false);
  });

  it("bundles each of the package's entry points (package.json's exports) with the same exports as dist/'s module, sharing its error classes with the CLI", async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string; default: string }> };
    const entries = Object.entries(manifest.exports).filter((entry): entry is [string, { types: string; default: string }] => typeof entry[1] !== 'string');
    expect(entries.map(([subpath]) => subpath)).toContain('.');
    for (const [subpath, target] of entries) {
      expect(target.default, subpath).toMatch(/^\.\/dist\/bundle\/package-\w+\.js$/);
      const compiled = join(ROOT, target.types.replace(/\.d\.ts$/, '.js'));
      // The pruner subpaths import their optional libraries only when an adapter is used: importing them needs none.
      const [bundled, modular] = await Promise.all([import(join(ROOT, target.default)), import(compiled)]);
      expect(Object.keys(bundled).sort(), subpath).toEqual(Object.keys(modular).sort());
    }
    // The package's name resolves to the bundle, and an error class is the very class dist/ (and so the CLI) has.
    const main = (await import('prunecheck')) as { ModelError: unknown; ReferenceRuntime: unknown };
    expect(main.ReferenceRuntime).toBe(((await import(join(BUNDLE, 'package-index.js'))) as { ReferenceRuntime: unknown }).ReferenceRuntime);
    expect(main.ModelError).toBe(((await import(join(ROOT, 'dist', 'model', 'ModelError.js'))) as { ModelError: unknown }).ModelError);
  });

  it("sends the package's dynamic imports through one small module (tsx rewrites, with a source map, any module that holds one), and they load", async () => {
    const own = files.filter((f) => f.startsWith('package-') && f !== 'package-imports.js');
    for (const file of own) expect(readFileSync(join(BUNDLE, file), 'utf8'), file).not.toMatch(/\bimport\("/);
    expect(readFileSync(join(BUNDLE, 'package-imports.js'), 'utf8')).toMatch(/\(\) => import\("\.\/package-chunk-\w+\.js"\)/);
    // A built-in named by a string is loaded on demand, and a default check loads the recorded incidents' modules so.
    const { checkAdapter } = (await import(join(BUNDLE, 'package-index.js'))) as typeof import('../../src/index.ts');
    const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-bundle-'));
    try {
      const report = await checkAdapter('naive', { runs: 3, seed: 1, outDir });
      expect(report.adapter).toBe('naive');
      expect(report.verdict).toBe('violation');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('a default check loads check.js and no other file of the bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bundle-'));
    try {
      const log = join(dir, 'loaded.txt');
      const hooks = `import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }`;
      const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
      const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, join(ROOT, 'bin', 'prunecheck.js'), 'check', '--adapter', 'reference', '--seed', '1', '--out', join(dir, 'report.json')], { encoding: 'utf8', cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      const loaded = readFileSync(log, 'utf8').split('\n').filter((url) => url.includes('/dist/bundle/'));
      expect(loaded.map((url) => url.slice(url.lastIndexOf('/') + 1))).toEqual(['check.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
