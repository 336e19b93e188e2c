import { formatCount, mdCell } from '../src/util/markdownText.ts';
import type { MutantKey } from './MutantKey.ts';
import type { MutantCounts, MutationReport, OtherRow, SurvivorRow } from './MutationReport.ts';

function percent(score: number | undefined): string {
  return score === undefined ? '–' : `${(Math.floor(score * 1000) / 10).toFixed(1)} %`;
}

/** Code in a table cell: a code span whose fence outlasts any backtick run inside; only pipes are escaped. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') || text === '' ? ` ${text} ` : text;
  return `${fence}${padded}${fence}`.replace(/\|/g, '\\|');
}

/** A table whose cells are already Markdown (`code`, `mdCell`). */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function countCells(c: MutantCounts): string[] {
  return [c.mutants, c.killed, c.timeout, c.equivalent, c.gap, c.untriaged, c.invalid].map((n) => formatCount(n)).concat(percent(c.score));
}

const COUNT_HEADER = ['mutants', 'killed', 'hung', 'equivalent', 'gap', 'untriaged', 'not run', 'score'];

function where(row: MutantKey & { readonly line: number }): string {
  return `${code(`${row.file}:${row.line}`)} ${mdCell(row.scope)}`;
}

function mutation(row: MutantKey): string {
  return `${mdCell(row.mutator)}: ${code(row.original)} → ${code(row.replacement)}`;
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`;
}

function survivorTable(rows: readonly SurvivorRow[], last: (row: SurvivorRow) => string[], header: readonly string[]): string {
  return table(['where', 'mutation', ...header], rows.map((row) => [where(row), mutation(row), ...last(row)]));
}

function keyList(rows: readonly MutantKey[]): string {
  return rows.map((k) => `- ${code(k.file)} ${mdCell(k.scope)}, ${mutation(k)} (line: ${code(k.context)})`).join('\n');
}

/** reports/mutation.md: the score, what was counted and how long it took, and every survivor with its triage. */
export function renderMutationMarkdown(report: MutationReport): string {
  const t = report.totals;
  const gaps = report.survivors.filter((s) => s.triage === 'gap');
  const untriaged = report.survivors.filter((s) => s.triage === 'untriaged');
  const equivalent = report.survivors.filter((s) => s.triage === 'equivalent');
  const moved = report.survivors.filter((s) => s.match === 'moved');
  const timing = report.timing;
  const out: string[] = [];
  out.push(report.mode === 'full' ? '# Mutation score of the conformance suite' : report.mode === 'sample' ? '# Mutation score of the conformance suite: CI sample' : '# Mutation score of the conformance suite: focused re-run');
  out.push('');
  out.push(
    `Stryker ${mdCell(report.strykerVersion)} mutated a copy of the reference model (src/model, copied to mutation/sut/model at run time; the oracle the checker runs is never mutated) and ran the conformance check against each mutant: \`checkAdapter\` at seeds ${report.suite.seeds.join(', ')}, ${report.suite.runs} runs each, recorded scenarios first. A mutant is **killed** when the check's verdict is not \`conformant\` (violation, diverged, error or unknown), and **hung** when Stryker stopped it at its timeout (an infinite loop). Command: ${code(report.command)}.`,
  );
  out.push('');
  const revision = report.revision;
  out.push(
    revision === undefined
      ? 'Measured at: commit not recorded.'
      : `Measured at commit ${code(revision.commit.slice(0, 12))}${revision.uncommitted ? ' with uncommitted changes under src/' : ''}: the model copied and the checkers and generator that checked it. A later change to either can move mutants; a sample run on the new code finds the survivors the triage does not know.`,
  );
  const merged = report.merged;
  if (merged !== undefined) {
    out.push('');
    out.push(
      `**Combined result.** ${formatCount(merged.replaced)} of these mutants were re-run by ${code(merged.command)} at ${merged.revision === undefined ? 'an unrecorded commit' : `commit ${code(merged.revision.commit.slice(0, 12))}`}, and their results here are the re-run's; every other mutant's is the run above's. ${merged.newlyDetected.length === 0 ? 'The re-run detected no mutant this run had not.' : `The re-run detected ${formatCount(merged.newlyDetected.length)} this run had not: ${merged.newlyDetected.map((k) => `${code(k.file)} ${mdCell(k.scope)} ${mutation(k)}`).join('; ')}.`}${merged.noLongerDetected.length === 0 ? '' : ` It let through ${formatCount(merged.noLongerDetected.length)} this run had detected, counted as the re-run found them: ${merged.noLongerDetected.map((k) => `${code(k.file)} ${mdCell(k.scope)} ${mutation(k)}`).join('; ')}.`}${merged.unmatched > 0 ? ` ${formatCount(merged.unmatched)} mutants the re-run ran are not in this run (new code) and are not counted.` : ''}`,
    );
  }
  const focus = report.focus;
  if (focus !== undefined) {
    out.push('');
    out.push(`Focused re-run of ${mdCell(focus.what)}: ${formatCount(focus.mutants)} mutants at ${formatCount(focus.nodes)} nodes; every mutant at those nodes ran (${formatCount(t.mutants)}). Its score is of those mutants only, not the suite's.`);
    if (focus.missing.length > 0) out.push('', `Gaps no mutant of today's model matched (the code is gone):`, '', keyList(focus.missing));
  }
  if (report.sample !== undefined) {
    out.push('');
    out.push(`CI sample: ${report.sample.size} mutants drawn with seed ${report.sample.seed}, at ${report.sample.nodes} nodes; every mutant at those nodes ran (${t.mutants}). The full run is \`npm run mutation\` (docs/mutation.md).`);
  }
  out.push('');
  out.push(`**Score: ${percent(t.score)}** of non-equivalent mutants detected (${formatCount(t.detected)} of ${formatCount(t.nonEquivalent)}: ${formatCount(t.killed)} killed, ${formatCount(t.timeout)} hung); target ${percent(report.target.score)}: **${report.target.met ? 'met' : 'not met'}**.`);
  out.push(`Survivors: ${formatCount(t.equivalent)} equivalent, ${formatCount(t.gap)} known gaps, ${formatCount(t.untriaged)} untriaged. Untriaged survivors count against the score.`);
  out.push('');
  out.push(
    `Time: ${formatCount(timing.mutantsRun)} mutants ran in ${seconds(timing.wallMs)} at concurrency ${timing.concurrency}: **${seconds(timing.meanMsPerMutant)} per mutant** (one worker's time); the unmutated suite takes ${seconds(timing.dryRunMs)}.`,
  );
  out.push('');
  out.push('## By file');
  out.push('');
  out.push(table(['file', ...COUNT_HEADER], report.byFile.map((f) => [code(f.file), ...countCells(f)])));
  out.push('');
  out.push('## By mutator');
  out.push('');
  out.push(table(['mutator', ...COUNT_HEADER], report.byMutator.map((m) => [mdCell(m.mutator), ...countCells(m)])));
  out.push('');
  out.push('## What detected them');
  out.push('');
  out.push(table(['verdict', 'mutants'], Object.entries(report.kills.byVerdict).map(([k, n]) => [mdCell(k), formatCount(n)])));
  out.push('');
  out.push(table(['first finding', 'mutants'], Object.entries(report.kills.byInvariant).map(([k, n]) => [mdCell(k), formatCount(n)])));
  out.push('');
  out.push(`## Known gaps (${gaps.length})`);
  out.push('');
  if (gaps.length > 0) {
    const byFix = new Map<string, { area: string; fix: string; count: number }>();
    for (const g of gaps) {
      const id = `${g.area ?? ''}\n${g.fix ?? ''}`;
      byFix.set(id, { area: g.area ?? '', fix: g.fix ?? '', count: (byFix.get(id)?.count ?? 0) + 1 });
    }
    const rows = [...byFix.values()].sort((a, b) => b.count - a.count || a.area.localeCompare(b.area) || a.fix.localeCompare(b.fix));
    out.push('By the change that would close them:', '', table(['where', 'change', 'mutants'], rows.map((r) => [code(r.area), mdCell(r.fix), formatCount(r.count)])), '', 'Each of them:', '');
  }
  out.push(gaps.length === 0 ? 'None.' : survivorTable(gaps, (s) => [mdCell(s.reason ?? ''), `${mdCell(s.fix ?? '')} (${code(s.area ?? '')})`], ['why it survives', 'what would kill it']));
  out.push('');
  out.push(`## Untriaged (${untriaged.length})`);
  out.push('');
  out.push(
    untriaged.length === 0
      ? 'None.'
      : `Judge each one in mutation/triage.json (its key fields are in reports/mutation.json, \`survivors\`): \`equivalent\` with a one-line reason, or \`gap\` with \`fix\` and \`area\`.\n\n${survivorTable(untriaged, (s) => [s.status === 'NoCoverage' ? 'no seed reached it' : 'survived'], ['status'])}`,
  );
  out.push('');
  out.push(`## Equivalent (${equivalent.length})`);
  out.push('');
  out.push(equivalent.length === 0 ? 'None.' : survivorTable(equivalent, (s) => [mdCell(s.reason ?? '')], ['why no conformance check can tell']));
  const others = report.others;
  if (others.length > 0) {
    out.push('');
    out.push(`## Hung or not run (${others.length})`);
    out.push('');
    out.push(table(['where', 'mutation', 'status'], others.map((o: OtherRow) => [where(o), mutation(o), mdCell(o.status)])));
  }
  if (report.resolved.length + report.stale.length + moved.length > 0) {
    out.push('');
    out.push('## Triage to update');
    if (report.resolved.length > 0) out.push('', `Triaged, but killed in this run (remove the entry, or re-judge it):`, '', keyList(report.resolved));
    if (report.stale.length > 0) out.push('', `Triage entries no mutant of this run matched (their code is gone, or newer than the model this run measured):`, '', keyList(report.stale));
    if (moved.length > 0) out.push('', `Matched on their code alone (refresh scope and context):`, '', keyList(moved));
  }
  return `${out.join('\n')}\n`;
}
