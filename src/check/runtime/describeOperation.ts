import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';

/** A one-line, human-readable rendering of an operation, as it appears in "because" chains and timelines. */
export function describeOperation(op: Operation): string {
  switch (op.kind) {
    case 'append': return `append ${op.span.kind} span ${op.span.id}${op.span.sources ? ` (from ${op.span.sources.join(', ')})` : ''}${op.span.persist === true ? ', persisted' : ''}`;
    case 'persist': return `persist ${op.spanId} to the backing store`;
    case 'rotate': return op.spanIds === undefined ? 'rotate the backing store (every copy expires)' : `rotate the backing copies of ${op.spanIds.join(', ')}`;
    case 'edit': return `edit ${op.spanId}`;
    case 'overwrite': return `overwrite the backing copies of ${op.spanId} with other bytes`;
    case 'prune': return `prune ${op.spanId}${op.acceptLossy === true ? ' accepting loss' : ''}${op.claimSafe === true ? ' (model claims it is safe to drop)' : ''}`;
    case 'summarize': return `summarize ${op.sourceIds.join(', ')} into ${op.summaryId}${op.escalate === true ? ' (escalated)' : ''}`;
    case 'reframe': return `re-frame the task to '${op.frame}'`;
    case 'compact': return `compact below retention score ${op.threshold}`;
    case 'restore': return `restore ${op.spanId}`;
    case 'lookup': return `look up ${op.spanId}`;
    case 'claim': return op.negative === true ? `negative claim "${op.claim}"${op.rawKinds === undefined ? '' : ` over ${op.rawKinds.join(', ')} observations`}` : `claim resting on ${op.requiredIds.join(', ')}`;
    case 'callTool': return `call ${op.signature} (request ${op.requestId}${op.at === undefined ? '' : `, at t=${op.at}s`}${op.idempotencyKey === undefined ? '' : `, idempotency key ${op.idempotencyKey}`}; the world answers ${op.status ?? 'accepted'}${op.retryAfter === undefined ? '' : `, retry-after ${op.retryAfter}s`})`;
    case 'setVersion': return `set versions${op.modelVersion ? ` model=${op.modelVersion}` : ''}${op.policyVersion ? ` policy=${op.policyVersion}` : ''}`;
  }
}

/** A short rendering of an outcome: its kind and the fields a reader needs. */
export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'evicted': return `evicted ${outcome.spanId} as ${outcome.mode}${outcome.safeClaim ? `; safe claim ${outcome.safeClaim}` : ''}`;
    case 'rejected': return `rejected (${outcome.reason})${outcome.check ? `; backing check: existence=${outcome.check.existence}, addressable=${outcome.check.addressable}, provenance=${outcome.check.provenance}` : ''}${outcome.safeClaim ? `; safe claim ${outcome.safeClaim}` : ''}`;
    case 'window-full': return `window full (needed ${outcome.needed}, used ${outcome.used} of ${outcome.capacity})`;
    case 'tombstoned': return `tombstoned (${outcome.why})`;
    case 'compacted': return `compacted: evicted [${outcome.evicted.map((e) => `${e.spanId}:${e.mode}`).join(', ')}], refused [${outcome.refused.join(', ')}]`;
    case 'reframed': return `re-framed; floored [${outcome.floored.join(', ')}], derivable [${outcome.derivable.join(', ')}]`;
    case 'gap': return `gap (lost: ${outcome.lostIds.join(', ')})`;
    case 'unfounded': return outcome.lostIds !== undefined && outcome.lostIds.length > 0 ? `unfounded (lost: ${outcome.lostIds.join(', ')})` : `unfounded (never seen: ${outcome.unknownIds.join(', ')})`;
    case 'derived-only': return `derived-only (${outcome.derivedIds.join(', ')})`;
    case 'duplicate': return `duplicate of request ${outcome.original.requestId} (step ${outcome.original.step})`;
    case 'too-soon': return `too soon: request ${outcome.original.requestId} (step ${outcome.original.step}) failed; retry at t=${outcome.retryAt}s`;
    case 'unreconciled': return `unreconciled: the outcome of request ${outcome.original.requestId} (step ${outcome.original.step}) is unknown`;
    default: return outcome.kind;
  }
}
