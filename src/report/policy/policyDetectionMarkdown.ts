import { mdTable } from '../../util/markdownText.ts';
import { medianOf } from '../detectionMarkdown.ts';

/** One known finding of one policy pruner (a broken one of the zoo, or a shipped library) measured at every seed. */
export interface PolicyDetectionRow {
  readonly name: string;
  readonly kind: 'zoo' | 'library';
  readonly invariant: string;
  /** Per seed: the 1-based conversation at which the finding first showed, or undefined when it did not within the measured cases. */
  readonly runsToFirst: readonly (number | undefined)[];
  /** Per seed: wall time of the measurement, in ms. */
  readonly ms: readonly number[];
}

/**
 * The policy section of reports/detection.md: for each known finding, at how many seeds it shows within the
 * default conversations, and the conversations to its first showing (median / max), from which the default is
 * chosen. Names every finding the default misses at some seed.
 */
export function renderPolicyDetection(rows: readonly PolicyDetectionRow[], defaultRuns: number, maxRuns: number): string[] {
  if (rows.length === 0) return [];
  const within = (r: PolicyDetectionRow): number => r.runsToFirst.filter((n) => n !== undefined && n <= defaultRuns).length;
  const missed = rows.filter((r) => within(r) < r.runsToFirst.length);
  const worst = Math.max(...rows.flatMap((r) => r.runsToFirst.filter((n): n is number => n !== undefined)));
  const table = mdTable(
    ['pruner', 'kind', 'finding', `found within ${defaultRuns}`, 'conversations to first (median / max)', 's per seed (median)'],
    rows.map((r) => {
      const found = r.runsToFirst.filter((n): n is number => n !== undefined);
      return [r.name, r.kind, r.invariant, `${within(r)}/${r.runsToFirst.length}`, found.length === 0 ? '–' : `${medianOf(found)} / ${Math.max(...found)}`, ((medianOf([...r.ms]) ?? 0) / 1000).toFixed(2)];
    }),
  );
  return [
    '',
    '## The policy zoo and the shipped libraries',
    '',
    `Each broken pruner of the policy zoo (src/subjects/policy/broken) and each finding reports/ecosystem.md lists for a shipped library, at seeds 1–${rows[0]?.runsToFirst.length ?? 0}: the generated conversations of \`prunecheck check --adapter <name> --seed N\`, in order, each run once, up to ${maxRuns}, until the finding shows (src/run/policy/timeToDetect.ts). The default number of conversations (${defaultRuns}, src/run/policy/policyDefaults.ts) is chosen from the largest: ${worst}.`,
    '',
    missed.length === 0
      ? `**Every known finding was found** within the default ${defaultRuns} conversations at every seed.`
      : `**Not every known finding was found** within the default ${defaultRuns} conversations: ${missed.map((r) => `${r.name} ${r.invariant} at ${r.runsToFirst.length - within(r)} seed(s)`).join('; ')}.`,
    '',
    table,
  ];
}
