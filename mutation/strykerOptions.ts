import { join, relative } from 'node:path';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { COPY_PREFIX, ROOT } from './paths.ts';

/** What one Stryker run is asked to do. */
export interface StrykerRun {
  /** Stryker `mutate` patterns: the whole copy, or one range per sampled node. All under the copy. */
  readonly mutate: readonly string[];
  /** Whether the sample ignorer (mutation/strykerPlugins.ts) keeps only sampled nodes' mutants. */
  readonly sampled: boolean;
  readonly concurrency: number;
  /** Where Stryker writes its JSON and HTML reports. */
  readonly outDir: string;
}

/** Stryker's raw JSON report (mutation-testing-report-schema) in `outDir`. */
export function strykerJsonPath(outDir: string): string {
  return join(outDir, 'stryker.json');
}

/** The whole copy, as one `mutate` pattern. */
export const FULL_MUTATE = [`${COPY_PREFIX}/*.ts`] as const;

/**
 * Stryker's options for a run: the vitest runner on mutation/vitest.config.ts (the conformance suite against the
 * copy), no coverage analysis (every seed runs until one kills the mutant), the mutators at their defaults
 * (mutation/enumerateMutants.ts relies on it). Throws when a pattern names anything outside the copy: the oracle
 * in src/model must never be mutated.
 */
export function strykerOptions(run: StrykerRun): PartialStrykerOptions {
  for (const pattern of run.mutate) {
    if (!pattern.startsWith(`${COPY_PREFIX}/`) || pattern.includes('..')) throw new Error(`refusing to mutate '${pattern}': only the copy under ${COPY_PREFIX}/ is mutated, never the oracle`);
  }
  const out = relative(ROOT, run.outDir) || '.';
  const pluginsModule = './mutation/strykerPlugins.ts';
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner', pluginsModule],
    // The suite imports the copy by path at run time, so vitest cannot tell which test files relate to it.
    vitest: { configFile: 'mutation/vitest.config.ts', related: false },
    mutate: [...run.mutate],
    // vitest-runner 9.5.1 cannot read vitest 4.1's per-test coverage (stryker-js #5928, fixed in 9.6.1, which needs
    // Node 22 through 10.x's line): 'off' says so. Every mutant then runs every seed until one fails, and is
    // activated before the modules load, so mutants in module-level code are tested as they should be.
    coverageAnalysis: 'off',
    concurrency: run.concurrency,
    ignorers: run.sampled ? ['prunecheck-sample'] : [],
    reporters: ['progress-append-only', 'json', 'html', 'prunecheck-timing'],
    jsonReporter: { fileName: `${out}/stryker.json` },
    htmlReporter: { fileName: `${out}/index.html` },
    // Stryker's child processes load the plugins module too: TypeScript, through tsx as everywhere here.
    testRunnerNodeArgs: ['--import', 'tsx'],
    checkerNodeArgs: ['--import', 'tsx'],
    // A hang (an infinite loop in a mutant) ends at twice the unmutated suite's time plus a minute; the margin
    // keeps a loaded machine's slowness from passing for a hang.
    timeoutFactor: 2,
    timeoutMS: 60_000,
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    ignorePatterns: ['/dist', '/coverage', '/reports', '/.scratch', '/examples', '/docs', '/bench', '*.tgz'],
    // Change detection sees the suite file, not the checker it imports: reusing results would be unsound here.
    incremental: false,
    thresholds: { high: 95, low: 80, break: null },
    allowConsoleColors: false,
  };
}
