import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every finding an ecosystem adapter judges a bug has a standalone reproduction in reports/repro/ (issue 27): a
// script that uses only the library's public API and exits 1 while the bug reproduces. This runs them all.
const root = new URL('../..', import.meta.url).pathname;
const dir = join(root, 'reports/repro');
const scripts = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function runScript(file: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(dir, file)], { cwd: root }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

// The heavy case of repro.test.ts, in the soak tier (npm run test:soak, run by .ci/run): 22 node processes, each loading its library.
describe('reports/repro: a standalone reproduction for every FAIL (bug)', () => {
  it('every script still reproduces its bug: it prints BUG and exits 1', async () => {
    // Two at a time: each loads its library in a fresh node process (about 1–3 s each).
    const results = new Map<string, Run>();
    for (let i = 0; i < scripts.length; i += 2) {
      const batch = scripts.slice(i, i + 2);
      const runs = await Promise.all(batch.map(runScript));
      batch.forEach((file, j) => results.set(file, runs[j] as Run));
    }
    for (const [file, run] of results) {
      expect(run.stderr, file).not.toMatch(/Error \[ERR_|SyntaxError|Cannot find/);
      expect(run.stdout, file).toMatch(/^BUG: /m);
      expect(run.code, `${file}: exit ${run.code} (0 means the library no longer shows the bug: re-judge it)\n${run.stdout}`).toBe(1);
    }
  });
});
