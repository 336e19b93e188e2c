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

});
