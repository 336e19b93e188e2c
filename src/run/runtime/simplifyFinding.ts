import { complexityOf, simplerTraces } from '../../gen/runtime/simplifications.ts';
import type { Operation } from '../../model/Operation.ts';
import { DEFAULT_MARKER_TOKENS } from '../../model/ReferenceRuntime.ts';
import { FindingError } from '../FindingError.ts';
import { keepsFinding, namesRuleFor } from './keepsFinding.ts';
import type { TraceRun } from './confirmFinding.ts';

/** How many simpler traces one finding may try: each is one run of a trace no longer than the shrunk one. */
export const SIMPLIFY_BUDGET = 400;

/**
 * After fast-check's shrinking, which deletes steps and shrinks each step's fields, simplifies the concrete trace
 * the way shrinking cannot: a step made simpler in kind (a compaction becomes a prune accepting the loss, a derived
 * span or a summary a raw one, a copy left out, a refusal a plain one), a later copy or edit folded into the append,
 * or two raw spans made one (shrinking only lowers tokens; the merged span may also hold the index line the other's
 * marker took), each kept when the same finding still follows and the trace is shorter, or as long and simpler
 * (`complexityOf`), until no candidate is or the budget is spent. A DIFFERENTIAL gives way to a named rule on a trace
 * no longer (`keepsFinding`): the rule explains it. So a failure first found on a long road (a loss through a
 * rotation, a re-frame of a derived span, a window crowded by many small spans) is reported on the shortest one the
 * candidates reach. Targets are concrete ids here, so deleting a step never retargets another. `run` re-runs a trace
 * on a fresh system.
 */
export async function simplifyFinding(error: FindingError, run: (trace: readonly Operation[]) => Promise<TraceRun>, budget = SIMPLIFY_BUDGET, onSimpler?: (simpler: FindingError) => void): Promise<FindingError> {
  let best = error;
  let left = budget;
  for (let improved = true; improved && left > 0; ) {
    improved = false;
    const current = { length: best.trace.length, complexity: complexityOf(best.trace) };
    for (const candidate of simplerTraces(best.trace, best.outcomes, { markerTokens: best.config.markerTokens ?? DEFAULT_MARKER_TOKENS })) {
      if (left <= 0) break;
      left -= 1;
      const ran = await run(candidate);
      const found = ran.found;
      if (found === undefined || !keepsFinding(best.finding.invariant, found.finding.invariant)) continue;
      const length = found.trace.length;
      // A named rule in place of a DIFFERENTIAL is kept on a trace no longer; the same finding must also be simpler.
      const explains = namesRuleFor(best.finding.invariant, found.finding.invariant);
      if (length > current.length || (!explains && length === current.length && complexityOf(found.trace) >= current.complexity)) continue;
      best = new FindingError(found.finding, error.config, [...found.trace], [...ran.outcomes], [...ran.observations]);
      onSimpler?.(best);
      improved = true;
      break;
    }
  }
  return best;
}
