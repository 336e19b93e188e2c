import type { CallToolOp, ClaimOp, LookupOp, RestoreOp, SummarizeOp } from '../../model/Operation.ts';
import type { Span } from '../../model/Span.ts';
import { referenceClause, systemClause, type Clause, type Fact } from '../Clause.ts';
import { findingOf, type Finding } from '../Finding.ts';
import { gateOptions } from '../../model/gateOptions.ts';
import { explainForbidden } from './explainGate.ts';
import { SpanExplainer } from './explainSpan.ts';
import { firstDifference } from './firstDifference.ts';
import { normalizeOutcome, sameOutcome } from './normalizeOutcome.ts';
import type { StepFacts } from './StepFacts.ts';
import { answerClauses, answered, observed, outcomeFinding, ruleClause } from './stepClauses.ts';

/**
 * The differential check: the system's outcome against the reference's for the same state. The reference has
 * already taken every allowed choice the system made (spec/SPEC.md §7), so a difference left is one the spec
 * forbids; it is attributed to the rule that decides the reference's answer (DIFFERENTIAL when no single
 * invariant does), with reasons computed from what the system answered and what the reference knows.
 */
export function checkOutcome(facts: StepFacts): Finding | undefined {
  const { op, expected, actual } = facts;
  if (sameOutcome(expected, actual)) return expected.kind === 'window-full' && actual.kind === 'window-full' ? figuresFinding(facts, expected, actual) : undefined;
  const deviation = facts.deviations?.find((d) => !d.forced);
  if (deviation !== undefined) return findingOf(deviation.rule, [...answerClauses(facts), ...deviation.clauses, ruleClause(deviation.rule)]);
  const explain = new SpanExplainer(facts.reference, facts.step, actual);
  switch (op.kind) {
    case 'append': case 'edit': case 'restore': case 'summarize':
      if (expected.kind === 'window-full' && actual.kind !== 'rejected') return capacityFinding(facts, expected);
      if (actual.kind === 'window-full' && expected.kind !== 'window-full' && expected.kind !== 'rejected') {
        const finding = roomFinding(facts, actual);
        if (finding !== undefined) return finding;
      }
      if (op.kind === 'restore') return restoreFinding(facts, op, explain);
      if (op.kind === 'summarize') return summarizeFinding(facts, op, explain);
      return differential(facts);
    case 'reframe':
      return reframeFinding(facts, explain);
    case 'lookup':
      return lookupFinding(facts, op, explain);
    case 'claim':
      return claimFinding(facts, op, explain);
    case 'callTool':
      return callToolFinding(facts, op);
    case 'setVersion':
      return outcomeFinding('INV-11', facts);
    case 'compact':
      return compactFinding(facts, explain) ?? differential(facts);
    case 'prune':
      return safeClaimFinding(facts) ?? differential(facts);
    default:
      return differential(facts);
  }
}

/** What the in-window index costs before the step: its lines at `markerTokens` each, one entry's room at least (INV-29). */
function indexCost(facts: StepFacts): string {
  const { window } = facts.reference;
  if (window.indexLines === 0) return `the in-window index is empty and keeps one entry's room (${window.indexTokens} tokens)`;
  return `the in-window index shows ${window.indexLines} line${window.indexLines === 1 ? '' : 's'} at ${window.markerTokens} tokens each (${window.indexTokens} tokens)`;
}

/**
 * The system let a growth operation in that does not fit: INV-29 when only the index's cost made the window full
 * (the system counts its markers as free), else INV-13.
 */
function capacityFinding(facts: StepFacts, expected: Extract<StepFacts['expected'], { kind: 'window-full' }>): Finding {
  const { window, usedBefore } = facts.reference;
  const full = `${expected.needed} more tokens were needed with ${expected.used} of ${expected.capacity} in use`;
  if (window.indexTokens > 0 && usedBefore - window.indexTokens + expected.needed <= expected.capacity) {
    return outcomeFinding('INV-29', facts, referenceClause(`${indexCost(facts)} and ${window.residentTokens} are resident: ${full}`), referenceClause('markers are text the model reads in the window, so they count against its capacity (seed 002: a tombstone costs ~15 tokens); counted as free, the window overflows'));
  }
  return outcomeFinding('INV-13', facts, referenceClause(`the window had no room: ${full}; the answer must be window-full with nothing changed`));
}

/**
 * Both answered window-full, but the system's figures for the window are not the window's. `capacity` is the
 * config's and `used` the resident spans plus the index at `markerTokens` a line (INV-29, D-22: the cost is
 * determined), so both are compared. `needed` is not: SPEC.md names it without saying whether it is what the
 * operation asks for or what it lacks.
 */
function figuresFinding(facts: StepFacts, expected: Extract<StepFacts['expected'], { kind: 'window-full' }>, actual: Extract<StepFacts['actual'], { kind: 'window-full' }>): Finding | undefined {
  if (actual.used === expected.used && actual.capacity === expected.capacity) return undefined;
  const { window } = facts.reference;
  const shown = systemClause(`the system answered window-full with ${String(actual.used)} of ${String(actual.capacity)} tokens in use`, answered(facts.step, { kind: 'window-full', used: actual.used, capacity: actual.capacity }));
  if (actual.capacity !== expected.capacity) return outcomeFinding('INV-13', facts, shown, referenceClause(`the window's capacity is ${expected.capacity} tokens (the config's): a full window must say so, so the caller knows how much to free`));
  const count = referenceClause(`${window.residentTokens} tokens are resident and ${indexCost(facts)}: ${expected.used} of ${expected.capacity} are in use`);
  // Only the index's cost missing from the figure: the system counts its markers as free.
  if (actual.used === window.residentTokens) return outcomeFinding('INV-29', facts, shown, count, referenceClause('every line the index shows counts against capacity, and window-full is answered on that count'));
  return outcomeFinding('INV-13', facts, shown, count, referenceClause('a full window must say how full it is, so the caller knows how much to free'));
}

/**
 * The system answered window-full where the operation fits. The spans are the trace's, so the difference is in
 * how the index is counted (INV-29): the system's figure for the window, or, for a restore, its own entry, which
 * leaves the window as the span comes back. `undefined` when neither explains it.
 */
function roomFinding(facts: StepFacts, actual: Extract<StepFacts['actual'], { kind: 'window-full' }>): Finding | undefined {
  const { window, usedBefore } = facts.reference;
  const shown = systemClause(`the system answered window-full with ${String(actual.used)} of ${String(actual.capacity)} in use`, answered(facts.step, { kind: 'window-full', used: actual.used }));
  const room = referenceClause(`${usedBefore} of ${window.capacity} tokens were in use before the step (the resident spans, and the index at ${window.markerTokens} tokens a line), and the operation fits`);
  if (typeof actual.used === 'number' && actual.used !== usedBefore) return outcomeFinding('INV-29', facts, shown, room, referenceClause(`each line the index shows costs ${window.markerTokens} tokens, the gap marker one line for every entry folded into it`));
  if (facts.op.kind === 'restore') return outcomeFinding('INV-29', facts, shown, room, referenceClause(`${facts.op.spanId}'s own entry leaves the index as it comes back: a restore fits when the span in and its entry out fit`));
  return undefined;
}

/** A span the system's compaction evicted that was no candidate (its base score is not below the threshold). */
function compactFinding(facts: StepFacts, explain: SpanExplainer): Finding | undefined {
  const { op, expected, actual } = facts;
  if (op.kind !== 'compact' || expected.kind !== 'compacted' || actual.kind !== 'compacted') return undefined;
  const extra = actual.evicted.find((e) => !expected.evicted.some((x) => x.spanId === e.spanId) && facts.reference.window.has(e.spanId));
  const span = extra === undefined ? undefined : facts.reference.window.get(extra.spanId);
  if (extra === undefined || span === undefined) return undefined;
  const forbidden = gateOptions(facts.reference, span, false, 'compact').find((o) => !o.allowed && o.decision.kind === 'evict' && o.decision.mode === extra.mode);
  if (forbidden !== undefined && !forbidden.allowed && forbidden.rule !== undefined) {
    return outcomeFinding(forbidden.rule, facts, ...explainForbidden(explain, span, forbidden, 'compact', op, facts.step));
  }
  return outcomeFinding('DIFFERENTIAL', facts, referenceClause(`${span.id}'s base score ${span.score} is not below the threshold ${op.threshold}: the policy may not evict it`));
}

/**
 * The gate's answer agrees but the answer to the model's `claimSafe` does not (D-21): the claim is upheld exactly
 * when the runtime's own check found a lossless route (derivable, or a live byte-identical copy).
 */
function safeClaimFinding(facts: StepFacts): Finding | undefined {
  const { op, expected, actual } = facts;
  if (op.kind !== 'prune' || (expected.kind !== 'evicted' && expected.kind !== 'rejected') || actual.kind !== expected.kind) return undefined;
  const same = expected.kind === 'evicted' ? (actual as typeof expected).mode === expected.mode : (actual as typeof expected).reason === expected.reason;
  const shown = (actual as { safeClaim?: unknown }).safeClaim;
  if (!same || shown === expected.safeClaim) return undefined;
  const claimed = systemClause(`the model claimed ${op.spanId} safe to drop`, { kind: 'asked', step: facts.step, shape: { kind: 'prune', claimSafe: true } });
  const how = expected.kind === 'evicted' ? `${op.spanId} left as ${expected.mode}` : `the prune was refused (${expected.reason})`;
  const verdict =
    expected.safeClaim === 'upheld'
      ? referenceClause(`${how}: the runtime's own check found it ${expected.check !== undefined && expected.check.existence && expected.check.addressable && expected.check.provenance ? 'backed by a live byte-identical copy' : 'derivable'}, so the claim is upheld`)
      : referenceClause(`${how}: the runtime's own check found it neither derivable nor backed by a live byte-identical copy (existence=${String(expected.check?.existence)}, addressable=${String(expected.check?.addressable)}), so the claim is refuted and the model must hear so`);
  const answered = systemClause(`the system answered the claim ${shown === undefined ? 'not at all' : JSON.stringify(shown)}`, { kind: 'answered', step: facts.step, shape: { safeClaim: shown === undefined ? null : shown } });
  // Only the answer to the claim differs: the states are still in lock-step, so a run may go on past it.
  return { ...outcomeFinding('INV-03', facts, claimed, answered, verdict, referenceClause("the model's assertion is an input to the decision, not a proof (seed 002): the runtime answers it from its own check (D-21)")), resume: 'continue' };
}

/** The earlier attempts of a signature that went out, from the audit log, oldest first. */
function attemptsOf(facts: StepFacts, signature: string): { step: number; op: CallToolOp }[] {
  const attempts: { step: number; op: CallToolOp }[] = [];
  for (const entry of facts.reference.log.all()) {
    if (entry.step < facts.step && entry.operation.kind === 'callTool' && entry.operation.signature === signature && entry.outcome.kind === 'executed') attempts.push({ step: entry.step, op: entry.operation });
  }
  return attempts;
}

/**
 * A call the effect ledger decides (INV-09, D-18): why it is a duplicate, too soon, unreconciled or allowed, from
 * the signature's earlier attempts (what the system answered to them, and what the world answered).
 */
function callToolFinding(facts: StepFacts, op: CallToolOp): Finding {
  const { expected } = facts;
  const sig = op.signature;
  const asked = (step: number, shape: Record<string, unknown>): Fact => ({ kind: 'asked', step, shape: { kind: 'callTool', signature: sig, ...shape } });
  const went = (a: { step: number; op: CallToolOp }): Fact => answered(a.step, { kind: 'executed', signature: sig });
  const attempts = attemptsOf(facts, sig);
  const accepted = attempts.find((a) => (a.op.status ?? 'accepted') === 'accepted');
  const last = attempts.at(-1);
  const now = facts.reference.clock;
  const rule = referenceClause('the effect ledger outside the window decides, from what the world answered to earlier attempts, whatever the window still holds (D-18)');
  if (expected.kind === 'duplicate' && accepted !== undefined) {
    return outcomeFinding('INV-09', facts, systemClause(`${sig} went out at step ${accepted.step} (request ${accepted.op.requestId}) and the world accepted it: the effect is done`, went(accepted), asked(accepted.step, { status: { $not: 'failed' } }), asked(accepted.step, { status: { $not: 'unknown' } })), rule);
  }
  if (expected.kind === 'unreconciled' && last !== undefined) {
    const key = last.op.idempotencyKey;
    const mine = op.idempotencyKey;
    const keyClause = mine === undefined
      ? systemClause('this retry carries no idempotency key', asked(facts.step, { idempotencyKey: null }))
      : systemClause(`this retry carries the idempotency key ${mine}, ${key === undefined ? 'but the unknown attempt carried none' : `not the unknown attempt's ${key}`}`, asked(facts.step, { idempotencyKey: mine }), asked(last.step, { idempotencyKey: key ?? null }));
    return outcomeFinding('INV-09', facts, systemClause(`${sig} went out at step ${last.step} (request ${last.op.requestId}) and its outcome is unknown: it may have taken effect`, went(last), asked(last.step, { status: 'unknown' })), keyClause, referenceClause('reconcile first, or retry with the same idempotency key so the upstream deduplicates'), rule);
  }
  if (expected.kind === 'too-soon' && last !== undefined) {
    return outcomeFinding('INV-09', facts, systemClause(`${sig} went out at step ${last.step} (t=${expected.original.at}s) and failed with retry-after ${String(last.op.retryAfter)}s`, went(last), asked(last.step, { status: 'failed', retryAfter: last.op.retryAfter })), referenceClause(`this call is at t=${now}s, before t=${expected.retryAt}s: a retry waits out the retry-after the upstream sent`), rule);
  }
  if (expected.kind === 'executed') {
    if (last === undefined) {
      return outcomeFinding('INV-09', facts, systemClause(`${sig} never went out before in this episode`, { kind: 'never-answered', from: 1, to: facts.step - 1, shape: { kind: 'executed', signature: sig } }), referenceClause('a first call goes out'), rule);
    }
    const status = last.op.status ?? 'accepted';
    if (status === 'unknown') {
      return outcomeFinding('INV-09', facts, systemClause(`${sig}'s last attempt (step ${last.step}) has an unknown outcome and carried the idempotency key ${String(last.op.idempotencyKey)}, as this retry does: the upstream deduplicates`, went(last), asked(last.step, { status: 'unknown', idempotencyKey: last.op.idempotencyKey }), asked(facts.step, { idempotencyKey: op.idempotencyKey })), rule);
    }
    const backoff = last.op.retryAfter === undefined ? 'without a retry-after' : `with retry-after ${last.op.retryAfter}s, which has passed (now t=${now}s)`;
    return outcomeFinding('INV-09', facts, systemClause(`${sig} went out at step ${last.step} and failed ${backoff}; no attempt of it was accepted`, went(last), asked(last.step, { status: 'failed' })), referenceClause('a retry of a call that truly failed is not a duplicate: it goes out'), rule);
  }
  return outcomeFinding('INV-09', facts, rule);
}

/** No invariant decides: name the first field where the answers differ. */
function differential(facts: StepFacts): Finding {
  const difference = firstDifference(normalizeOutcome(facts.expected), normalizeOutcome(facts.actual), 'outcome');
  return outcomeFinding('DIFFERENTIAL', facts, ...(difference === undefined ? [] : [referenceClause(`first difference: ${difference.path} is ${difference.left} in the reference and ${difference.right} in the system`)]));
}

function summarizeFinding(facts: StepFacts, op: SummarizeOp, explain: SpanExplainer): Finding {
  const { expected, actual } = facts;
  if (actual.kind !== 'summarized' || expected.kind !== 'rejected') return differential(facts);
  if (expected.reason === 'already-derived') {
    const created = explain.history.created(expected.spanId);
    return outcomeFinding(
      'INV-05',
      facts,
      systemClause(`${expected.spanId} already carries a provenance marker (summary written at step ${created?.step ?? '?'}), and the directive does not escalate`, ...(created ? [created.fact] : []), { kind: 'asked', step: facts.step, shape: { kind: 'summarize', escalate: { $not: true } } }),
    );
  }
  const gone = op.sourceIds.find((id) => !facts.reference.window.has(id));
  return outcomeFinding('DIFFERENTIAL', facts, ...(gone === undefined ? [] : [explain.left(gone, `source ${gone}`), referenceClause('a model summarizes what it sees: every source must be resident')]));
}

function restoreFinding(facts: StepFacts, op: RestoreOp, explain: SpanExplainer): Finding {
  const { expected } = facts;
  const span = facts.reference.span(op.spanId) as Span;
  if (expected.kind === 'restored') return outcomeFinding('INV-04', facts, ...explain.lossless(span), referenceClause(`${op.spanId} is recoverable, so it can be restored`));
  if (expected.kind === 'rejected') return outcomeFinding('INV-04', facts, ...lostReasons(facts, op.spanId, explain), referenceClause(`only a recoverable span is restored`));
  return differential(facts);
}

function reframeFinding(facts: StepFacts, explain: SpanExplainer): Finding {
  const { expected, actual } = facts;
  if (expected.kind !== 'reframed' || actual.kind !== 'reframed') return outcomeFinding('INV-08', facts);
  const missing = expected.floored.filter((id) => !actual.floored.includes(id));
  const extra = actual.floored.filter((id) => !expected.floored.includes(id));
  const reasons: Clause[] = [];
  const first = missing[0] === undefined ? undefined : facts.reference.span(missing[0]);
  if (first !== undefined) {
    const declared = explain.history.derivationDeclared(first.id);
    reasons.push(
      declared === undefined ? referenceClause(`${first.id}'s derivation stood before this re-frame`) : systemClause(`${first.id}'s derivation from ${first.sources.join(', ')} was declared at step ${declared.step}, under the frame this re-frame ends`, declared.fact),
      ...explain.noPointer(first),
      referenceClause(`so ${missing.join(', ')} must be floored: derivable before this re-frame, not after it, with no resolvable pointer`),
    );
  }
  if (extra.length > 0) reasons.push(referenceClause(`${extra.join(', ')} must not be floored: not derivable before this re-frame, still derivable after it, or backed by a resolvable pointer`));
  if (reasons.length === 0) reasons.push(referenceClause('a re-frame ends the old frame\'s derivations and keeps only those it re-declares over resident sources'));
  return outcomeFinding('INV-08', facts, ...reasons);
}

/** Why a seen, evicted span is known lost now (its tombstone, and what happened since). */
function lostReasons(facts: StepFacts, id: string, explain: SpanExplainer): Clause[] {
  const answer = facts.reference.lookup(id);
  const eviction = explain.history.lastEviction(id);
  if (answer.kind === 'resident') return [systemClause(`${id} is resident`, observed(facts.step, 'before', id, { resident: { id } }))];
  if (answer.kind !== 'tombstoned' || eviction === undefined) return [referenceClause(`by the reference's record ${id} is ${answer.kind}`)];
  const evicted = systemClause(`${id} was evicted as ${eviction.mode} at step ${eviction.step}`, eviction.fact);
  switch (answer.why) {
    case 'lossy':
      return [evicted, referenceClause('a lossy commitment keeps the digest, never the content')];
    case 'expired': {
      const rotated = explain.history.expiredAfter(id, eviction.step);
      return [evicted, rotated === undefined ? referenceClause('its backing copy is no longer readable') : systemClause(`its backing copy expired in the rotation at step ${rotated.step}`, rotated.fact)];
    }
    case 'reframed': {
      const reframe = explain.history.reframeAfter(eviction.step);
      return [evicted, reframe === undefined ? referenceClause('the task was re-framed since') : systemClause(`the task was re-framed at step ${reframe.step}: what was derivable under the old frame is retrievable-only now, and there is no copy`, reframe.fact)];
    }
    case 'stale': {
      const changed = explain.history.overwrittenAfter(id, eviction.step);
      const how = 'its bytes no longer hash to the digest the tombstone keeps: a stale copy, never the evicted span (D-25)';
      return [evicted, changed === undefined ? referenceClause(`its backing copy was changed since: ${how}`) : systemClause(`its backing copy was overwritten at step ${changed.step}, after the eviction: ${how}`, changed.fact)];
    }
    case 'sources-lost': {
      const source = facts.reference.tombstones.get(id)?.derivationChain.find((s) => !facts.reference.window.has(s));
      return [evicted, source === undefined ? referenceClause('one of its sources is lost') : explain.left(source, `its source ${source}`)];
    }
  }
}

/** A lookup, attributed by the rule that decides the reference's answer. */
function lookupFinding(facts: StepFacts, op: LookupOp, explain: SpanExplainer): Finding {
  const { expected, actual } = facts;
  const id = op.spanId;
  if (expected.kind === 'absent') {
    return outcomeFinding(
      'INV-04',
      facts,
      systemClause(`${id} was never appended or summarized in this episode`, { kind: 'never-answered', from: 1, to: facts.step - 1, shape: { kind: 'appended', spanId: id } }, { kind: 'never-answered', from: 1, to: facts.step - 1, shape: { kind: 'summarized', summaryId: id } }),
      referenceClause('only an id never seen is absent'),
    );
  }
  if (actual.kind === 'absent') {
    const created = explain.history.created(id);
    return outcomeFinding('INV-04', facts, ...(created ? [systemClause(`${id} was ${created.by === 'append' ? 'appended' : 'written'} at step ${created.step}`, created.fact)] : []), referenceClause(`"absent" tells the model ${id} never existed`));
  }
  // The system still treats it as derivable (or lost for another reason): the re-frame rule is what it missed.
  if (expected.kind === 'tombstoned' && expected.why === 'reframed' && (actual.kind === 'derivable' || actual.kind === 'tombstoned')) return outcomeFinding('INV-08', facts, ...lostReasons(facts, id, explain));
  if (expected.kind === 'recoverable' && actual.kind === 'recoverable') {
    return outcomeFinding('INV-03', facts, systemClause(`the system's recoverable copy of ${id} is not the content that was evicted`, answered(facts.step, { kind: 'recoverable', spanId: id, content: actual.content })), referenceClause('a backing copy must be byte-identical (D-05)'));
  }
  if (expected.kind === 'recoverable') {
    const span = facts.reference.span(id) as Span;
    const eviction = explain.history.lastEviction(id);
    return outcomeFinding('INV-04', facts, ...(eviction ? [systemClause(`${id} was evicted reversibly at step ${eviction.step}`, eviction.fact)] : []), ...copyLive(facts, span, explain, eviction?.step));
  }
  if (expected.kind === 'tombstoned') return outcomeFinding('INV-04', facts, ...lostReasons(facts, id, explain), referenceClause('a known loss answers tombstoned, with why'));
  if (expected.kind === 'resident') return outcomeFinding('INV-04', facts, systemClause(`${id} is resident`, observed(facts.step, 'before', id, { resident: { id } })));
  return outcomeFinding('INV-04', facts, referenceClause('resident, recoverable, derivable, tombstoned and never-seen are distinct answers'));
}

function copyLive(facts: StepFacts, span: Span, explain: SpanExplainer, since: number | undefined): Clause[] {
  const handle = facts.reference.tombstones.get(span.id)?.handle;
  if (handle === undefined || since === undefined) return [referenceClause(`by the reference's record, ${span.id}'s backing copy still reads present`)];
  return [systemClause(`no rotation since expired its copy, and no overwrite changed it`, explain.history.neverSince(since, { kind: 'rotated', expired: [span.id] }), explain.history.neverSince(since, { kind: 'overwritten', spanId: span.id }))];
}

/**
 * A claim: INV-10 decides every verdict (a tombstone is a gap, never evidence), whatever made the span lost;
 * the system's answer alone cannot tell whether it also missed a re-frame.
 */
function claimFinding(facts: StepFacts, op: ClaimOp, explain: SpanExplainer): Finding {
  const { expected } = facts;
  if (op.negative === true) return negativeClaimFinding(facts, op, explain);
  if (expected.kind === 'gap') {
    const decisive = expected.lostIds[0] as string;
    return outcomeFinding('INV-10', facts, ...lostReasons(facts, decisive, explain), referenceClause(`a claim resting on a lost span is a gap (D-01)`));
  }
  const reasons: Clause[] = [];
  if (expected.kind === 'unfounded') reasons.push(referenceClause(`${expected.unknownIds.join(', ')} ${expected.unknownIds.length === 1 ? 'was' : 'were'} never seen: the claim is unfounded`));
  if (expected.kind === 'derived-only') reasons.push(referenceClause(`${expected.derivedIds.join(', ')} ${expected.derivedIds.length === 1 ? 'is' : 'are'} supported only by summaries or derived spans: lower-trust evidence`));
  if (expected.kind === 'substantiated') reasons.push(referenceClause(`every id of the claim (${op.requiredIds.join(', ')}) is a resident or recoverable raw span`));
  return outcomeFinding('INV-10', facts, ...reasons);
}

/**
 * A negative claim (INV-28): judged over every raw observation in its scope the runtime has seen, never over the
 * window; unfounded while one of them is known lost.
 */
function negativeClaimFinding(facts: StepFacts, op: ClaimOp, explain: SpanExplainer): Finding {
  const { expected } = facts;
  const scope = op.rawKinds === undefined ? 'every raw observation' : `every raw observation of kind ${op.rawKinds.join(' or ')}`;
  if (expected.kind === 'unfounded' && expected.lostIds !== undefined && expected.lostIds.length > 0) {
    const decisive = expected.lostIds[0] as string;
    return outcomeFinding(
      'INV-28',
      facts,
      ...lostReasons(facts, decisive, explain),
      referenceClause(`"${op.claim}" is a negative claim: it rests on ${scope} seen in this episode, and ${expected.lostIds.join(', ')} ${expected.lostIds.length === 1 ? 'is' : 'are'} lost, so absence from the window proves nothing: unfounded`),
    );
  }
  return outcomeFinding('INV-28', facts, referenceClause(`"${op.claim}" is a negative claim over ${scope}: each one seen is resident or recoverable, so the window and the store together are complete for it: substantiated`));
}

