import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// A package layout with bin/prunecheck.js as shipped and stand-ins for dist/cli/main.js and src/cli/main.ts that
// say which one ran: the test is about the choice, not the CLI.
const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'bin'));
copyFileSync(join(ROOT, 'bin', 'prunecheck.js'), join(dir, 'bin', 'prunecheck.js'));
symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
// The CLI's JIT setting (src/cli/jitBudget.ts) is taken from the same tree, with the command line, before main loads.
const stub = (which: string): string => `export async function runProcess(argv) { console.log(${JSON.stringify(which)}, argv.join(' '), 'tuned:' + globalThis.tuned); process.exit(0); }\n`;
const jitStub = (which: string): string => `export function tuneJit(argv) { globalThis.tuned = ${JSON.stringify(which)} + ':' + argv.join(' '); }\n`;
mkdirSync(join(dir, 'src', 'cli', 'deep'), { recursive: true });
writeFileSync(join(dir, 'src', 'cli', 'main.ts'), stub('src'));
writeFileSync(join(dir, 'src', 'cli', 'jitBudget.ts'), jitStub('src'));
writeFileSync(join(dir, 'src', 'cli', 'deep', 'file.ts'), '');
const compiled = join(dir, 'dist', 'cli', 'main.js');

function dated(path: string, seconds: number): void {
  utimesSync(path, seconds, seconds);
}

function run(args: readonly string[] = ['list', '--help']): string {
  const result = spawnSync(process.execPath, [join(dir, 'bin', 'prunecheck.js'), ...args], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.trim();
}

describe('bin/prunecheck.js runs dist/ when it is as new as src/ (its bundle when that is as new as dist/), else the sources through tsx', () => {
  it('no dist/: the sources', () => {
    expect(run()).toBe('src list --help tuned:src:list --help');
  });

  it('dist/ built after every source file: dist/; all of one date, as `npm pack` leaves them: dist/', () => {
    mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
    writeFileSync(compiled, stub('dist'));
    writeFileSync(join(dir, 'dist', 'cli', 'jitBudget.js'), jitStub('dist'));
    for (const file of ['src/cli/main.ts', 'src/cli/jitBudget.ts', 'src/cli/deep/file.ts']) dated(join(dir, file), 1_000_000);
    dated(compiled, 2_000_000);
    expect(run()).toBe('dist list --help tuned:dist:list --help');
    dated(compiled, 1_000_000);
    expect(run()).toBe('dist list --help tuned:dist:list --help');
  });

  it('a source file edited after the build, however deep: the sources', () => {
    dated(compiled, 2_000_000);
    dated(join(dir, 'src', 'cli', 'deep', 'file.ts'), 2_000_001);
    expect(run()).toBe('src list --help tuned:src:list --help');
  });

  it("dist/bundle/ (the build's last step) when made from this dist/; a bundle older than dist/cli/main.js (tsc run again since): dist/", () => {
    const bundled = join(dir, 'dist', 'bundle', 'main.js');
    mkdirSync(join(dir, 'dist', 'bundle'), { recursive: true });
    writeFileSync(bundled, stub('bundle'));
    dated(join(dir, 'src', 'cli', 'deep', 'file.ts'), 1_000_000);
    dated(compiled, 2_000_000);
    dated(bundled, 2_000_000);
    expect(run()).toBe('bundle list --help tuned:dist:list --help');
    dated(compiled, 2_000_001);
    expect(run()).toBe('dist list --help tuned:dist:list --help');
    dated(join(dir, 'src', 'cli', 'deep', 'file.ts'), 3_000_000);
    dated(bundled, 3_000_001);
    expect(run()).toBe('src list --help tuned:src:list --help');
  });

  it("`check` runs the build's dist/bundle/check.js when it is as new as dist/, the other commands dist/bundle/main.js", () => {
    const bundled = join(dir, 'dist', 'bundle', 'main.js');
    const checkBundled = join(dir, 'dist', 'bundle', 'check.js');
    writeFileSync(checkBundled, stub('check-bundle'));
    dated(join(dir, 'src', 'cli', 'deep', 'file.ts'), 1_000_000);
    for (const path of [compiled, bundled, checkBundled]) dated(path, 2_000_000);
    expect(run(['check', '--help'])).toBe('check-bundle check --help tuned:dist:check --help');
    expect(run()).toBe('bundle list --help tuned:dist:list --help');
    dated(checkBundled, 1_500_000);
    expect(run(['check', '--help'])).toBe('bundle check --help tuned:dist:check --help');
    dated(join(dir, 'src', 'cli', 'deep', 'file.ts'), 3_000_000);
    dated(checkBundled, 3_000_001);
    expect(run(['check', '--help'])).toBe('src check --help tuned:src:check --help');
  });
});

describe('bin/prunecheck.js in an installed package (under node_modules/) runs its build whatever the files’ dates', () => {
  // npm 11 gives every unpacked file the time it was unpacked, in the tarball's order: src/ after dist/, and
  // dist/bundle/ before dist/cli/. Dates in an installed package say nothing about its build.
  const installed = join(dir, 'project', 'node_modules', 'prunecheck');
  const at = (path: string): string => join(installed, path);
  mkdirSync(at('bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'prunecheck.js'), at('bin/prunecheck.js'));
  writeFileSync(at('package.json'), '{ "type": "module" }\n');
  mkdirSync(at('src/cli'), { recursive: true });
  mkdirSync(at('dist/cli'), { recursive: true });
  mkdirSync(at('dist/bundle'), { recursive: true });
  writeFileSync(at('src/cli/main.ts'), stub('src'));
  writeFileSync(at('src/cli/jitBudget.ts'), jitStub('src'));
  writeFileSync(at('dist/cli/main.js'), stub('dist'));
  writeFileSync(at('dist/cli/jitBudget.js'), jitStub('dist'));
  writeFileSync(at('dist/bundle/main.js'), stub('bundle'));
  writeFileSync(at('dist/bundle/check.js'), stub('check-bundle'));
  const runInstalled = (args: readonly string[]): string => {
    const result = spawnSync(process.execPath, [at('bin/prunecheck.js'), ...args], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    return result.stdout.trim();
  };

  it('sources unpacked after dist/, bundles before dist/cli/: the bundles run', () => {
    for (const path of ['dist/bundle/main.js', 'dist/bundle/check.js']) dated(at(path), 1_000_000);
    for (const path of ['dist/cli/main.js', 'dist/cli/jitBudget.js']) dated(at(path), 1_000_001);
    for (const path of ['src/cli/main.ts', 'src/cli/jitBudget.ts']) dated(at(path), 1_000_002);
    expect(runInstalled(['check', '--help'])).toBe('check-bundle check --help tuned:dist:check --help');
    expect(runInstalled(['list', '--help'])).toBe('bundle list --help tuned:dist:list --help');
  });

  it('no bundle: dist/; no dist/ at all: the sources', () => {
    rmSync(at('dist/bundle'), { recursive: true });
    expect(runInstalled(['list'])).toBe('dist list tuned:dist:list');
    rmSync(at('dist'), { recursive: true });
    expect(runInstalled(['list'])).toBe('src list tuned:src:list');
  });
});
