import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 26: a default check's start-up is mostly Node loading modules, so `check --adapter reference` loads only
// what its runs need before the first episode; the rest is imported where it is used (`await import(...)`).
// This follows the static imports from the check command (what Node loads with it) and names what must not be
// among them. `import type` is erased; any other static import loads its module (verbatimModuleSyntax).
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** The relative modules a source text loads when it loads: static imports and re-exports, not type-only. */
function loadsOf(text: string): string[] {
  const imports = [...text.matchAll(/^\s*(?:import|export)\b([^;]*?)from\s*['"](\.[^'"]+)['"]/gm)].filter((m) => !/^\s*type\b/.test(m[1] as string));
  const sideEffects = [...text.matchAll(/^\s*import\s*['"](\.[^'"]+)['"]/gm)];
  return [...imports.map((m) => m[2] as string), ...sideEffects.map((m) => m[1] as string)];
}

function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [join(SRC, entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of loadsOf(readFileSync(file, 'utf8'))) stack.push(normalize(join(dirname(file), spec)));
  }
  return new Set([...seen].map((file) => relative(SRC, file)));
}

describe('what `prunecheck check` loads before it knows what it needs', () => {
  const loaded = loadedWith('cli/checkCommand.ts');

  it('finds the engine it needs', () => {
    for (const file of ['run/runtime/checkAdapter.ts', 'subjects/reference.ts', 'report/prettyReport.ts', 'report/jsonReport.ts', 'run/runtime/explicitExamples.ts']) expect(loaded).toContain(file);
  });

  it('leaves out the other built-ins, policy mode, supervision, the command protocol, JUnit, Markdown and the scenario parser', () => {
    const lazy = [
      'subjects/builtins.ts',
      'subjects/zoo/index.ts',
      'subjects/variants/index.ts',
      'subjects/policy/index.ts',
      'subjects/loadAdapter.ts',
      'adapters/supervise/loadSupervised.ts',
      'adapters/protocol/commandAdapter.ts',
      'adapters/policy/validatePolicyAdapter.ts',
      'run/policy/checkPolicyAdapter.ts',
      'run/policy/runPolicyCase.ts',
      'report/junitReport.ts',
      'report/markdownReport.ts',
      'scenario/loadScenario.ts',
      'scenario/runScenario.ts',
    ];
    expect(lazy.filter((file) => loaded.has(file))).toEqual([]);
  });
});
