import type { Operation } from '../../model/Operation.ts';

/**
 * The span ids an operation names: the ones a checker is most likely to observe right after it. A `cmd:`
 * system asks for their observations in the same round trip as the `apply` (spec/PROTOCOL.md §4.3), so the
 * usual step costs one round trip, not two. `compact` and an unrestricted `rotate` name none.
 */
export function prefetchIds(op: Operation): readonly string[] {
  try {
    return namedIds(op).filter((id) => typeof id === 'string');
  } catch {
    return []; // a malformed operation (the engine sends some on purpose) names nothing worth prefetching
  }
}

function namedIds(op: Operation): readonly string[] {
  switch (op.kind) {
    case 'append':
      return op.span.sources === undefined || op.span.sources.length === 0 ? [op.span.id] : unique([op.span.id, ...op.span.sources]);
    case 'persist':
    case 'overwrite':
    case 'edit':
    case 'prune':
    case 'restore':
    case 'lookup':
      return [op.spanId];
    case 'summarize':
      return unique([op.summaryId, ...op.sourceIds]);
    case 'rotate':
      return op.spanIds === undefined ? [] : unique(op.spanIds);
    case 'claim':
      return unique(op.requiredIds);
    case 'reframe':
      return unique([...Object.keys(op.scores ?? {}), ...Object.keys(op.derivations ?? {})]);
    case 'compact':
    case 'callTool':
    case 'setVersion':
      return [];
    default:
      return [];
  }
}

function unique(ids: readonly string[]): readonly string[] {
  return [...new Set(ids)];
}
