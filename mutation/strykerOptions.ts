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
 * Stryker's options for a run: the conformance check as the test runner (mutation/ConformanceTestRunner.ts), no
 * coverage analysis (every seed runs until one kills the mutant), the mutators at their defaults
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
    // The conformance check itself, in Stryker's child processes with the oracle loaded once
    // (mutation/ConformanceTestRunner.ts): no test framework between Stryker and checkAdapter.
    testRunner: 'prunecheck-conformance',
    plugins: [pluginsModule],
    // Each mutant's evaluation of the copy stays in memory; a fresh process every so many mutants bounds it.
    maxTestRunnerReuse: 50,
    mutate: [...run.mutate],
    // Every mutant runs every seed until one fails, on a copy evaluated with the mutant active ('static'
    // activation), so mutants in module-level code are tested as they should be. Coverage would only let Stryker
    // skip seeds that never reach a mutant, and every seed reaches nearly all of the model.
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
