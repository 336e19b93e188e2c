import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_ADAPTERS } from '../../src/subjects/policy/index.ts';
import { judgement } from '../../src/report/policy/ecosystemReport.ts';

// Every finding an ecosystem adapter judges a bug has a standalone reproduction in reports/repro/ (issue 27): a
// script that uses only the library's public API and exits 1 while the bug reproduces. This runs them all.
const root = new URL('../..', import.meta.url).pathname;
const dir = join(root, 'reports/repro');
const scripts = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
const readme = readFileSync(join(dir, 'README.md'), 'utf8');

/** The README's index: `| adapter | INV-xx | library@version | [`script`](script) | … |` rows. */
const indexed = readme
  .split('\n')
  .flatMap((line) => {
    const m = /^\| ([a-z0-9-]+) \| (INV-\d+) \| [^|]+ \| \[`([^`]+\.mjs)`\]/.exec(line);
    return m === null ? [] : [{ adapter: m[1] ?? '', invariant: m[2] ?? '', script: m[3] ?? '' }];
  });

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

describe('reports/repro: a standalone reproduction for every FAIL (bug)', () => {
  it('every bug an ecosystem adapter judges names a script that the README lists for that finding', async () => {
    const bugs: { adapter: string; invariant: string; note: string }[] = [];
    for (const entry of POLICY_ADAPTERS.filter((e) => e.ecosystem)) {
      const adapter = await entry.load();
      for (const [invariant, note] of Object.entries(adapter.notes ?? {})) {
        if (judgement(note) === 'bug') bugs.push({ adapter: adapter.name, invariant, note: note ?? '' });
      }
    }
    expect(bugs.length).toBeGreaterThan(0);
    for (const bug of bugs) {
      const named = /reports\/repro\/([\w.-]+\.mjs)/.exec(bug.note)?.[1];
      expect(named, `${bug.adapter} ${bug.invariant}: the note judges a bug and names no reports/repro script`).toBeDefined();
      expect(scripts, `${bug.adapter} ${bug.invariant}`).toContain(named);
      expect(indexed, `${bug.adapter} ${bug.invariant}: not in reports/repro/README.md`).toContainEqual({ adapter: bug.adapter, invariant: bug.invariant, script: named });
    }
    // Nothing listed that no note judges a bug: a fixed or re-judged finding takes its row with it.
    for (const row of indexed) expect(bugs.map((b) => `${b.adapter} ${b.invariant}`), row.script).toContain(`${row.adapter} ${row.invariant}`);
  });

  it('every script is listed and imports only libraries, never prunecheck', () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      expect(indexed.map((r) => r.script), `${file} is not in reports/repro/README.md`).toContain(file);
      const source = readFileSync(join(dir, file), 'utf8');
      const specifiers = [...source.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1] ?? '');
      expect(specifiers.filter((s) => s.startsWith('.') || s.startsWith('/') || s.startsWith('prunecheck')), file).toEqual([]);
    }
  });

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
