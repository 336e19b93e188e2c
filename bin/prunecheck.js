#!/usr/bin/env node
// Runs the compiled CLI (dist/) wherever there is one: an installed package (built on `npm pack`) always, and a
// clone after `npm ci` (whose `prepare` runs `npm run build`) when the build is as new as the sources. In a clone,
// when dist/ is missing, or any file under src/ is newer than the build (an edit since), the TypeScript sources
// run through tsx instead, so a stale dist/ never runs. tsx is otherwise used only to load a user's .ts adapter.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
// The build's bundle of the same modules (scripts/bundleCli.mjs): a few files instead of ~150 to load. Used when
// it was made from this dist/ (not older than it), else dist/ module per module.
const bundled = new URL('../dist/bundle/main.js', import.meta.url);
// `check` has a bundle of its own in the same build (dist/bundle/check.js: what a check loads before its first
// episode in one file instead of ~40 chunks), used on the same terms.
const checkBundled = new URL('../dist/bundle/check.js', import.meta.url);
const sources = fileURLToPath(new URL('../src', import.meta.url));

/**
 * Whether any file under `dir` was modified after `since` (ms); stops at the first. Plain path strings, not a URL
 * per file: over ~500 source files that halves the walk's CPU (about 9.5 -> 4 ms), which every command pays.
 */
function newerThan(dir, since) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory() ? newerThan(path, since) : statSync(path).mtimeMs > since) return true;
  }
  return false;
}

// An installed package (under node_modules/: npm, pnpm, a global install, npx's cache) is never edited in place,
// and its files' dates say nothing about its build: npm 11 gives each file the time it was unpacked, in the
// tarball's order, so src/ reads newer than dist/ and dist/bundle/ older than dist/cli/. Its build always runs.
const installed = realpathSync(fileURLToPath(new URL('..', import.meta.url))).split(sep).includes('node_modules');
const built = existsSync(compiled) && (installed || !(existsSync(sources) && newerThan(sources, statSync(compiled).mtimeMs)));
const argv = process.argv.slice(2);
let runProcess;
// V8's tiering is set for the command line first (a short check optimizes less eagerly: src/cli/jitBudget.ts),
// since it applies to the code compiled after it.
if (built) {
  (await import(new URL('../dist/cli/jitBudget.js', import.meta.url).href)).tuneJit(argv);
  const since = statSync(compiled).mtimeMs;
  const fresh = (url) => existsSync(url) && (installed || statSync(url).mtimeMs >= since);
  const entry = argv[0] === 'check' && fresh(checkBundled) ? checkBundled : fresh(bundled) ? bundled : compiled;
  ({ runProcess } = await import(entry.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  (await import('../src/cli/jitBudget.ts')).tuneJit(argv);
  ({ runProcess } = await import('../src/cli/main.ts'));
}
// runProcess exits as soon as the verdict is out: 0/1 verdicts, 2 input errors, 3 internal errors, 130/143 signals.
await runProcess(argv);
