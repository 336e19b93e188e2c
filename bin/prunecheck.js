#!/usr/bin/env node
// Runs the compiled CLI (dist/, built on `npm pack` and by `npm run build`). In a git checkout the TypeScript
// sources run through tsx instead, so `npx prunecheck` after `npm ci` needs no build step and never runs a
// stale dist/. tsx is otherwise used only to load a user's .ts adapter.
import { existsSync } from 'node:fs';

const checkout = existsSync(new URL('../.git', import.meta.url));
const compiled = new URL('../dist/cli/main.js', import.meta.url);
let runProcess;
if (!checkout && existsSync(compiled)) {
  ({ runProcess } = await import(compiled.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runProcess } = await import('../src/cli/main.ts'));
}
// runProcess exits as soon as the verdict is out: 0/1 verdicts, 2 input errors, 3 internal errors, 130/143 signals.
await runProcess(process.argv.slice(2));
