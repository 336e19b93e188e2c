#!/usr/bin/env node
// Runs the compiled CLI (dist/, built on `npm pack` and by `npm run build`). In a git checkout the TypeScript
// sources run through tsx instead, so `npx prunecheck` after `npm ci` needs no build step and never runs a
// stale dist/. tsx is otherwise used only to load a user's .ts adapter.
import { existsSync } from 'node:fs';

const checkout = existsSync(new URL('../.git', import.meta.url));
const compiled = new URL('../dist/cli/main.js', import.meta.url);
let main;
if (!checkout && existsSync(compiled)) {
  ({ main } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
