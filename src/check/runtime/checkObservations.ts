import { INVARIANTS, type InvariantId } from '../../model/invariants.ts';
import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { FindingKind } from '../../run/CheckReport.ts';
import { describeOperation, describeOutcome } from './describeOperation.ts';
import type { Finding } from '../Finding.ts';
import type { StepFacts } from './StepFacts.ts';

type Check = (facts: StepFacts) => Finding | undefined;

function finding(invariant: FindingKind, facts: StepFacts, ...reasons: string[]): Finding {
  const rule = invariant in INVARIANTS ? `${invariant}: ${INVARIANTS[invariant as InvariantId]}.` : `${invariant}: the system's state differs from the reference model's.`;
  return { invariant, because: [`step ${facts.step}: ${describeOperation(facts.op)} → ${describeOutcome(facts.actual)}`, ...reasons, rule] };
}

const sortedJson = (ids: readonly string[] | undefined): string => JSON.stringify([...(ids ?? [])].sort());
const stateOf = (o: SpanObservation | undefined): string => JSON.stringify({ resident: o?.resident ?? null, tombstone: o?.tombstone ?? null });

/** Ids the reference evicted at this step. */
function evictedIds(facts: StepFacts): string[] {
  if (facts.expected.kind === 'evicted') return [facts.expected.spanId];
  if (facts.expected.kind === 'compacted') return facts.expected.evicted.map((e) => e.spanId);
  return [];
}

const residency: Check = (facts) => {
  for (const [id, sut] of facts.sutAfter) {
    const inSut = sut.resident !== undefined;
    const inRef = facts.refAfter.get(id)?.resident !== undefined;
    if (inSut === inRef) continue;
    if (inRef) {
      const kind = facts.expected.kind;
      if (kind === 'rejected') return finding('INV-15', facts, `the directive was refused, yet ${id} left the window`);
      if (kind === 'window-full') return finding('INV-13', facts, `the window was full, and ${id} was evicted silently instead of answering window-full`);
      return finding('INV-03', facts, `${id} left the window without any directive evicting it`);
    }
    return finding('DIFFERENTIAL', facts, `${id} is still resident in the system, but the step evicted it in the reference`);
  }
  return undefined;
};

const tombstones: Check = (facts) => {
  for (const id of evictedIds(facts)) {
    const expected = facts.refAfter.get(id)?.tombstone;
    const sut = facts.sutAfter.get(id);
    if (expected === undefined || sut === undefined) continue;
    const isSummary = facts.reference.span(id)?.kind === 'summary';
    if (sut.tombstone === undefined) {
      return finding('INV-01', facts, `${id} was evicted but the external tombstone store has no record of it`, sut.index !== undefined ? `the only trace is an in-window ${sut.index.kind} marker, which the next rewrite can drop` : 'nothing records that it ever existed');
    }
    const t = sut.tombstone;
    if (t.digest !== expected.digest) return finding('INV-01', facts, `the tombstone's digest ${t.digest.slice(0, 16)}… is not the sha256 of the evicted content (${expected.digest.slice(0, 16)}…)`);
    if (JSON.stringify(t.tokenRange) !== JSON.stringify(expected.tokenRange)) return finding('INV-01', facts, `the tombstone's token range ${JSON.stringify(t.tokenRange)} should be ${JSON.stringify(expected.tokenRange)}`);
    if (sortedJson(t.derivationChain) !== sortedJson(expected.derivationChain)) {
      return finding(isSummary ? 'INV-05' : 'INV-01', facts, `the tombstone's derivation chain ${sortedJson(t.derivationChain)} should be ${sortedJson(expected.derivationChain)}`);
    }
    if (t.modelVersion !== expected.modelVersion || t.policyVersion !== expected.policyVersion) {
      return finding('INV-11', facts, `the tombstone carries model ${t.modelVersion} / policy ${t.policyVersion}, but ${expected.modelVersion} / ${expected.policyVersion} were in force`);
    }
    const wantMarker = facts.refAfter.get(id)?.index?.kind;
    if (sut.index?.kind !== wantMarker) {
      return finding('INV-03', facts, `after evicting ${id} the window should hold a '${String(wantMarker)}' marker, but holds ${sut.index === undefined ? 'nothing' : `a '${sut.index.kind}' entry`}`, wantMarker === 'lossy' ? 'without the "pruned, unrecoverable, contents unknown" marker the model cannot tell a lost span from one that never existed' : 'the model needs the marker to address the evicted span');
    }
  }
  return undefined;
};

const rejections: Check = (facts) => {
  const { expected } = facts;
  if (expected.kind !== 'rejected') return undefined;
  if (facts.refAfter.get(expected.spanId)?.index?.kind === 'rejected' && facts.sutAfter.get(expected.spanId)?.index?.kind !== 'rejected') {
    return finding('INV-12', facts, `${expected.spanId}'s rejection (${expected.reason}) was not surfaced into the window; the model will believe the directive succeeded or re-issue it blindly`);
  }
  return undefined;
};

const loggedCheck: Check = (facts) => {
  if (facts.op.kind !== 'prune' || (facts.actual.kind !== 'evicted' && facts.actual.kind !== 'rejected')) return undefined;
  const check = (facts.actual as { check?: { existence?: unknown; addressable?: unknown; provenance?: unknown } }).check;
  const expectedCheck = (facts.expected as { check?: unknown }).check;
  if (expectedCheck === undefined) return undefined;
  if (check === undefined || typeof check.existence !== 'boolean' || typeof check.addressable !== 'boolean' || typeof check.provenance !== 'boolean') {
    return finding('INV-12', facts, "the prune's outcome does not carry its backing-store check (existence, addressable, provenance)");
  }
  return undefined;
};

const atomicity: Check = (facts) => {
  if (facts.expected.kind !== 'rejected' && facts.expected.kind !== 'window-full') return undefined;
  for (const [id, before] of facts.sutBefore) {
    if (stateOf(before) !== stateOf(facts.sutAfter.get(id))) {
      return finding('INV-15', facts, `the operation was ${facts.expected.kind === 'rejected' ? 'refused' : 'answered window-full'}, yet ${id} changed (resident view or tombstone)`);
    }
  }
  return undefined;
};

const summaries: Check = (facts) => {
  const { op, expected } = facts;
  if (op.kind !== 'summarize' || expected.kind !== 'summarized') return undefined;
  const summary = facts.sutAfter.get(op.summaryId)?.resident;
  const want = facts.refAfter.get(op.summaryId)?.resident;
  if (summary === undefined || want === undefined) return undefined;
  if (summary.provenance === undefined || summary.provenance.derived !== true) return finding('INV-05', facts, `${op.summaryId} carries no provenance marker; it will pass for a raw observation`);
  if (sortedJson(summary.sources) !== sortedJson(want.sources)) return finding('INV-05', facts, `${op.summaryId}'s sources are ${sortedJson(summary.sources)}, should be ${sortedJson(want.sources)}: the derivation chain is dropped`);
  if (summary.provenance.modelVersion !== want.provenance?.modelVersion || summary.provenance.policyVersion !== want.provenance.policyVersion) {
    return finding('INV-11', facts, `${op.summaryId} carries model ${summary.provenance.modelVersion} / policy ${summary.provenance.policyVersion}, but ${want.provenance?.modelVersion} / ${want.provenance?.policyVersion} were in force`);
  }
  for (const id of op.sourceIds) {
    const before = facts.sutBefore.get(id)?.resident?.score;
    const after = facts.sutAfter.get(id)?.resident?.score;
    if (before !== undefined && after !== undefined && before !== after) return finding('INV-14', facts, `writing ${op.summaryId} changed source ${id}'s retention score from ${before} to ${after}`);
  }
  return undefined;
};

const retention: Check = (facts) => {
  for (const [id, sut] of facts.sutAfter) {
    const want = facts.refAfter.get(id)?.resident;
    if (sut.resident === undefined || want === undefined) continue;
    if (sut.resident.floored !== want.floored) {
      const raw = want.kind === 'raw';
      return finding(raw ? 'INV-07' : 'INV-08', facts, `${id} should ${want.floored ? '' : 'not '}be on the retention floor`, raw ? 'a raw observation without a resolvable pointer is floored' : 'a span whose derivability a re-frame flipped, without a resolvable pointer, is floored');
    }
    if (sut.resident.score !== want.score) {
      return finding(facts.op.kind === 'reframe' ? 'INV-08' : 'DIFFERENTIAL', facts, `${id}'s retention score is ${sut.resident.score}, should be ${want.score}`);
    }
  }
  return undefined;
};

const ledger: Check = (facts) => {
  if (facts.op.kind !== 'callTool' || facts.sutRequest === 'unsupported') return undefined;
  const want = facts.reference.ledger.get(facts.op.signature);
  if (want !== undefined && facts.sutRequest?.requestId !== want.requestId) {
    return finding('INV-09', facts, `the external request ledger should hold ${want.requestId} for ${facts.op.signature}, holds ${facts.sutRequest === undefined ? 'nothing' : facts.sutRequest.requestId}`);
  }
  return undefined;
};

/** The observation checks, in the order their findings are attributed. */
const CHECKS: readonly Check[] = [atomicity, residency, tombstones, rejections, loggedCheck, summaries, retention, ledger];

/** Runs every observation check over one step; answers the first finding. */
export function checkObservations(facts: StepFacts): Finding | undefined {
  for (const check of CHECKS) {
    const result = check(facts);
    if (result !== undefined) return result;
  }
  return undefined;
}
