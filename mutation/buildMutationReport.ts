import type { schema } from '@stryker-mutator/api/core';
import { parseKill } from './killMessage.ts';
import { matchTriage } from './matchTriage.ts';
import { mutantKey, numberIdentical, type MutantKey } from './MutantKey.ts';
import { MUTATION_REPORT_FORMAT, TARGET_SCORE, type MutantCounts, type MutationReport, type MutationTiming, type OtherRow, type SurvivorRow } from './MutationReport.ts';
import type { PlannedMutant } from './enumerateMutants.ts';
import type { Revision } from './gitRevision.ts';
import type { SuiteSettings } from './suiteSettings.ts';
import type { TriageFile } from './Triage.ts';

export interface ReportInput {
  readonly mode: MutationReport['mode'];
  readonly command: string;
  /** Stryker's JSON report (mutation-testing-report-schema). */
  readonly stryker: schema.MutationTestResult;
  /** The copy's folder as Stryker names files (`mutation/sut/model`). */
  readonly copyPrefix: string;
  readonly triage: TriageFile;
  readonly suite: SuiteSettings;
  readonly timing: MutationTiming;
  readonly sample?: MutationReport['sample'];
  readonly revision?: Revision;
  readonly focus?: MutationReport['focus'];
  /** A focused re-run whose results replace this run's for the same mutants (matched by key, as triage entries are). */
  readonly rerun?: { readonly stryker: schema.MutationTestResult; readonly command: string; readonly revision?: Revision; readonly planned?: readonly PlannedMutant[] };
  /** A sample or focused run's mutants with their keys numbered over the whole model (mutation/run.ts writes them). */
  readonly planned?: readonly PlannedMutant[];
}

interface Judged {
  readonly key: MutantKey;
  readonly line: number;
  readonly mutant: schema.MutantResult;
  readonly bucket: 'detected' | 'survivor' | 'invalid';
}

function bucketOf({ status, testsCompleted }: schema.MutantResult): Judged['bucket'] | undefined {
  if (status === 'Killed' || status === 'Timeout') return 'detected';
  // A run in which no test ran is not a survivor (vitest-runner 9.5.1, which earlier runs used, reported it so).
  if (status === 'Survived' && testsCompleted === 0) return 'invalid';
  if (status === 'Survived' || status === 'NoCoverage') return 'survivor';
  if (status === 'RuntimeError' || status === 'CompileError') return 'invalid';
  // Ignored (outside the CI sample) and Pending (never run) are not part of the result.
  return undefined;
}

function placeOf(file: string, range: { readonly start: { readonly line: number; readonly column: number }; readonly end: { readonly line: number; readonly column: number } }, mutator: string, replacement: string): string {
  return JSON.stringify([file, range.start.line, range.start.column, range.end.line, range.end.column, mutator, replacement]);
}

/**
 * Every mutant of the run that is part of its result, keyed (Stryker's locations are 1-based, keys 0-based). Keys are
 * numbered (`nth`) over every mutant Stryker made, ignored ones included, so a sample or focused run numbers the
 * second of two identical mutants on a line as a full run does, though only one of them ran.
 */
function judgedMutants(stryker: schema.MutationTestResult, copyPrefix: string, planned?: readonly PlannedMutant[]): Judged[] {
  const all: (Omit<Judged, 'bucket'> & { readonly bucket: Judged['bucket'] | undefined })[] = [];
  for (const [name, file] of Object.entries(stryker.files).sort(([a], [b]) => a.localeCompare(b))) {
    const short = name.startsWith(`${copyPrefix}/`) ? name.slice(copyPrefix.length + 1) : name;
    const mutants = [...file.mutants].sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column || a.mutatorName.localeCompare(b.mutatorName));
    for (const mutant of mutants) {
      const { start, end } = mutant.location;
      const range = { start: { line: start.line - 1, column: start.column - 1 }, end: { line: end.line - 1, column: end.column - 1 } };
      all.push({ key: mutantKey(short, file.source, range, mutant.mutatorName, mutant.replacement ?? ''), line: start.line, mutant, bucket: bucketOf(mutant) });
    }
  }
  const numbered = numberIdentical(all.map((j) => j.key));
  // A partial run's report lacks the mutants outside its nodes; the keys planned over the whole model number them right.
  const plannedKey = new Map((planned ?? []).map((p) => [placeOf(p.file, p.range, p.mutator, p.replacement), p.key]));
  return all.flatMap((j, i) => {
    if (j.bucket === undefined) return [];
    const start = { line: j.mutant.location.start.line - 1, column: j.mutant.location.start.column - 1 };
    const end = { line: j.mutant.location.end.line - 1, column: j.mutant.location.end.column - 1 };
    const key = plannedKey.get(placeOf(j.key.file, { start, end }, j.mutant.mutatorName, j.mutant.replacement ?? '')) ?? (numbered[i] as MutantKey);
    return [{ ...j, key, bucket: j.bucket }];
  });
}

/**
 * The run's mutants with a re-run's results in place of their own where the re-run has the same mutant (by key:
 * exact, or on its code alone when it moved, as the triage matches), and what that replaced.
 */
function withRerun(judged: readonly Judged[], input: ReportInput): { judged: Judged[]; merged?: NonNullable<MutationReport['merged']> } {
  if (input.rerun === undefined) return { judged: [...judged] };
  const rerun = judgedMutants(input.rerun.stryker, input.copyPrefix, input.rerun.planned);
  const { matches, unmatched } = matchTriage(judged.map((j) => j.key), rerun.map((r) => ({ ...r.key, judged: r })));
  const newlyDetected: MutantKey[] = [];
  const noLongerDetected: MutantKey[] = [];
  const out = judged.map((j, i) => {
    const again = (matches[i]?.entry as { judged?: Judged } | undefined)?.judged;
    if (again === undefined) return j;
    if (j.bucket !== 'detected' && again.bucket === 'detected') newlyDetected.push(j.key);
    if (j.bucket === 'detected' && again.bucket !== 'detected') noLongerDetected.push(j.key);
    return { ...j, mutant: again.mutant, bucket: again.bucket };
  });
  const replaced = matches.filter((m) => m !== undefined).length;
  return { judged: out, merged: { command: input.rerun.command, ...(input.rerun.revision === undefined ? {} : { revision: input.rerun.revision }), replaced, unmatched: unmatched.length, newlyDetected, noLongerDetected } };
}

function count(rows: readonly { readonly judged: Judged; readonly triage: SurvivorRow['triage'] | undefined }[]): MutantCounts {
  const n = (f: (r: (typeof rows)[number]) => boolean): number => rows.filter(f).length;
  const killed = n((r) => r.judged.mutant.status === 'Killed');
  const timeout = n((r) => r.judged.mutant.status === 'Timeout');
  const equivalent = n((r) => r.triage === 'equivalent');
  const gap = n((r) => r.triage === 'gap');
  const untriaged = n((r) => r.triage === 'untriaged');
  const detected = killed + timeout;
  const nonEquivalent = detected + gap + untriaged;
  return {
    mutants: rows.length,
    killed,
    timeout,
    survived: n((r) => r.judged.bucket === 'survivor' && r.judged.mutant.status === 'Survived'),
    noCoverage: n((r) => r.judged.mutant.status === 'NoCoverage'),
    invalid: n((r) => r.judged.bucket === 'invalid'),
    equivalent,
    gap,
    untriaged,
    detected,
    nonEquivalent,
    score: nonEquivalent === 0 ? undefined : detected / nonEquivalent,
  };
}

function groupCounts<K extends string>(rows: readonly { readonly judged: Judged; readonly triage: SurvivorRow['triage'] | undefined }[], by: (j: Judged) => string, field: K): (MutantCounts & Record<K, string>)[] {
  const groups = new Map<string, typeof rows>();
  for (const row of rows) groups.set(by(row.judged), [...(groups.get(by(row.judged)) ?? []), row]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, group]) => ({ [field]: name, ...count(group) }) as MutantCounts & Record<K, string>);
}

function tally(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of [...values].sort()) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/**
 * The mutation report: Stryker's results read against the triage. A survivor is `equivalent` or `gap` when its
 * triage entry says so, else `untriaged`; triage entries that matched a killed mutant are `resolved`, and in a full
 * run those that matched nothing are `stale`.
 */
export function buildMutationReport(input: ReportInput): MutationReport {
  const { judged, merged } = withRerun(judgedMutants(input.stryker, input.copyPrefix, input.planned), input);
  const { matches, unmatched } = matchTriage(
    judged.map((j) => j.key),
    input.triage.entries,
  );
  const rows = judged.map((j, i) => {
    const match = matches[i];
    const triage: SurvivorRow['triage'] | undefined = j.bucket !== 'survivor' ? undefined : (match?.entry.status ?? 'untriaged');
    return { judged: j, match, triage };
  });
  const survivors: SurvivorRow[] = rows
    .filter((r) => r.judged.bucket === 'survivor')
    .map(({ judged: j, match, triage }) => {
      const entry = match?.entry;
      return {
        ...j.key,
        line: j.line,
        status: j.mutant.status as SurvivorRow['status'],
        triage: triage as SurvivorRow['triage'],
        ...(entry === undefined ? {} : { reason: entry.reason }),
        ...(entry?.status === 'gap' ? { fix: entry.fix, area: entry.area } : {}),
        ...(match?.how === 'moved' ? { match: 'moved' as const } : {}),
      };
    });
  const others: OtherRow[] = rows
    .filter((r) => r.judged.mutant.status === 'Timeout' || r.judged.bucket === 'invalid')
    .map(({ judged: j }) => ({ ...j.key, line: j.line, status: j.bucket === 'invalid' && j.mutant.status === 'Survived' ? 'no test ran' : j.mutant.status, ...(j.mutant.statusReason === undefined ? {} : { statusReason: j.mutant.statusReason.slice(0, 300) }) }));
  const kills = rows.filter((r) => r.judged.mutant.status === 'Killed').map((r) => parseKill(r.judged.mutant.statusReason));
  const totals = count(rows);
  const keyOf = ({ file, scope, mutator, original, replacement, context, nth }: MutantKey): MutantKey => ({ file, scope, mutator, original, replacement, context, ...(nth === undefined ? {} : { nth }) });
  return {
    format: MUTATION_REPORT_FORMAT,
    mode: input.mode,
    strykerVersion: input.stryker.framework?.version ?? 'unknown',
    command: input.command,
    suite: input.suite,
    ...(input.sample === undefined ? {} : { sample: input.sample }),
    ...(input.revision === undefined ? {} : { revision: input.revision }),
    ...(input.focus === undefined ? {} : { focus: input.focus }),
    ...(merged === undefined ? {} : { merged }),
    totals,
    target: { score: TARGET_SCORE, met: totals.score !== undefined && totals.score >= TARGET_SCORE },
    byFile: groupCounts(rows, (j) => j.key.file, 'file'),
    byMutator: groupCounts(rows, (j) => j.key.mutator, 'mutator'),
    kills: {
      byVerdict: tally([...kills.map((k) => k?.verdict ?? 'test failed (no verdict)'), ...rows.filter((r) => r.judged.mutant.status === 'Timeout').map(() => 'hang (Stryker timeout)')]),
      byInvariant: tally(kills.map((k) => k?.invariant ?? '(none)')),
    },
    timing: input.timing,
    survivors,
    others,
    resolved: rows.filter((r) => r.judged.bucket === 'detected' && r.match !== undefined).map((r) => keyOf(r.judged.key)),
    stale: input.mode === 'full' ? unmatched.map(keyOf) : [],
  };
}
