/**
 * One generated case that ended `unknown (timeout)`: a `create` or `step` did not answer within the per-step
 * budget. Not a finding about any invariant, and not the end of the check: the next case runs.
 */
export interface PolicyTimeout {
  readonly seed: number;
  /** fast-check's path of the case: its 0-based index among the check's generated cases at this seed. */
  readonly path: string;
  readonly round: number;
  /** The call that did not answer: `create` or `step`. */
  readonly what: string;
  readonly ms: number;
}

/** The sentence a report gives timed-out cases: how many, which (seed, path, round), and the flag to raise. */
export function describeTimeouts(timeouts: readonly PolicyTimeout[], cases: number): string {
  const first = timeouts.slice(0, 5).map((t) => `seed ${t.seed} path ${t.path} (${t.what} in round ${t.round} took over ${t.ms} ms)`);
  const more = timeouts.length > first.length ? `, and ${timeouts.length - first.length} more` : '';
  const ms = Math.max(...timeouts.map((t) => t.ms));
  return `${timeouts.length} of ${cases} case${cases === 1 ? '' : 's'} unknown (timeout): ${first.join('; ')}${more}; the other cases were checked; raise --op-timeout (now ${ms} ms, e.g. --op-timeout ${2 * ms}) if the library is slow rather than stuck`;
}
