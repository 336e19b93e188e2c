import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { schema } from '@stryker-mutator/api/core';
import { jsonText, writeReportSync } from '../src/report/writeReport.ts';
import { buildMutationReport } from './buildMutationReport.ts';
import { MutationError } from './MutationError.ts';
import type { MutationReport } from './MutationReport.ts';
import { MUTATION_USAGE, parseMutationArgs, type MutationOptions } from './parseMutationArgs.ts';
import { COPY_DIR, COPY_PREFIX, ROOT, TRIAGE_FILE } from './paths.ts';
import { prepareCopy } from './prepareCopy.ts';
import { readTriage } from './readTriage.ts';
import { renderMutationMarkdown } from './renderMutationMarkdown.ts';
import { mutatePatterns, sampleMutants } from './sampleMutants.ts';
import { FULL_MUTATE, strykerJsonPath, strykerOptions } from './strykerOptions.ts';
import { gitRevision, type Revision } from './gitRevision.ts';
import { PLUGIN_ENV } from './pluginEnv.ts';
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
  if (options.sample !== undefined) {
    const { enumerateMutants } = await import('./enumerateMutants.ts');
    const drawn = sampleMutants(await enumerateMutants(COPY_DIR), options.sample.size, options.sample.seed);
    writeFileSync(join(dir, 'sample.json'), jsonText(drawn.locations));
    process.env[PLUGIN_ENV.sample] = join(dir, 'sample.json');
    mutate = mutatePatterns(COPY_PREFIX, drawn.locations);
    sample = { seed: drawn.seed, size: drawn.picked.length, nodes: drawn.locations.length };
    log(`mutation: a sample of ${drawn.picked.length} mutants (seed ${drawn.seed}) at ${drawn.locations.length} nodes`);
  }
  const revision = gitRevision(ROOT);
  const record: RunRecord = { mode: sample === undefined ? 'full' : 'sample', command, suite: options.suite, concurrency: options.concurrency, ...(sample === undefined ? {} : { sample }), ...(revision === undefined ? {} : { revision }) };
  writeFileSync(join(dir, 'run.json'), jsonText(record));
  process.env[PLUGIN_ENV.timing] = join(dir, 'timing.jsonl');
  Object.assign(process.env, suiteEnv(options.suite));
  // Loaded here, not above: `--render-from` needs none of Stryker.
  const { Stryker } = await import('@stryker-mutator/core');
  try {
    await new Stryker(strykerOptions({ mutate, sampled: sample !== undefined, concurrency: options.concurrency, outDir: dir })).runMutationTest();
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
function writeReports(dir: string, out: string): MutationReport {
  const record = readJson<RunRecord>(join(dir, 'run.json'), 'not the folder of a mutation run (run.json is missing)');
  const stryker = readJson<schema.MutationTestResult>(strykerJsonPath(dir), 'Stryker wrote no JSON report');
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
  const report = writeReports(dir, out);
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
