/**
 * What a set of generated runs added to an EvidenceTally, as plain data: what a chunk of runs reports from a
 * worker thread or a shard's report, summed back into one tally. Counts only; zero entries may be left out.
 */
export interface TallyTotals {
  readonly runs: number;
  readonly runsComplete: number;
  readonly runsCutShort: number;
  readonly choicesAdopted: number;
  readonly rechecks: number;
  /** Complete runs that reached each dangerous situation. */
  readonly situations: Readonly<Record<string, number>>;
  /** Operations of complete runs whose checks judged each invariant. */
  readonly checked: Readonly<Record<string, number>>;
  /** Findings on unclaimed invariants: runs that went on past them, runs they cut short. */
  readonly unclaimed: Readonly<Record<string, { readonly resumed: number; readonly cutShort: number }>>;
  /** Runs whose system did not expose each optional observation (`auditLog`, `request`). */
  readonly unexposed?: Readonly<Record<string, number>>;
}

export const NO_TOTALS: TallyTotals = { runs: 0, runsComplete: 0, runsCutShort: 0, choicesAdopted: 0, rechecks: 0, situations: {}, checked: {}, unclaimed: {} };

type Counts = Readonly<Record<string, number>>;

function combine(a: Counts, b: Counts, sign: 1 | -1): Record<string, number> {
  const out: Record<string, number> = { ...a };
  for (const [key, n] of Object.entries(b)) out[key] = (out[key] ?? 0) + sign * n;
  for (const [key, n] of Object.entries(out)) if (n === 0) delete out[key];
  return out;
}

function combineTotals(a: TallyTotals, b: TallyTotals, sign: 1 | -1): TallyTotals {
  const unclaimed: Record<string, { resumed: number; cutShort: number }> = {};
  for (const key of new Set([...Object.keys(a.unclaimed), ...Object.keys(b.unclaimed)])) {
    const resumed = (a.unclaimed[key]?.resumed ?? 0) + sign * (b.unclaimed[key]?.resumed ?? 0);
    const cutShort = (a.unclaimed[key]?.cutShort ?? 0) + sign * (b.unclaimed[key]?.cutShort ?? 0);
    if (resumed !== 0 || cutShort !== 0) unclaimed[key] = { resumed, cutShort };
  }
  return {
    runs: a.runs + sign * b.runs,
    runsComplete: a.runsComplete + sign * b.runsComplete,
    runsCutShort: a.runsCutShort + sign * b.runsCutShort,
    choicesAdopted: a.choicesAdopted + sign * b.choicesAdopted,
    rechecks: a.rechecks + sign * b.rechecks,
    situations: combine(a.situations, b.situations, sign),
    checked: combine(a.checked, b.checked, sign),
    unclaimed,
    unexposed: combine(a.unexposed ?? {}, b.unexposed ?? {}, sign),
  };
}

export function addTotals(a: TallyTotals, b: TallyTotals): TallyTotals {
  return combineTotals(a, b, 1);
}

/** What was added between two snapshots of one tally (`before` taken first). */
export function totalsSince(after: TallyTotals, before: TallyTotals): TallyTotals {
  return combineTotals(after, before, -1);
}
