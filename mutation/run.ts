import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { schema } from '@stryker-mutator/api/core';
import { jsonText, writeReportSync } from '../src/util/writeReport.ts';
import { buildMutationReport } from './buildMutationReport.ts';
import { MutationError } from './MutationError.ts';
import type { MutationReport } from './MutationReport.ts';
import { MUTATION_USAGE, parseMutationArgs, type MutationOptions } from './parseMutationArgs.ts';
import { COPY_DIR, COPY_PREFIX, ROOT, TRIAGE_FILE } from './paths.ts';
import { focusMutants, type Focus } from './focusMutants.ts';
import { prepareCopy } from './prepareCopy.ts';
import { readTriage } from './readTriage.ts';
import { renderMutationMarkdown } from './renderMutationMarkdown.ts';
import { mutatePatterns, sampleMutants } from './sampleMutants.ts';
import { FULL_MUTATE, strykerJsonPath, strykerOptions } from './strykerOptions.ts';
import { gitRevision, type Revision } from './gitRevision.ts';
import type { PlannedMutant } from './enumerateMutants.ts';
import { PLUGIN_ENV, type SampleLocation } from './pluginEnv.ts';
import { sameLocation } from './SourceRange.ts';
import { suiteEnv, type SuiteSettings } from './suiteSettings.ts';
import { summarizeTiming } from './summarizeTiming.ts';
import { untriagedEntries } from './untriagedEntries.ts';

/** What a run records beside Stryker's files, so `--render-from` can rebuild its reports. */
interface RunRecord {
  readonly mode: MutationReport['mode'];
  readonly command: string;
  readonly suite: SuiteSettings;
  readonly concurrency: number;
  readonly sample?: MutationReport['sample'];
  readonly focus?: MutationReport['focus'];
  /** What the run measured; absent in runs recorded before it was kept, or outside a git checkout. */
  readonly revision?: Revision;
}

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function runStryker(options: MutationOptions, dir: string, command: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  prepareCopy();
  let mutate: readonly string[] = FULL_MUTATE;
  let sample: RunRecord['sample'];
  let focus: RunRecord['focus'];
  if (options.sample !== undefined || options.focus !== undefined) {
    const { enumerateMutants } = await import('./enumerateMutants.ts');
    const planned = await enumerateMutants(COPY_DIR);
    let locations: readonly SampleLocation[];
    if (options.sample !== undefined) {
      const drawn = sampleMutants(planned, options.sample.size, options.sample.seed);
      locations = drawn.locations;
      sample = { seed: drawn.seed, size: drawn.picked.length, nodes: locations.length };
      log(`mutation: a sample of ${drawn.picked.length} mutants (seed ${drawn.seed}) at ${locations.length} nodes`);
    } else {
      const chosen = options.focus as Focus;
      const focused = focusMutants(planned, chosen, readTriage(TRIAGE_FILE).entries);
      if (focused.locations.length === 0) throw new MutationError('BAD_ARGUMENT', `${chosen.kind === 'gaps' ? '--gaps: no gap of mutation/triage.json is in today\'s model' : '--mutate: nothing to run'}; nothing to re-run`);
      locations = focused.locations;
      const what = chosen.kind === 'gaps' ? 'the known gaps of mutation/triage.json' : `the mutants on ${chosen.lines.map((l) => `${l.file}:${l.line}`).join(', ')}`;
      focus = { what, mutants: focused.picked.length, nodes: locations.length, missing: focused.missing };
      log(`mutation: re-running ${what}: ${focused.picked.length} mutants at ${locations.length} nodes${focused.missing.length > 0 ? `; ${focused.missing.length} gap(s) no longer in the model` : ''}`);
    }
    writeFileSync(join(dir, 'sample.json'), jsonText(locations));
    // The keys of every mutant at those nodes, numbered over the whole model: Stryker's report of a partial run
    // holds only these mutants, so it could not number a second identical mutant on a line as a full run does.
    writeFileSync(join(dir, KEYS_FILE), jsonText(planned.filter((m) => locations.some((l) => l.file === m.file && sameLocation(l.range, m.range)))));
    process.env[PLUGIN_ENV.sample] = join(dir, 'sample.json');
    mutate = mutatePatterns(COPY_PREFIX, locations);
  }
  const revision = gitRevision(ROOT);
  const mode: RunRecord['mode'] = sample !== undefined ? 'sample' : focus !== undefined ? 'focused' : 'full';
  const record: RunRecord = { mode, command, suite: options.suite, concurrency: options.concurrency, ...(sample === undefined ? {} : { sample }), ...(focus === undefined ? {} : { focus }), ...(revision === undefined ? {} : { revision }) };
  writeFileSync(join(dir, 'run.json'), jsonText(record));
  process.env[PLUGIN_ENV.timing] = join(dir, 'timing.jsonl');
  Object.assign(process.env, suiteEnv(options.suite));
  // Loaded here, not above: `--render-from` needs none of Stryker.
  const { Stryker } = await import('@stryker-mutator/core');
  try {
    await new Stryker(strykerOptions({ mutate, sampled: mode !== 'full', concurrency: options.concurrency, outDir: dir })).runMutationTest();
  } catch (error: unknown) {
    throw new MutationError('STRYKER_FAILED', `Stryker did not finish: ${(error as Error).message ?? String(error)}; its log is above`, { cause: error });
  } finally {
    rmSync(dirname(COPY_DIR), { recursive: true, force: true });
  }
}

function readJson<T>(path: string, what: string): T {
  if (!existsSync(path)) throw new MutationError('BAD_ARGUMENT', `${path} does not exist: ${what}`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Reads a run's folder and writes `<out>.json`, `<out>.md` and, in the folder, the untriaged survivors as entries. */
/** Where a sample or focused run keeps the keys of the mutants it ran (`PlannedMutant[]`). */
const KEYS_FILE = 'keys.json';

function readRun(dir: string): { record: RunRecord; stryker: schema.MutationTestResult; planned?: readonly PlannedMutant[] } {
  const keys = join(dir, KEYS_FILE);
  return {
    record: readJson<RunRecord>(join(dir, 'run.json'), 'not the folder of a mutation run (run.json is missing)'),
    stryker: readJson<schema.MutationTestResult>(strykerJsonPath(dir), 'Stryker wrote no JSON report'),
    ...(existsSync(keys) ? { planned: readJson<PlannedMutant[]>(keys, 'unreadable') } : {}),
  };
}

function writeReports(dir: string, out: string, merge: string | undefined): MutationReport {
  const { record, stryker, planned } = readRun(dir);
  const rerun = merge === undefined ? undefined : readRun(merge);
  if (rerun !== undefined && rerun.record.mode !== 'focused') throw new MutationError('BAD_ARGUMENT', `--merge ${merge}: not a focused run (its mode is ${rerun.record.mode}); merge the folder of a --gaps or --mutate run`);
  const timingFile = join(dir, 'timing.jsonl');
  const report = buildMutationReport({
    mode: record.mode,
    command: record.command,
    stryker,
    copyPrefix: COPY_PREFIX,
    triage: readTriage(TRIAGE_FILE),
    suite: record.suite,
    timing: summarizeTiming(existsSync(timingFile) ? readFileSync(timingFile, 'utf8') : '', record.concurrency),
    ...(record.sample === undefined ? {} : { sample: record.sample }),
    ...(record.revision === undefined ? {} : { revision: record.revision }),
    ...(record.focus === undefined ? {} : { focus: record.focus }),
    ...(planned === undefined ? {} : { planned }),
    ...(rerun === undefined ? {} : { rerun: { stryker: rerun.stryker, command: rerun.record.command, ...(rerun.record.revision === undefined ? {} : { revision: rerun.record.revision }), ...(rerun.planned === undefined ? {} : { planned: rerun.planned }) } }),
  });
  writeReportSync(`${out}.json`, jsonText(report));
  writeReportSync(`${out}.md`, renderMutationMarkdown(report));
  writeReportSync(join(dir, 'untriaged.json'), jsonText(untriagedEntries(report)));
  return report;
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseMutationArgs(argv);
  if (options.help) {
    process.stdout.write(MUTATION_USAGE);
    return 0;
  }
  const out = resolve(ROOT, options.out);
  const dir = options.renderFrom === undefined ? out : resolve(options.renderFrom);
  if (options.renderFrom === undefined) await runStryker(options, dir, ['npm run mutation', ...(argv.length === 0 ? [] : ['--', ...argv])].join(' '));
  const report = writeReports(dir, out, options.merge === undefined ? undefined : resolve(options.merge));
  const t = report.totals;
  const score = t.score === undefined ? '–' : `${(Math.floor(t.score * 1000) / 10).toFixed(1)} %`;
  log(`mutation: ${score} of ${t.nonEquivalent} non-equivalent mutants detected (${t.killed} killed, ${t.timeout} hung; ${t.equivalent} equivalent, ${t.gap} known gaps, ${t.untriaged} untriaged): ${out}.md`);
  if (t.untriaged > 0) {
    log(`mutation: ${t.untriaged} surviving mutant(s) are not in mutation/triage.json. Judge each (equivalent with a reason, or gap with a fix): the entries to fill are in ${join(dir, 'untriaged.json')}; then \`npm run mutation -- --render-from ${join(dir)}\`.`);
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof MutationError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = error instanceof MutationError && error.code === 'BAD_ARGUMENT' ? 2 : 1;
  },
);
