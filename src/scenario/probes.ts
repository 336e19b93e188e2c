import type { InvariantId } from '../model/invariants.ts';
import type { LookupAnswer } from '../model/Outcome.ts';
import { clip } from './pruningPass.ts';
import { safeExec, type SafeMatch } from './safeRegex.ts';
import type { RunContext } from './RunContext.ts';
import type { CallToolOp } from '../model/Operation.ts';
import type { AssertEvent, CallEvent, FailureKind, FixEvent, NeedEvent, RankEvent, RetryEvent } from './Scenario.ts';
import type { ProbeResult } from './ScenarioRun.ts';

function record(ctx: RunContext, probe: ProbeResult): ProbeResult {
  ctx.probes.push(probe);
  if (probe.status === 'failed') ctx.driver.note(probe.turn, 'failure', `${probe.failure}: ${probe.detail}`);
  else if (probe.status === 'prevented') ctx.driver.note(probe.turn, 'prevented', `${probe.failure} prevented by ${probe.mechanisms.join(', ')}: ${probe.detail}`);
  else ctx.driver.note(probe.turn, 'lookup', `${probe.failure} not threatened: ${probe.detail}`);
  return probe;
}

function notReached(ctx: RunContext, turn: number, failure: FailureKind): ProbeResult {
  const probe: ProbeResult = { turn, failure, status: 'not-reached', mechanisms: [], detail: 'the runtime had crashed before this point' };
  ctx.probes.push(probe);
  return probe;
}

/** Seed 000 turns 90 and 120: the agent re-issues a call; what counts as the failure depends on `e.failure`. */
export async function retryProbe(ctx: RunContext, e: RetryEvent): Promise<void> {
  const failure = e.failure ?? 'duplicate-side-effect';
  const outcome = await ctx.driver.apply(callOperation(ctx, e), e.turn);
  if (outcome === undefined) return void notReached(ctx, e.turn, failure);
  const went = outcome.kind === 'executed';
  const refusal = outcome.kind === 'duplicate' || outcome.kind === 'too-soon' || outcome.kind === 'unreconciled' ? outcome : undefined;
  const why =
    refusal === undefined ? `answered ${outcome.kind}`
    : refusal.kind === 'duplicate' ? `the ledger answered duplicate of ${refusal.original.requestId} (step ${refusal.original.step}): the effect is done`
    : refusal.kind === 'too-soon' ? `the ledger answered too-soon: ${refusal.original.requestId} failed at t=${refusal.original.at}s with retry-after ${String(refusal.original.retryAfter)}s; retry at t=${refusal.retryAt}s`
    : `the ledger answered unreconciled: the outcome of ${refusal.original.requestId} (step ${refusal.original.step}) is unknown; reconcile or retry with its idempotency key`;
  const at = `t=${e.turn * secondsPerTurn(ctx)}s`;
  if (failure === 'retry-refused') {
    if (went) return void record(ctx, { turn: e.turn, failure, status: 'ok', mechanisms: [], detail: `"${e.signature}" went out at ${at}: a correct retry of a call that failed` });
    return void record(ctx, { turn: e.turn, failure, status: 'failed', mechanisms: [], detail: `"${e.signature}" was refused at ${at} (${why}), although no attempt of it took effect: the work is never done` });
  }
  if (!went) return void record(ctx, { turn: e.turn, failure, status: 'prevented', mechanisms: ['INV-09'], detail: `${why}; the call was not re-issued` });
  const detail = failure === 'ignored-retry-after' ? `"${e.signature}" went out again at ${at}, before the upstream's retry-after had passed` : `"${e.signature}" answered ${outcome.kind}: the side effect happened a second time`;
  record(ctx, { turn: e.turn, failure, status: 'failed', mechanisms: [], detail });
}

/** World time per turn (the scenario's, default 10 s). */
export function secondsPerTurn(ctx: RunContext): number {
  return ctx.scenario.secondsPerTurn ?? 10;
}

/** The `callTool` a call or retry event issues, at its turn's time on the episode clock. */
export function callOperation(ctx: RunContext, e: CallEvent | RetryEvent): CallToolOp {
  return {
    kind: 'callTool',
    signature: e.signature,
    requestId: e.requestId,
    at: e.turn * secondsPerTurn(ctx),
    ...(e.retryAfter === undefined ? {} : { retryAfter: e.retryAfter }),
    ...(e.status === undefined ? {} : { status: e.status }),
    ...(e.idempotencyKey === undefined ? {} : { idempotencyKey: e.idempotencyKey }),
  };
}

/**
 * Seed 000, turn 120 and after: the next pass ranks the resident summary stating the claim against the raw span
 * it misdescribes, by the scores the runtime shows. The summary scoring above its evidence is the failure.
 */
export async function rankProbe(ctx: RunContext, e: RankEvent): Promise<void> {
  if (ctx.driver.crash !== undefined) return void notReached(ctx, e.turn, 'self-reinforcing-summary');
  const needle = e.claim.toLowerCase();
  const evidence = ctx.driver.meta.get(e.evidence)?.score ?? 0;
  const summaries = ctx.driver.residents().filter((v) => ctx.driver.meta.get(v.id)?.kind === 'summary' && v.content.toLowerCase().includes(needle));
  if (summaries.length === 0) return void record(ctx, { turn: e.turn, failure: 'self-reinforcing-summary', status: 'ok', mechanisms: [], detail: `no resident summary states "${e.claim}"` });
  const top = summaries.reduce((a, b) => (b.score > a.score ? b : a));
  if (top.score > evidence) {
    record(ctx, { turn: e.turn, failure: 'self-reinforcing-summary', status: 'failed', mechanisms: [], detail: `${top.id}, stating "${clip(e.claim, 50)}", scores ${top.score}, above the ${evidence} of ${e.evidence}, the raw span it misdescribes: the pass keeps the summary and sheds the evidence` });
  } else {
    record(ctx, { turn: e.turn, failure: 'self-reinforcing-summary', status: 'prevented', mechanisms: ['INV-27'], detail: `${top.id}, stating "${clip(e.claim, 50)}", scores ${top.score}, no higher than the ${evidence} of ${e.evidence}: a summary never outranks its sources` });
  }
}

/** Which invariants kept a span resident, from what the runtime answered about it earlier in the run. */
function keptBy(ctx: RunContext, id: string): InvariantId[] {
  const evidence = ctx.driver.evidence.get(id) ?? new Set();
  const out = new Set<InvariantId>();
  if (evidence.has('prune-rejected')) out.add('INV-03');
  // The policy refuses a raw span on its floor (INV-07), a derived one because a re-frame floored it (INV-08).
  if (evidence.has('compact-refused')) out.add(ctx.driver.meta.get(id)?.kind === 'derived' ? 'INV-08' : 'INV-07');
  if (evidence.has('floored')) out.add('INV-08');
  if (evidence.has('score-kept')) out.add('INV-14');
  return [...out];
}

function contentOf(answer: LookupAnswer): string | undefined {
  if (answer.kind === 'resident') return answer.span.content;
  if (answer.kind === 'recoverable') return answer.content;
  return undefined;
}

/** Seed 002 turn N+5, seed 001 step 9: the agent needs an exact identifier and looks it up. */
export async function needProbe(ctx: RunContext, e: NeedEvent): Promise<void> {
  // The runtime's answer is matched too: a catastrophic pattern, or a huge answer, must not hang the run.
  const extract = (text: string | undefined): string | undefined => {
    let match: SafeMatch | null = null;
    try {
      match = text === undefined ? null : safeExec(e.pattern, text);
    } catch {
      match = null;
    }
    return match === null ? undefined : (match.values[1] ?? match.values[0]);
  };
  const truth = extract(ctx.driver.meta.get(e.id)?.content) as string;
  const answer = await ctx.driver.apply({ kind: 'lookup', spanId: e.id }, e.turn);
  if (answer === undefined || !isLookup(answer)) {
    return void ctx.recalls.set(e.id, { value: undefined, truth, probe: notReached(ctx, e.turn, e.failure) });
  }
  ctx.driver.note(e.turn, 'lookup', `lookup ${e.id} → ${answer.kind}${answer.kind === 'tombstoned' ? ` (${answer.why})` : ''}`);
  if (answer.kind === 'absent') {
    if (e.candidates === undefined) {
      const probe = record(ctx, { turn: e.turn, failure: e.failure, status: 'failed', mechanisms: [], detail: `lookup of ${e.id} answered absent; the agent concludes ${truth} never existed` });
      return void ctx.recalls.set(e.id, { value: undefined, truth, probe });
    }
    const value = ctx.model.reconstruct(e.candidates);
    const wrong = value !== truth;
    const probe = record(ctx, { turn: e.turn, failure: e.failure, status: wrong ? 'failed' : 'ok', mechanisms: [], detail: `lookup of ${e.id} answered absent; no gap registered; the model reconstructs "${value}" (actual: "${truth}")` });
    return void ctx.recalls.set(e.id, { value, truth, probe });
  }
  const value = extract(contentOf(answer));
  const mechanisms: InvariantId[] = answer.kind === 'resident' ? keptBy(ctx, e.id) : answer.kind === 'recoverable' ? ['INV-03', 'INV-04'] : ['INV-04'];
  const detail = value === undefined ? `${answer.kind}: the agent reports a gap instead of guessing` : `${answer.kind}: the agent reads "${value}"`;
  const probe = record(ctx, { turn: e.turn, failure: e.failure, status: mechanisms.length === 0 ? 'ok' : 'prevented', mechanisms, detail });
  ctx.recalls.set(e.id, { value, truth, probe });
}

function isLookup(outcome: { kind: string }): outcome is LookupAnswer {
  return ['resident', 'recoverable', 'derivable', 'tombstoned', 'absent'].includes(outcome.kind);
}

/** Seed 001 step 11: the agent acts on what it recalled; a wrong value is a wrong fix. */
export async function fixProbe(ctx: RunContext, e: FixEvent): Promise<void> {
  const recall = ctx.recalls.get(e.need);
  if (recall === undefined || ctx.driver.crash !== undefined) return void notReached(ctx, e.turn, 'wrong-fix');
  if (recall.value === undefined) {
    record(ctx, { turn: e.turn, failure: 'wrong-fix', status: recall.probe.status === 'failed' ? 'ok' : 'prevented', mechanisms: recall.probe.mechanisms, detail: 'no value to act on: the agent reports the gap instead of writing a fix' });
    return;
  }
  const signature = e.signature.replace('{value}', recall.value);
  await ctx.driver.apply({ kind: 'callTool', signature, requestId: `fix-${e.turn}` }, e.turn);
  if (recall.value !== recall.truth) {
    record(ctx, { turn: e.turn, failure: 'wrong-fix', status: 'failed', mechanisms: [], detail: `"${signature}" targets the reconstructed "${recall.value}"; the real "${recall.truth}" persists` });
  } else {
    record(ctx, { turn: e.turn, failure: 'wrong-fix', status: recall.probe.mechanisms.length > 0 ? 'prevented' : 'ok', mechanisms: recall.probe.mechanisms, detail: `"${signature}" targets the real constraint` });
  }
}

/** Seed 000 after turn 120: the agent asserts what a resident summary says. `substantiated` is the failure. */
export async function assertProbe(ctx: RunContext, e: AssertEvent): Promise<void> {
  if (e.negative === true) return negativeAssertProbe(ctx, e);
  if (ctx.driver.crash !== undefined) return void notReached(ctx, e.turn, 'fabricated-claim-accepted');
  const needle = e.claim.toLowerCase();
  const ids = ctx.driver.residents().filter((v) => v.content.toLowerCase().includes(needle)).map((v) => v.id);
  if (ids.length === 0) {
    record(ctx, { turn: e.turn, failure: 'fabricated-claim-accepted', status: 'ok', mechanisms: [], detail: `no resident span states "${e.claim}"; the agent does not assert it` });
    return;
  }
  const verdict = await ctx.driver.apply({ kind: 'claim', claim: e.claim, requiredIds: ids }, e.turn);
  if (verdict === undefined) return void notReached(ctx, e.turn, 'fabricated-claim-accepted');
  ctx.driver.note(e.turn, 'claim', `claim "${clip(e.claim, 60)}" resting on ${ids.join(', ')} → ${verdict.kind}`);
  if (verdict.kind === 'substantiated') {
    record(ctx, { turn: e.turn, failure: 'fabricated-claim-accepted', status: 'failed', mechanisms: [], detail: `"${e.claim}" accepted as ground truth on the strength of ${ids.join(', ')}, a self-authored summary` });
  } else {
    record(ctx, { turn: e.turn, failure: 'fabricated-claim-accepted', status: 'prevented', mechanisms: ['INV-10'], detail: `the claim is ${verdict.kind}: a summary is lower-trust evidence than a raw tool return` });
  }
}

/**
 * Seed 000 "Operational Effect" (a), seed 002's second-order failure: the agent asserts an absence because nothing
 * in its window shows it. `substantiated` after something in scope was lost is the failure.
 */
async function negativeAssertProbe(ctx: RunContext, e: AssertEvent): Promise<void> {
  if (ctx.driver.crash !== undefined) return void notReached(ctx, e.turn, 'absence-asserted');
  const verdict = await ctx.driver.apply({ kind: 'claim', claim: e.claim, requiredIds: [], negative: true, ...(e.rawKinds === undefined ? {} : { rawKinds: e.rawKinds }) }, e.turn);
  if (verdict === undefined) return void notReached(ctx, e.turn, 'absence-asserted');
  const scope = e.rawKinds === undefined ? 'every observation' : `every ${e.rawKinds.join(' or ')} observation`;
  ctx.driver.note(e.turn, 'claim', `negative claim "${clip(e.claim, 60)}" over ${scope} → ${verdict.kind}`);
  if (verdict.kind === 'unfounded') {
    const lost = verdict.lostIds ?? [];
    record(ctx, { turn: e.turn, failure: 'absence-asserted', status: 'prevented', mechanisms: ['INV-28'], detail: `unfounded: ${lost.length} observation${lost.length === 1 ? '' : 's'} in scope ${lost.length === 1 ? 'is' : 'are'} lost (${lost.slice(0, 3).join(', ')}${lost.length > 3 ? ', …' : ''}); nothing in the window proves "${e.claim}"` });
  } else {
    record(ctx, { turn: e.turn, failure: 'absence-asserted', status: verdict.kind === 'substantiated' && ctx.driver.lostAny ? 'failed' : 'ok', mechanisms: [], detail: `"${e.claim}" answered ${verdict.kind}: the agent asserts it because nothing in its window shows otherwise` });
  }
}

