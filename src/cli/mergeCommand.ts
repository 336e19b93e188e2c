import { renderJsonReport } from '../report/jsonReport.ts';
import { renderJunitReport } from '../report/junitReport.ts';
import { renderMarkdownReport } from '../report/markdownReport.ts';
import { renderPrettyReport } from '../report/prettyReport.ts';
import { preflightFile, writeFilesAtomic } from '../util/writeFileAtomic.ts';
import { REPORTS_DIR } from '../util/writeReport.ts';
import { mergeShards } from '../run/parallel/mergeShards.ts';
import { readShardReport } from '../run/parallel/readShardReport.ts';
import type { Command } from './Command.ts';
import { useColor } from './checkCommand.ts';
import { exitCodeFor } from './exitCode.ts';
import { parseOptions } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

const USAGE = `Usage: prunecheck merge <shard reports…> [--out FILE.json]

Joins the JSON reports of one check run in shards ('prunecheck check --shard i/n --out shard-i.json' in n CI
jobs) into the report of the whole check, with the verdict rules of a single check: the lowest failing run's
finding wins and every counterexample is kept; runs, operations and situations are summed, and the coverage
gates (every dangerous situation reached, every claimed invariant judged) apply to the sums. Refuses shards of
different checks (seed, adapter, versions, options), a shard given twice and a missing shard, naming the file
and the field.

Every shard report is checked whole first (types, verdicts, known situation and invariant names, each shard's
chunks: its own, none twice, none missing); a report that fails writes nothing. The three reports are written as
one: all of them, or, when one cannot be (a full disk, a path in the way), none, each file keeping what it held.

Options:
  --out <FILE.json>  the merged JSON report (default ${REPORTS_DIR}/merged.json); the JUnit (.xml) and Markdown
                     (.md) reports are written beside it, under the same name

Exit codes: 0 conformant; 1 any other verdict; 2 a report that cannot be merged (the message names the file and
the field) or an output path that cannot be written; 3 an internal error.`;

/** FILE.json → FILE.xml and FILE.md beside it. */
function siblings(out: string): { readonly json: string; readonly junit: string; readonly markdown: string } {
  const base = out.replace(/\.json$/i, '');
  return { json: /\.json$/i.test(out) ? out : `${out}.json`, junit: `${base}.xml`, markdown: `${base}.md` };
}

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'join the shard reports of a check run as --shard i/n into one report (JSON, JUnit, Markdown)',
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseOptions('merge', argv, { out: { type: 'string' } }, { max: Number.MAX_SAFE_INTEGER, what: 'shard report files' });
    if (positionals.length === 0) throw new UsageError('MISSING_ARGUMENT', 'merge: name the shard reports to join; e.g. prunecheck merge shard-1.json shard-2.json shard-3.json --out reports/merged.json');
    if (values.out === '') throw new UsageError('BAD_OPTION_VALUE', 'merge: --out needs a file name; e.g. --out reports/merged.json');
    const out = siblings(values.out ?? `${REPORTS_DIR}/merged.json`);
    for (const path of Object.values(out)) preflightFile(path);
    // Every shard is read and checked whole before anything is written: a bad one writes nothing.
    const report = mergeShards(positionals.map((file) => readShardReport(file)));
    process.stdout.write(renderPrettyReport(report, { color: useColor(process.stdout) }));
    // The three reports are one result: all of them are written, or none is (a full disk, a path in the way).
    const written = writeFilesAtomic([
      { path: out.json, content: renderJsonReport(report) },
      { path: out.junit, content: renderJunitReport(report) },
      { path: out.markdown, content: renderMarkdownReport(report) },
    ]);
    process.stdout.write(`merged ${positionals.length} shard reports; wrote ${written.join(', ')}\n`);
    return exitCodeFor(report.verdict);
  },
};
