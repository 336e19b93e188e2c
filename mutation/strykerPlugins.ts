import { appendFileSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { declareClassPlugin, declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';
import type { Ignorer } from '@stryker-mutator/api/ignore';
import type { Reporter } from '@stryker-mutator/api/report';
import { ConformanceTestRunner } from './ConformanceTestRunner.ts';
import { PLUGIN_ENV, type SampleLocation, type TimingLine } from './pluginEnv.ts';
import { contains, sameLocation, type SourceRange } from './SourceRange.ts';

/** What the parts of a babel NodePath the ignorer reads look like. */
interface PathLike {
  readonly node: { readonly loc?: { readonly start: { readonly line: number; readonly column: number }; readonly end: { readonly line: number; readonly column: number } } | null };
  readonly hub?: { readonly file?: { readonly opts?: { readonly filename?: string } } };
}

/**
 * Keeps a sample's mutants and nothing else. Stryker's `mutate` ranges (one per sampled location) already limit
 * mutation to the sampled nodes and what they contain; this ignores every node that neither is nor contains a
 * sampled location, so the mutants nested in a sampled node are reported `Ignored` (not in the sample) instead
 * of being run. Ancestors of a sampled node are never ignored: Stryker ignores a whole subtree at once.
 */
export function sampleIgnorer(sample: () => readonly SampleLocation[]): Ignorer {
  let byFile: Map<string, SourceRange[]> | undefined;
  return {
    shouldIgnore(path) {
      if (byFile === undefined) {
        byFile = new Map();
        for (const { file, range } of sample()) byFile.set(file, [...(byFile.get(file) ?? []), range]);
      }
      const { node, hub } = path as PathLike;
      const filename = hub?.file?.opts?.filename;
      if (node.loc === undefined || node.loc === null || filename === undefined) return undefined;
      const ranges = byFile.get(basename(filename));
      if (ranges === undefined) return 'not in the CI sample (mutation/sampleMutants.ts)';
      // Babel counts lines from 1, Stryker's locations from 0.
      const here: SourceRange = { start: { line: node.loc.start.line - 1, column: node.loc.start.column }, end: { line: node.loc.end.line - 1, column: node.loc.end.column } };
      return ranges.some((range) => sameLocation(range, here) || contains(here, range)) ? undefined : 'not in the CI sample (mutation/sampleMutants.ts)';
    },
  };
}

/** Appends one `TimingLine` per tested mutant, and a `dry-run` line with the initial test run's net time. */
class TimingReporter implements Reporter {
  onDryRunCompleted(event: { readonly timing: { readonly net: number; readonly overhead: number } }): void {
    this.write({ id: 'dry-run', status: `net ${event.timing.net} ms, overhead ${event.timing.overhead} ms`, at: Date.now() });
  }

  onMutantTested(result: { readonly id: string; readonly status: string }): void {
    this.write({ id: result.id, status: result.status, at: Date.now() });
  }

  private write(line: TimingLine): void {
    const file = process.env[PLUGIN_ENV.timing];
    if (file !== undefined) appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

/** The sample the runner wrote (read when Stryker first asks, not when this module loads). */
function readSample(): readonly SampleLocation[] {
  const file = process.env[PLUGIN_ENV.sample];
  if (file === undefined) throw new Error(`the prunecheck-sample ignorer needs ${PLUGIN_ENV.sample}: run it through \`npm run mutation -- --sample <n>\``);
  return JSON.parse(readFileSync(file, 'utf8')) as SampleLocation[];
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.TestRunner, 'prunecheck-conformance', ConformanceTestRunner),
  declareValuePlugin(PluginKind.Ignore, 'prunecheck-sample', sampleIgnorer(readSample)),
  declareValuePlugin(PluginKind.Reporter, 'prunecheck-timing', new TimingReporter()),
];
