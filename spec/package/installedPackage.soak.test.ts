import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, run, type Ran } from '../helpers/packedProject.ts';

// prunecheck as a user gets it: `npm pack`, installed into an empty project (from the npm cache where it can),
// then the README's steps. Each numbered problem of issue 12 that only shows in an installed package is here.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'prunecheck-installed-'));
const project = join(work, 'project');
const timings: Record<string, number> = {};
let tarball = '';

async function step(name: string, cwd: string, command: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<Ran> {
  const ran = await run(cwd, command, args, env);
  timings[name] = Math.round(ran.ms);
  return ran;
}

async function must(name: string, cwd: string, command: string, args: readonly string[]): Promise<Ran> {
  const ran = await step(name, cwd, command, args);
  if (ran.code !== 0) throw new Error(explain(`${command} ${args.join(' ')}`, ran));
  return ran;
}

const prunecheck = (name: string, ...args: string[]): Promise<Ran> => step(name, project, 'npx', ['prunecheck', ...args]);

beforeAll(async () => {
  const packed = await must('npm pack (build included)', repo, 'npm', ['pack', '--json', '--pack-destination', work]);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  if (info === undefined) throw new Error(`npm pack printed no file: ${packed.stdout}`);
  tarball = join(work, info.filename);
  timings['tarball bytes'] = info.size;
  timings['unpacked bytes'] = info.unpackedSize;
  mkdirSync(project);
  // The README's steps: an ES-module project, then the package (with the tools its own tests use).
  await must('npm init -y', project, 'npm', ['init', '-y']);
  await must('npm pkg set type=module', project, 'npm', ['pkg', 'set', 'type=module']);
  await must('npm install', project, 'npm', ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', tarball, 'typescript@5.9.3', '@types/node@20.19.43', 'vitest@4.1.12', 'vite@8.3.8']);
  for (const file of ['prune-adapter.ts', 'runtime-adapter.ts', 'prunecheck.test.ts', 'tsconfig.json']) cpSync(join(repo, 'examples', 'quickstart', file), join(project, file));
});

afterAll(() => {
  process.stdout.write(`installed-package end-to-end: ${JSON.stringify(timings)}\n`);
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('passes publint and arethetypeswrong (ESM only)', async () => {
    const publint = await step('publint', repo, 'npx', ['publint', 'run', tarball, '--strict']);
    expect(publint.code, explain('publint', publint)).toBe(0);
    const attw = await step('attw', repo, 'npx', ['attw', tarball, '--profile', 'esm-only', '--format', 'ascii']);
    expect(attw.code, explain('attw', attw)).toBe(0);
  });

  it('ships compiled JavaScript with declarations, and the bin runs it (issue 12, problem 1)', () => {
    const installed = join(project, 'node_modules', 'prunecheck');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      expect(existsSync(join(installed, target.default)), subpath).toBe(true);
      expect(existsSync(join(installed, target.types)), subpath).toBe(true);
    }
    expect(existsSync(join(installed, 'dist', 'index.js.map'))).toBe(true);
    // The recorded incidents' traces the build computed, which a check takes instead of computing them again.
    expect(existsSync(join(installed, 'dist', 'run', 'runtime', 'scenarioTraces.json'))).toBe(true);
    // None of the optional pruner libraries came with it.
    for (const library of ['langchain', '@langchain/core', 'deepagents', 'ai', '@llamaindex/core']) expect(existsSync(join(project, 'node_modules', library)), library).toBe(false);
  });
});

describe('a TypeScript project using it', () => {
  it('strict tsc --noEmit passes with adapters that import prunecheck’s types and values (issue 12, problem 1)', async () => {
    const tsc = await step('tsc --noEmit', project, 'npx', ['tsc', '--noEmit', '-p', '.']);
    expect(tsc.code, explain('tsc', tsc)).toBe(0);
    // prunecheck's declarations need no @types/node: `tsc --init` writes "types": [], and libraries are checked.
    writeFileSync(join(project, 'tsconfig.no-node.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { types: [], skipLibCheck: false }, include: ['prune-adapter.ts', 'runtime-adapter.ts'] }));
    const bare = await step('tsc --noEmit (no node types)', project, 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.no-node.json']);
    expect(bare.code, explain('tsc without @types/node', bare)).toBe(0);
  });

  it('check on a TypeScript policy adapter: the one finding, its counterexample and a replay that works as printed', async () => {
    const check = await prunecheck('check: ts policy adapter', 'check', '--adapter', './prune-adapter.ts', '--seed', '1');
    expect(check.code, explain('check', check)).toBe(1);
    expect(check.stdout).toContain('✗ INV-17 User statements and the task survive pruning');
    // The printed command names the module: replay runs code only when the command line names it (issue 15).
    expect(check.stdout).toContain('replay: npx prunecheck replay reports/counterexamples/keep-last-INV-17-1.json --adapter ./prune-adapter.ts');
    expect(check.stdout).toContain('verdict: violation (1 finding)');
    const replay = await prunecheck('replay', 'replay', 'reports/counterexamples/keep-last-INV-17-1.json', '--adapter', './prune-adapter.ts');
    expect(replay.stdout, explain('replay', replay)).toMatch(/^reproduced: INV-17 breaks again/m);
  });

  it('check on a TypeScript runtime adapter: conformant, exit 0, from the build the package ships', async () => {
    const check = await step('check: ts runtime adapter', project, 'npx', ['prunecheck', 'check', '--adapter', './runtime-adapter.ts', '--seed', '1', '--runs', '200'], { PRUNECHECK_TRACE_STARTUP: '1' });
    expect(check.code, explain('check', check)).toBe(0);
    expect(check.stdout).toContain('verdict: conformant');
    // Not the sources through tsx: npm 11 dates each unpacked file by when it was unpacked, src/ after dist/.
    expect(check.stderr, explain('check', check)).toContain('build=bundle');
  });

  it('check on JavaScript adapters, runtime and policy', async () => {
    writeFileSync(join(project, 'runtime-adapter.js'), "import { referenceAdapter } from 'prunecheck';\nexport default { ...referenceAdapter, name: 'js-runtime' };\n");
    const runtime = await prunecheck('check: js runtime adapter', 'check', '--adapter', './runtime-adapter.js', '--seed', '1', '--runs', '200');
    expect(runtime.code, explain('check', runtime)).toBe(0);
    const policy = readFileSync(join(repo, 'examples', 'quickstart', 'prune-adapter.ts'), 'utf8')
      .replace(/^import type .*\n/m, '')
      .replace(/: PolicyMessage\[\]/g, '')
      .replace(/\(messages, keep: number, archive\)/, '(messages, keep, archive)')
      .replace(/const adapter: PolicyAdapter =/, 'const adapter =')
      .replace("name: 'keep-last'", "name: 'js-keep-last'");
    writeFileSync(join(project, 'policy-adapter.js'), policy);
    const check = await prunecheck('check: js policy adapter', 'check', '--adapter', './policy-adapter.js', '--seed', '1');
    expect(check.code, explain('check', check)).toBe(1);
    expect(check.stdout).toContain('replay: npx prunecheck replay reports/counterexamples/js-keep-last-INV-17-1.json --adapter ./policy-adapter.js');
  });

  it('--out reports/prunecheck.xml writes JUnit', async () => {
    const check = await prunecheck('check: junit', 'check', '--adapter', './prune-adapter.ts', '--seed', '1', '--out', 'reports/prunecheck.xml');
    expect(check.code, explain('check', check)).toBe(1);
    const xml = readFileSync(join(project, 'reports', 'prunecheck.xml'), 'utf8');
    expect(xml).toContain('<failure type="INV-17"');
    expect(xml).toContain('npx prunecheck replay reports/counterexamples/keep-last-INV-17-1.json --adapter ./prune-adapter.ts');
  });

});

describe('known findings in CI (issue 12, problem 6)', () => {
  it('the finding accepted with --update-expectations: the CI command is green; a new finding then fails it', async () => {
    rmSync(join(project, 'reports'), { recursive: true, force: true });
    const accept = await prunecheck('check --update-expectations', 'check', '--adapter', './prune-adapter.ts', '--seed', '1', '--update-expectations');
    // The finding is listed as needing judgement: exit 1 until its reason says why (issue 27).
    expect(accept.code, explain('check --update-expectations', accept)).toBe(1);
    const file = join(project, 'prunecheck.expectations.json');
    const listed = JSON.parse(readFileSync(file, 'utf8')) as { expectations: { adapter: string; invariant: string; reason: string }[] };
    expect(listed.expectations.map((e) => `${e.adapter} ${e.invariant}`)).toEqual(['keep-last INV-17']);
    // As the README says: write why, and commit the file.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"reason": "[^"]*"/, '"reason": "keeps only the last messages by design; the archive holds the rest"'));

    // The README's CI step, word for word.
    const ci = await prunecheck('check: CI step', 'check', '--adapter', './prune-adapter.ts', '--seed', '1', '--out', 'reports/prunecheck.xml');
    expect(ci.code, explain('CI step', ci)).toBe(0);
    expect(ci.stdout).toContain('expectations (prunecheck.expectations.json): as expected: 1 known finding: INV-17');
    const xml = readFileSync(join(project, 'reports', 'prunecheck.xml'), 'utf8');
    expect(xml).toContain('<skipped message="expected: keeps only the last messages by design; the archive holds the rest (prunecheck.expectations.json); INV-17 at step');
    expect(xml).not.toContain('<failure');

    // A change that drops the system message: a new finding, and the same command fails.
    const source = readFileSync(join(project, 'prune-adapter.ts'), 'utf8');
    writeFileSync(join(project, 'prune-adapter.ts'), source.replace('return [...system, ...rest.slice(cut)];', 'return rest.slice(cut);'));
    try {
      const broken = await prunecheck('check: new finding', 'check', '--adapter', './prune-adapter.ts', '--seed', '1', '--out', 'reports/prunecheck.xml');
      expect(broken.code, explain('new finding', broken)).toBe(1);
      expect(broken.stdout).toMatch(/^ {2}new +INV-19 +not in prunecheck\.expectations\.json/m);
      expect(broken.stdout).toMatch(/^ {2}expected +INV-17 +keeps only the last messages by design/m);
      expect(readFileSync(join(project, 'reports', 'prunecheck.xml'), 'utf8')).toContain('<failure type="INV-19"');
    } finally {
      writeFileSync(join(project, 'prune-adapter.ts'), source);
    }
  });
});

describe('from the project’s own tests (issue 12, problems 3 and 4)', () => {
  it('vitest runs checkAdapter on a policy and a runtime adapter against the expectations; the replay command it prints needs no option', async () => {
    rmSync(join(project, 'reports'), { recursive: true, force: true });
    const vitest = await step('vitest run', project, 'npx', ['vitest', 'run']);
    expect(vitest.code, explain('vitest', vitest)).toBe(0);
    const file = JSON.parse(readFileSync(join(project, 'reports', 'counterexamples', 'keep-last-INV-17-1.json'), 'utf8')) as { adapterRef: string };
    expect(file.adapterRef).toBe('./prune-adapter.ts');
    const replay = await prunecheck('replay after vitest', 'replay', 'reports/counterexamples/keep-last-INV-17-1.json', '--adapter', './prune-adapter.ts');
    expect(replay.stdout, explain('replay', replay)).toMatch(/^reproduced: INV-17 breaks again/m);
    expect(replay.stdout).toContain('expected (prunecheck.expectations.json): keeps only the last messages by design');
  });

  it('the same vitest test fails on a new finding, naming it and its replay command', async () => {
    const source = readFileSync(join(project, 'prune-adapter.ts'), 'utf8');
    writeFileSync(join(project, 'prune-adapter.ts'), source.replace('return [...system, ...rest.slice(cut)];', 'return rest.slice(cut);'));
    try {
      const vitest = await step('vitest run: new finding', project, 'npx', ['vitest', 'run']);
      expect(vitest.code, explain('vitest', vitest)).toBe(1);
      const printed = `${vitest.stdout}${vitest.stderr}`;
      expect(printed).toContain('not as expected');
      expect(printed).toMatch(/new findings?: .*INV-19/);
      expect(printed).toContain('npx prunecheck replay reports/counterexamples/keep-last-INV-19-1.json --adapter ./prune-adapter.ts');
    } finally {
      writeFileSync(join(project, 'prune-adapter.ts'), source);
    }
  });
});

describe('errors that say what to fix', () => {
  it('a built-in whose library is not installed exits 2 with the install command (issue 12, problem 2)', async () => {
    const check = await prunecheck('check: missing library', 'check', '--adapter', 'langchain-summarization');
    expect(check.code).toBe(2);
    expect(check.stderr).toBe('prunecheck: langchain-summarization needs langchain@1.5.14, @langchain/core@1.4.0 and @langchain/langgraph@1.7.3 (optional peer dependencies of prunecheck, not installed): npm i -D langchain@1.5.14 @langchain/core@1.4.0 @langchain/langgraph@1.7.3\n');
    const list = await prunecheck('list', 'list');
    expect(list.stdout).toMatch(/^ {2}ai-prune-messages +needs ai@6\.0\.325: not installed \(npm i -D ai@6\.0\.325\)$/m);
  });

  // Both quick-start adapters, the runtime one importing values from prunecheck: Node 20 refused either ("Cannot
  // require() ES Module … in a cycle"), and Node 22 the runtime one ("… is from a module not been linked").
  it('the quick start\'s TypeScript adapters in an `npm init -y` (CommonJS) package are checked (issue 12, problem 5; issue 25)', async () => {
    const cjs = join(project, 'cjs');
    mkdirSync(cjs, { recursive: true });
    await must('npm init -y (cjs)', cjs, 'npm', ['init', '-y']);
    for (const file of ['prune-adapter.ts', 'runtime-adapter.ts']) cpSync(join(project, file), join(cjs, file));
    const policy = await step('check: commonjs policy', cjs, 'npx', ['prunecheck', 'check', '--adapter', './prune-adapter.ts']);
    expect([0, 1], explain('check', policy)).toContain(policy.code);
    expect(policy.stdout).toMatch(/^prunecheck check keep-last /);
    const runtime = await step('check: commonjs runtime', cjs, 'npx', ['prunecheck', 'check', '--adapter', './runtime-adapter.ts']);
    expect(runtime.code, explain('check', runtime)).toBe(0);
    expect(runtime.stdout).toContain('verdict: conformant');
  });
});
