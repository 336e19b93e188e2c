import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

// The README's quick start is what spec/package/installedPackage.soak.test.ts runs in a freshly installed project.
describe('the README front door', () => {
  const readme = read('README.md');

  it('shows examples/quickstart/prune-adapter.ts verbatim', () => {
    expect(readme).toContain(`\`\`\`ts\n${read('examples/quickstart/prune-adapter.ts')}\`\`\``);
  });

  it('shows the test of examples/quickstart/prunecheck.test.ts that the installed package runs, verbatim', () => {
    const block = /```ts\n\/\/ prunecheck\.test\.ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const example = read('examples/quickstart/prunecheck.test.ts');
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(example.split('\n'), line).toContain(line);
    const test = block.slice(block.indexOf('it('));
    expect(example).toContain(test.trimEnd());
  });

  it('stays short (issue 12, problem 7: it was 33 KB) and links every docs/ page', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const page of ['cli', 'reports', 'expectations', 'verdicts', 'policy-mode', 'api', 'architecture', 'protocol', 'scenarios', 'benchmarks', 'mutation', 'ci']) expect(readme).toContain(`(docs/${page}.md)`);
  });

  it('every relative link in the README and docs/ names a file that exists', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    const broken = pages.flatMap((page) =>
      [...read(page).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1] ?? '')
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(join(root, dirname(page), target)))
        .map((target) => `${page} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
