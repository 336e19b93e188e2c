import { MIX_OUT_OF, PLAN_SHARE, TAIL_SHARE, TAIL_STEPS } from '../gen/runtime/episodeMix.ts';
import { SITUATION_PLANS } from '../gen/runtime/situationPlans.ts';
import { mdTable } from '../util/markdownText.ts';

/** One check of one broken runtime at one seed, as `npm run detection` measured it. */
export interface DetectionSeed {
  readonly seed: number;
  /** The verdict, and the invariant of the finding it reported (none when it found nothing). */
  readonly verdict: string;
  readonly invariant: string | undefined;
  /** Generated runs until the first failing one, that one included; undefined when no run failed. */
  readonly runsToFirst: number | undefined;
  /** Wall time from the start of the check to the end of the first failing run, in ms. */
  readonly msToFirst: number | undefined;
  /** Steps of the reported (shrunk and simplified) counterexample. */
  readonly shrunk: number | undefined;
  /** Wall time of the whole check (shrinking and re-runs included), in ms. */
  readonly totalMs: number;
}

/** A broken runtime measured at every seed: what it must be found as, and its hand-computed minimal trace. */
export interface DetectionRow {
  readonly name: string;
  /** The invariant it breaks, and the verdict it must get (`violation`, or `diverged` for a nondeterministic one). */
  readonly invariant: string;
  readonly expected: 'violation' | 'diverged';
  readonly minimal: number;
  readonly seeds: readonly DetectionSeed[];
}

/**
 * How often default generated runs of the reference reach one dangerous situation (src/gen/runtime/situations.ts):
 * per seed, the complete runs that reached it and the complete runs in all.
 */
export interface SituationReach {
  readonly situation: string;
  readonly perSeed: readonly { readonly seed: number; readonly reached: number; readonly runs: number }[];
}

/** The section on situations: the share of default runs reaching each, over the seeds, and how many seeds reach it. */
export function renderSituationReach(reach: readonly SituationReach[]): string[] {
  if (reach.length === 0) return [];
  const share = (r: { reached: number; runs: number }): number => (r.runs === 0 ? 0 : r.reached / r.runs);
  const pct = (x: number | undefined): string => (x === undefined ? '–' : `${(x * 100).toFixed(1)} %`);
  const planned = new Set<string>(SITUATION_PLANS.map((p) => p.situation));
  const table = mdTable(
    ['dangerous situation', 'share of default runs that reach it (median / min over seeds)', 'seeds where some run reaches it', 'share of default runs planned for it'],
    reach.map((r) => {
      const shares = r.perSeed.map(share);
      return [r.situation, `${pct(medianOf(shares))} / ${pct(shares.length === 0 ? undefined : Math.min(...shares))}`, `${r.perSeed.filter((s) => s.reached > 0).length}/${r.perSeed.length}`, planned.has(r.situation) ? pct(PLAN_SHARE / MIX_OUT_OF) : '– (drawn)'];
    }),
  );
  return [
    '## Dangerous situations: the share of default runs that reach each',
    '',
    'The reference runtime checked at the same seeds with the same default runs (complete runs only): a situation reached at every seed is reached by plan or often enough by drawing. ' +
      `A planned situation has a fixed share of default runs directed at it (src/gen/runtime/situationPlans.ts); ${pct(TAIL_SHARE / MIX_OUT_OF)} of default runs are ${TAIL_STEPS.min} to ${TAIL_STEPS.max} steps long (the tail).`,
    '',
    table,
    '',
  ];
}

/** What the measurement was run with, for the report's first lines. */
export interface DetectionMeta {
  readonly command: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Generated runs per check (the budget every member must be found within). */
  readonly runs: number;
  readonly loadAverage: { readonly start: number; readonly end: number };
  readonly cores: number;
}

/** The middle value (the lower of the two middle ones for an even count); undefined for none. */
export function medianOf(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Whether a seed's check found the member as it must be found: its verdict, on its invariant, within the runs. */
export function detected(row: DetectionRow, seed: DetectionSeed, runs: number): boolean {
  return seed.verdict === row.expected && seed.invariant === row.invariant && seed.runsToFirst !== undefined && seed.runsToFirst <= runs;
}

/** Whether a seed's shrunk counterexample is the minimal trace or one step longer. */
export function nearMinimal(row: DetectionRow, seed: DetectionSeed): boolean {
  return seed.shrunk !== undefined && seed.shrunk >= row.minimal && seed.shrunk <= row.minimal + 1;
}

const numbers = (values: readonly (number | undefined)[]): number[] => values.filter((v): v is number => v !== undefined);
const cell = (value: number | undefined, digits = 0): string => (value === undefined ? '–' : value.toFixed(digits));

/** `reports/detection.md`: per broken runtime, runs and seconds to the first failure and shrunk length against minimal. */
export function renderDetectionMarkdown(rows: readonly DetectionRow[], meta: DetectionMeta, reach: readonly SituationReach[] = []): string {
  const seedCount = Math.max(0, ...rows.map((r) => r.seeds.length));
  const missed = rows.flatMap((r) => r.seeds.filter((s) => !detected(r, s, meta.runs)).map((s) => `${r.name} at seed ${s.seed}: ${s.verdict}${s.invariant === undefined ? '' : ` on ${s.invariant}`}${s.runsToFirst === undefined ? '' : ` after ${s.runsToFirst} runs`}`));
  const far = rows.flatMap((r) => r.seeds.filter((s) => detected(r, s, meta.runs) && !nearMinimal(r, s)).map((s) => `${r.name} at seed ${s.seed}: shrunk to ${cell(s.shrunk)}, minimal ${r.minimal}`));
  const table = mdTable(
    ['broken runtime', 'invariant', 'found', 'runs to first failure (median / max)', 's to first failure (median / max)', 'shrunk (median / max)', 'minimal', 's per check (median)'],
    rows.map((r) => {
      const found = r.seeds.filter((s) => detected(r, s, meta.runs));
      const runs = numbers(found.map((s) => s.runsToFirst));
      const ms = numbers(found.map((s) => s.msToFirst));
      const shrunk = numbers(found.map((s) => s.shrunk));
      return [
        r.name,
        r.expected === 'diverged' ? `${r.invariant} (diverged)` : r.invariant,
        `${found.length}/${r.seeds.length}`,
        `${cell(medianOf(runs))} / ${cell(runs.length === 0 ? undefined : Math.max(...runs))}`,
        `${cell(ms.length === 0 ? undefined : (medianOf(ms) ?? 0) / 1000, 2)} / ${cell(ms.length === 0 ? undefined : Math.max(...ms) / 1000, 2)}`,
        `${cell(medianOf(shrunk))} / ${cell(shrunk.length === 0 ? undefined : Math.max(...shrunk))}`,
        String(r.minimal),
        cell((medianOf(r.seeds.map((s) => s.totalMs)) ?? 0) / 1000, 2),
      ];
    }),
  );
  const lines = [
    '# Time to detect: the broken zoo',
    '',
    `\`${meta.command}\`, started ${meta.startedAt}, ${(meta.durationMs / 1000).toFixed(0)} s on ${meta.cores} cores (load average ${meta.loadAverage.start.toFixed(1)} at the start, ${meta.loadAverage.end.toFixed(1)} at the end: seconds are wall time on a shared machine, runs are exact).`,
    '',
    `Each broken runtime of the zoo (src/subjects/zoo) is checked at seeds 1–${seedCount} with ${meta.runs} generated runs, the recorded scenarios left out, as \`prunecheck check --seed N\` would. ` +
      'Runs to first failure count the generated runs up to and including the first that fails; seconds run from the start of the check to the end of that run. ' +
      'Shrunk is the reported counterexample\'s length, after shrinking and simplification; minimal is the hand-computed shortest trace that breaks it (src/subjects/zoo/minimalTraces.ts, with why nothing shorter does).',
    '',
    `**${missed.length === 0 ? 'Every broken runtime was found' : 'Not every broken runtime was found'}** with its verdict and invariant within ${meta.runs} runs at every seed; ` +
      `${far.length === 0 ? 'every shrunk counterexample is its minimal trace or one step longer' : `${far.length} shrunk counterexamples are not within one step of minimal`}.`,
    '',
    table,
    '',
  ];
  if (missed.length > 0) lines.push('## Not found', '', ...missed.map((m) => `- ${m}`), '');
  if (far.length > 0) lines.push('## Not within one step of minimal', '', ...far.map((m) => `- ${m}`), '');
  lines.push(...renderSituationReach(reach));
  return `${lines.join('\n').trimEnd()}\n`;
}
