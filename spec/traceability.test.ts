import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS, INVARIANTS } from '../src/model/invariants.ts';

const root = new URL('..', import.meta.url).pathname;
const specText = readFileSync(join(root, 'spec/SPEC.md'), 'utf8');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The names given to `it`/`test`/`describe` across the suite (string literals only). */
function testNames(): string[] {
  const names: string[] = [];
  const pattern = /\b(?:it|test|describe)(?:\.each\([^)]*\))?(?:\.\w+)?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;
  for (const file of testFiles(join(root, 'spec'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) names.push(match[2] ?? '');
  }
  return names;
}

describe('traceability of spec/SPEC.md', () => {
  const specIds = [...new Set(specText.match(/INV-\d+/g) ?? [])].sort();

  it('lists exactly the invariants the model declares', () => {
    expect(specIds).toEqual([...INVARIANT_IDS].sort());
  });

  it.each(INVARIANT_IDS)('%s has a heading with its title in SPEC.md', (id) => {
    expect(specText).toContain(`### ${id} — ${INVARIANTS[id]}`);
  });

  it.each(INVARIANT_IDS)('%s is named by at least one test', (id) => {
    const named = testNames().filter((name) => new RegExp(`${id}(?!\\d)`).test(name));
    expect(named, `no test name contains ${id}; add one under spec/`).not.toHaveLength(0);
  });
});
