import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { POLICY_ADAPTERS } from '../subjects/policy/index.ts';
import { POLICY_INVARIANT_IDS } from '../check/policy/invariants.ts';
import { applyExpectations } from '../run/expectations/applyExpectations.ts';
import { designExpectations, ECOSYSTEM_EXPECTATIONS_FILE } from '../run/expectations/designExpectations.ts';
import type { ExpectationsFile } from '../run/expectations/Expectations.ts';
import { ExpectationsError } from '../run/expectations/ExpectationsError.ts';
import { readExpectations } from '../run/expectations/readExpectations.ts';
import { writeExpectations } from '../run/expectations/updateExpectations.ts';
import { renderEcosystemJson, renderEcosystemMarkdown, type EcosystemReport } from '../report/policy/ecosystemReport.ts';
import { checkPolicyAdapter, type PolicyCheckReport } from '../run/policy/checkPolicyAdapter.ts';
import { ensureDirectory, preflightDirectory, writeFileAtomic } from '../util/writeFileAtomic.ts';
import { safeName } from '../run/writeCounterexample.ts';
import type { Command } from './Command.ts';
import { integerFlag, parseOptions } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

/** The seed the committed report uses, so `npm run ecosystem` regenerates the same findings. */
export const ECOSYSTEM_SEED = 20261130;
export const ECOSYSTEM_RUNS = 100;

const USAGE = `Usage: prunecheck ecosystem [--runs N] [--seed S] [--only <name>] [--out-dir DIR] [--expectations FILE] [--update-expectations]

Checks every npm pruner prunecheck ships a policy-mode adapter for (${POLICY_ADAPTERS.filter((e) => e.ecosystem).map((e) => e.name).join(', ')})
and writes DIR/ecosystem.md and DIR/ecosystem.json (package@version × invariant), with each finding's shrunk
counterexample under DIR/counterexamples/ and the command that replays it.

Options:
  --runs <N>      generated conversations per pruner (default ${ECOSYSTEM_RUNS})
  --seed <S>      fast-check seed (default ${ECOSYSTEM_SEED}, the committed report's)
  --only <name>   check one pruner (the report then lists only it)
  --out-dir <DIR> where to write (default reports)
  --expectations <FILE>  the libraries' known findings, their deliberate design choices (default
                  ${ECOSYSTEM_EXPECTATIONS_FILE} when it exists): a listed finding reads FAIL (design); one
                  no longer found, an unexpected pass; any other finding stays new
  --update-expectations  list this run's design-choice findings (an adapter's "Deliberate design" note) in FILE

Exit codes: 0 the report was written (findings are the report's content, not a failure); 2 usage errors.`;

export const ecosystemCommand: Command = {
  name: 'ecosystem',
  summary: 'check the npm context pruners (langchain, deepagents, ai…) and write reports/ecosystem.md',
  usage: USAGE,
  async run(argv) {
    const { values } = parseOptions('ecosystem', argv, {
      runs: { type: 'string' },
      seed: { type: 'string' },
      only: { type: 'string' },
      'out-dir': { type: 'string' },
      expectations: { type: 'string' },
      'update-expectations': { type: 'boolean' },
    });
    const runs = integerFlag('ecosystem', 'runs', values.runs, { min: 1, max: 100_000, example: '40' }) ?? ECOSYSTEM_RUNS;
    const seed = integerFlag('ecosystem', 'seed', values.seed, { min: -0x80000000, max: 0xffffffff, example: '42' }) ?? ECOSYSTEM_SEED;
    const outDir = values['out-dir'] ?? 'reports';
    const entries = POLICY_ADAPTERS.filter((e) => e.ecosystem && (values.only === undefined || e.name === values.only));
    if (entries.length === 0) {
      throw new UsageError('UNKNOWN_ADAPTER', `ecosystem: --only ${values.only ?? ''} names no ecosystem pruner; known: ${POLICY_ADAPTERS.filter((e) => e.ecosystem).map((e) => e.name).join(', ')}`);
    }
    if (outDir === '') throw new UsageError('BAD_OPTION_VALUE', 'ecosystem: --out-dir needs a directory; e.g. --out-dir reports');
    const update = values['update-expectations'] === true;
    const expectationsFile = values.expectations ?? ECOSYSTEM_EXPECTATIONS_FILE;
    const known = await knownFindings(expectationsFile, values.expectations === undefined || update);
    preflightDirectory(outDir);
    const cxDir = join(outDir, 'counterexamples');
    ensureDirectory(cxDir);
    const reports: PolicyCheckReport[] = [];
    for (const entry of entries) {
      // The report is regenerated: files an earlier run of this pruner and seed wrote would otherwise outlive a
      // finding that is gone. Only those, and each one named.
      const stale = new RegExp(`^${safeName(entry.name).replace(/[.]/g, '\\.')}-(INV-\\d+|ADAPTER-ERROR|TIMEOUT|DIFFERENTIAL)-${seed}(-\\d+)?\\.json$`);
      for (const f of readdirSync(cxDir)) {
        if (!stale.test(f)) continue;
        rmSync(join(cxDir, f));
        process.stderr.write(`ecosystem: removed ${join(cxDir, f)} (an earlier run's finding for ${entry.name}, seed ${seed}; re-checking)\n`);
      }
      const adapter = await entry.load();
      process.stderr.write(`ecosystem: ${entry.name} (${adapter.package}@${adapter.version}) …`);
      const report = await checkPolicyAdapter(adapter, { runs, seed, outDir: cxDir, adapterRef: entry.name });
      process.stderr.write(` ${report.verdict}, ${report.violations.length} finding(s), ${(report.durationMs / 1000).toFixed(1)} s\n`);
      reports.push(report);
    }
    const listed = update ? designExpectations(known, reports) : known;
    if (update && listed !== undefined) process.stderr.write(`ecosystem: wrote ${await writeExpectations(expectationsFile, listed)}: ${listed.expectations.length} design-choice findings; commit the file\n`);
    const read = listed === undefined ? reports : reports.map((r) => applyExpectations(r, listed, expectationsFile));
    const ecosystem: EcosystemReport = { format: 'prunecheck-ecosystem/1', node: process.versions.node, seed, runs, invariants: POLICY_INVARIANT_IDS, reports: read };
    writeFileAtomic(join(outDir, 'ecosystem.json'), renderEcosystemJson(ecosystem));
    writeFileAtomic(join(outDir, 'ecosystem.md'), renderEcosystemMarkdown(ecosystem));
    process.stdout.write(`wrote ${join(outDir, 'ecosystem.md')} and ${join(outDir, 'ecosystem.json')}; ${reports.reduce((n, r) => n + r.violations.length, 0)} findings, counterexamples in ${cxDir}\n`);
    for (const r of read) {
      const outcome = (r as { readonly expectations?: { readonly summary: string } }).expectations;
      if (outcome !== undefined) process.stdout.write(`  ${r.adapter}: ${outcome.summary}\n`);
    }
    return 0;
  },
};

/** The known findings, read before anything runs: a malformed file is a usage error naming it and the field. */
async function knownFindings(file: string, optional: boolean): Promise<ExpectationsFile | undefined> {
  if (file === '') throw new UsageError('BAD_OPTION_VALUE', `ecosystem: --expectations needs a file name; e.g. --expectations ${ECOSYSTEM_EXPECTATIONS_FILE}`);
  try {
    return await readExpectations(file, { optional });
  } catch (error: unknown) {
    if (error instanceof ExpectationsError) throw new UsageError('BAD_EXPECTATIONS', `ecosystem: ${error.message}`, { cause: error });
    throw error;
  }
}
