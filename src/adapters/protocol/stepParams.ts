import { idsNamedBy } from '../touchedIds.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { StepParams } from './messages.ts';

/**
 * The `step` request for an operation (spec/PROTOCOL.md §4.6): observe `before`, apply, observe `after`, and
 * for a `callTool` the ledger's record of its signature, all in one round trip.
 */
export function stepParams(before: readonly string[], op: Operation, after: readonly string[]): StepParams {
  const signature = op.kind === 'callTool' ? (op as { signature?: unknown }).signature : undefined;
  return { before, operation: op, after, ...(typeof signature === 'string' ? { request: signature } : {}) };
}

/**
 * The step the engine takes for an operation of a fixed trace: the ids it names, before and after. Undefined
 * for an operation too malformed to name them (the engine stops at it, so a plan ends there).
 */
export function plannedStep(op: Operation): StepParams | undefined {
  let named: string[];
  try {
    named = [...new Set(idsNamedBy(op))];
  } catch {
    return undefined;
  }
  return named.every((id) => typeof id === 'string') ? stepParams(named, op, named) : undefined;
}

/**
 * The ids a `step` answer observes after the operation: those of `params.after`, then those the outcome names
 * that are not among them (a compaction's evicted and refused spans, a re-frame's floored and derivable ones),
 * in that order. Read defensively: a malformed outcome names none, and is reported as such by the engine.
 */
export function afterIds(after: readonly string[], outcome: Outcome): readonly string[] {
  const o = outcome as unknown as Record<string, unknown>;
  const ids = (value: unknown, pick: (item: unknown) => unknown = (item) => item): unknown[] => (Array.isArray(value) ? value.map(pick) : []);
  const named =
    o['kind'] === 'compacted'
      ? [...ids(o['evicted'], (e) => (e as { spanId?: unknown } | null)?.spanId), ...ids(o['refused'])]
      : o['kind'] === 'reframed'
        ? [...ids(o['floored']), ...ids(o['derivable'])]
        : [];
  const seen = new Set(after);
  const extra = named.filter((id): id is string => typeof id === 'string' && !seen.has(id) && (seen.add(id), true));
  return extra.length === 0 ? after : [...after, ...extra];
}
