import type { InvariantId } from '../model/invariants.ts';
import type { LookupAnswer } from '../model/Outcome.ts';
import { clip } from './pruningPass.ts';
import { safeExec, type SafeMatch } from './safeRegex.ts';
import type { RunContext } from './RunContext.ts';
import type { AssertEvent, FailureKind, FixEvent, NeedEvent, RetryEvent } from './Scenario.ts';
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

/** Seed 000 turn 90: the agent re-issues the original call. `executed` is the duplicate side effect. */
export async function retryProbe(ctx: RunContext, e: RetryEvent): Promise<void> {
  const outcome = await ctx.driver.apply({ kind: 'callTool', signature: e.signature, requestId: e.requestId }, e.turn);
  if (outcome === undefined) return void notReached(ctx, e.turn, 'duplicate-side-effect');
  if (outcome.kind === 'duplicate') {
    record(ctx, { turn: e.turn, failure: 'duplicate-side-effect', status: 'prevented', mechanisms: ['INV-09'], detail: `the ledger answered duplicate of ${outcome.original.requestId} (step ${outcome.original.step}${outcome.original.retryAfter === undefined ? '' : `, retry-after ${outcome.original.retryAfter}s`}); the call was not re-issued` });
  } else {
    record(ctx, { turn: e.turn, failure: 'duplicate-side-effect', status: 'failed', mechanisms: [], detail: `"${e.signature}" answered ${outcome.kind}: the side effect happened a second time` });
  }
}

/** Which invariants kept a span resident, from what the runtime answered about it earlier in the run. */
function keptBy(ctx: RunContext, id: string): InvariantId[] {
  const evidence = ctx.driver.evidence.get(id) ?? new Set();
  const out: InvariantId[] = [];
  if (evidence.has('prune-rejected')) out.push('INV-03');
  if (evidence.has('compact-refused')) out.push('INV-07');
  if (evidence.has('floored')) out.push('INV-08');
  if (evidence.has('score-kept')) out.push('INV-14');
  return out;
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
