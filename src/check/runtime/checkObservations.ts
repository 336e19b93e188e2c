import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { referenceClause, systemClause, type Clause } from '../Clause.ts';
import type { Finding } from '../Finding.ts';
import type { AnswerType } from './answerFields.ts';
import { compareAnswer, type FieldDifference } from './compareAnswer.ts';
import { markerDifference, staleHandle, tombstoneDifferences } from './evictedStateDifferences.ts';
import { SpanExplainer } from './explainSpan.ts';
import { sameIds, sortedJson } from './sameIds.ts';
import { firstDifference } from './firstDifference.ts';
import type { StepFacts } from './StepFacts.ts';
import { answered, observed, stateFinding } from './stepClauses.ts';

/** Takes one finding; answers whether to go on (false: the run stops at it, so no later finding is built). */
type Visit = (finding: Finding) => boolean;
/** One observation check: hands `out` every finding it makes at this step, most telling first; false once `out` said stop. */
type Check = (facts: StepFacts, out: FindingSink) => boolean;

/** Where a check's findings go: each gets the resume of the check that made it, then the visitor's say. */
class FindingSink {
  resume: (finding: Finding) => Finding['resume'] = noResume;
  /**
   * The step's observations after it (`facts.sutAfter`), ids and observations side by side in the map's order:
   * listed once per step for the checks that walk them all, by index. Before TurboFan optimizes a check (a
   * default check runs mostly unoptimized), a `for (const [id, sut] of map)` makes an iterator, a result object
   * per entry and an array iterator to destructure each: about four times the walk by index.
   */
  readonly ids: string[] = [];
  readonly suts: SpanObservation[] = [];

  constructor(private readonly visit: Visit) {}

  emit(finding: Finding): boolean {
    const how = this.resume(finding);
    return this.visit(how === undefined ? finding : { ...finding, resume: how });
  }
}

function noResume(): Finding['resume'] {
  return undefined;
}

const stateOf = (o: SpanObservation | undefined) => ({ resident: o?.resident ?? null, tombstone: o?.tombstone ?? null });
const after = (facts: StepFacts, id: string, shape: unknown) => observed(facts.step, 'after', id, shape);

/** Ids the reference evicted at this step. */
function evictedIds(facts: StepFacts): string[] {
  if (facts.expected.kind === 'evicted') return [facts.expected.spanId];
  if (facts.expected.kind === 'compacted') return facts.expected.evicted.map((e) => e.spanId);
  return [];
}

/** A shape holding `value` at `path` (`resident.score`), `null` standing for absent. */
function shapeAt(path: string, value: unknown): unknown {
  return path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value === undefined ? null : value);
}

function residency(facts: StepFacts, out: FindingSink): boolean {
  const { ids, suts } = out;
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as string;
    const sut = suts[i] as SpanObservation;
    const inSut = sut.resident !== undefined;
    const inRef = facts.refAfter.get(id)?.resident !== undefined;
    if (inSut === inRef) continue;
    if (inRef) {
      const left = [systemClause(`${id} was resident before the step and is not after it`, observed(facts.step, 'before', id, { resident: { id } }), after(facts, id, { resident: null }))];
      const kind = facts.expected.kind;
      const finding =
        kind === 'rejected' ? stateFinding('INV-15', facts, ...left, referenceClause('the directive was refused, so nothing may change'))
        : kind === 'window-full' ? stateFinding('INV-13', facts, ...left, referenceClause('the window was full: the answer is window-full, never a silent eviction'))
        : stateFinding('INV-03', facts, ...left, referenceClause(`no directive at this step evicts ${id}`));
      if (!out.emit(finding)) return false;
      continue;
    }
    if (!out.emit(stateFinding('DIFFERENTIAL', facts, systemClause(`${id} is still resident in the system after the step`, after(facts, id, { resident: { id } })), referenceClause(`the step evicted ${id} in the reference`)))) return false;
  }
  return true;
}

/** "The system evicted `id` at this step": said only in a finding, so a step whose tombstones agree builds no clause. */
function evictedClause(facts: StepFacts, id: string): Clause {
  return systemClause(`the system evicted ${id} at this step`, answered(facts.step, facts.actual.kind === 'compacted' ? { kind: 'compacted', evicted: [{ spanId: id }] } : { kind: 'evicted', spanId: id }));
}

/** Tombstone fields checked against what the harness knows itself: the digest it computes, the versions in force. */
function tombstones(facts: StepFacts, out: FindingSink): boolean {
  for (const id of evictedIds(facts)) {
    const expected = facts.refAfter.get(id)?.tombstone;
    const sut = facts.sutAfter.get(id);
    if (expected === undefined || sut === undefined) continue;
    if (sut.tombstone === undefined) {
      const trace = sut.index === undefined ? systemClause('nothing in the window records that it existed', after(facts, id, { index: null })) : systemClause(`the only trace is an in-window '${sut.index.kind}' entry, which the next rewrite can drop`, after(facts, id, { index: { kind: sut.index.kind } }));
      if (!out.emit(stateFinding('INV-01', facts, evictedClause(facts, id), systemClause(`the external tombstone store has no record of ${id}`, after(facts, id, { tombstone: null })), trace))) return false;
    } else for (const d of tombstoneDifferences(facts, id, sut.tombstone, expected)) {
      if (!out.emit(stateFinding(d.invariant, facts, evictedClause(facts, id), ...d.clauses))) return false;
    }
    const marker = markerDifference(facts, id, sut, facts.refAfter.get(id)?.index?.kind) ?? staleHandle(facts, id, sut, expected.digest);
    if (marker !== undefined && !out.emit(stateFinding(marker.invariant, facts, evictedClause(facts, id), ...marker.clauses))) return false;
  }
  return true;
}

/**
 * INV-29 (D-26): the entries the reference folded into the gap marker at this step must be folded in the system
 * too, behind a pointer and still the same entry; and no entry may be folded while the window has room for it.
 */
function folding(facts: StepFacts, out: FindingSink): boolean {
  const folded = facts.reference.folded;
  if (facts.expected.kind === 'restored' && !restoredEntry(facts, facts.expected.spanId, out)) return false;
  const { ids, suts } = out;
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as string;
    const sut = suts[i] as SpanObservation;
    const want = facts.refAfter.get(id);
    if (want?.index === undefined) continue;
    if (want.gap !== undefined && (typeof sut.gap !== 'string' || sut.gap === '')) {
      if (!folded.includes(id)) continue;
      const held = sut.index === undefined ? entryShows(facts, id, 'entry is gone: neither the window nor a pointer says it was pruned', { index: null, gap: null }) : entryShows(facts, id, `'${sut.index.kind}' entry is still a line of its own in the window`, { index: { kind: sut.index.kind }, gap: null });
      if (!out.emit(stateFinding('INV-29', facts, held, referenceClause(`${crowded(facts)}; ${id}'s entry is one of them`)))) return false;
    } else if (want.gap === undefined && typeof sut.gap === 'string') {
      if (!out.emit(stateFinding('INV-29', facts, entryShows(facts, id, `entry is folded behind ${JSON.stringify(sut.gap)}`, { gap: sut.gap }), referenceClause(`the window has room for ${id}'s entry: entries fold only when writing one would take the window past its capacity, oldest first`)))) return false;
    } else if (want.gap !== undefined && sut.index?.kind !== want.index.kind) {
      if (!out.emit(stateFinding('INV-29', facts, entryShows(facts, id, `folded entry is ${sut.index === undefined ? 'missing' : `a '${sut.index.kind}' entry`}`, { index: sut.index === undefined ? null : { kind: sut.index.kind } }), referenceClause(`the gap marker's pointer resolves to each folded entry as it was: ${id}'s is a '${want.index.kind}' entry`)))) return false;
    }
  }
  return true;
}

/** What the system shows of `id`'s index entry after the step. */
const entryShows = (facts: StepFacts, id: string, text: string, shape: unknown): Clause => systemClause(`${id}'s ${text}`, after(facts, id, shape));

/** Why entries fold at this step (said only when the system folds otherwise). */
function crowded(facts: StepFacts): string {
  const { window } = facts.reference;
  return `writing an entry at this step would take the window past its ${window.capacity} tokens (${window.residentTokens} resident, ${window.markerTokens} a line of the index), so the oldest entries fold, oldest written first, into one gap marker until it fits`;
}

/**
 * INV-29: a restore fits when "its span in and its own entry out" fit: the restored span's entry leaves the
 * index, whether it was a line of its own or folded into the gap marker (then its pointer goes with it).
 */
function restoredEntry(facts: StepFacts, id: string, out: FindingSink): boolean {
  const sut = facts.sutAfter.get(id);
  if (sut?.resident === undefined || (sut.index === undefined && sut.gap === undefined)) return true;
  const was = facts.refBefore.get(id);
  const shown = sut.gap === undefined ? { index: { kind: sut.index?.kind ?? null } } : { index: sut.index === undefined ? null : { kind: sut.index.kind }, gap: sut.gap };
  const entry = was?.gap === undefined ? 'its entry' : `its entry, folded behind ${JSON.stringify(was.gap)} before the step,`;
  if (!out.emit(stateFinding('INV-29', facts, systemClause(`${id} is restored and still has ${sut.gap === undefined ? 'an index entry' : 'a pointer into the gap marker'}`, after(facts, id, shown)), referenceClause(`a restored span's own entry leaves the index as the span comes back: ${entry} is gone`)))) return false;
  return true;
}

/** "model X / policy Y were in force", with the step that set them when one did. */
function versionsInForce(facts: StepFacts, modelVersion: string, policyVersion: string): Clause {
  const set = [...facts.reference.log.all()].reverse().find((e) => e.step < facts.step && e.operation.kind === 'setVersion');
  if (set === undefined || set.outcome.kind !== 'versioned') return referenceClause(`model ${modelVersion} / policy ${policyVersion} were in force (the versions the episode started with)`);
  return systemClause(`model ${modelVersion} / policy ${policyVersion} were in force since step ${set.step}`, answered(set.step, { kind: 'versioned', modelVersion, policyVersion }));
}

function rejections(facts: StepFacts, out: FindingSink): boolean {
  const { expected } = facts;
  if (expected.kind !== 'rejected') return true;
  const sut = facts.sutAfter.get(expected.spanId);
  if (facts.refAfter.get(expected.spanId)?.index?.kind === 'rejected' && sut?.index?.kind !== 'rejected') {
    if (!out.emit(stateFinding(
      'INV-12',
      facts,
      systemClause(`the window holds no rejection notice for ${expected.spanId} after its ${facts.op.kind} was refused (${expected.reason})`, answered(facts.step, { kind: 'rejected', spanId: expected.spanId }), after(facts, expected.spanId, { index: { $not: { kind: 'rejected' } } })),
      referenceClause('the model will believe the directive succeeded, or re-issue it blindly'),
    ))) return false;
  }
  return true;
}

/** What the store's state decides of a prune's logged check (§1, resolvable pointer), whatever the runtime chose. */
const CHECK_FACTS = {
  existence: (id: string, held: boolean) => `the store's latest copy of ${id} ${held ? 'reads present with' : 'does not read present with'} bytes that hash to its current digest`,
  addressable: (id: string, held: boolean) => `the store ${held ? 'holds a handle' : 'holds no handle'} for ${id}`,
} as const;

function loggedCheck(facts: StepFacts, out: FindingSink): boolean {
  if (facts.op.kind !== 'prune' || (facts.actual.kind !== 'evicted' && facts.actual.kind !== 'rejected')) return true;
  const check = (facts.actual as { check?: { existence?: unknown; addressable?: unknown; provenance?: unknown } }).check;
  const want = (facts.expected as { check?: { existence: boolean; addressable: boolean } }).check;
  if (want === undefined) return true;
  if (check === undefined || typeof check.existence !== 'boolean' || typeof check.addressable !== 'boolean' || typeof check.provenance !== 'boolean') {
    if (!out.emit(stateFinding('INV-12', facts, systemClause(`the prune's outcome carries ${check === undefined ? 'no backing-store check' : `the check ${JSON.stringify(check)}`}, not existence, addressable and provenance as booleans`, answered(facts.step, { check: check === undefined ? null : check }))))) return false;
    return true;
  }
  // Existence and addressability follow the persist, rotate and overwrite history the harness drove, the same for
  // the system and the reference; provenance may be met otherwise (D-23), so it is not compared.
  for (const field of ['existence', 'addressable'] as const) {
    if (check[field] === want[field]) continue;
    const id = facts.op.spanId;
    if (!out.emit(stateFinding('INV-12', facts, systemClause(`the prune's logged backing-store check says ${field} ${String(check[field])}`, answered(facts.step, { check: { [field]: check[field] } })), referenceClause(`${CHECK_FACTS[field](id, want[field])} (after the store operations of this episode), so the logged check must say ${field} ${String(want[field])}`)))) return false;
  }
  return true;
}

function atomicity(facts: StepFacts, out: FindingSink): boolean {
  if (facts.expected.kind !== 'rejected' && facts.expected.kind !== 'window-full') return true;
  for (const [id, before] of facts.sutBefore) {
    // A refusal writes a notice only for a resident span (INV-12) and may fold entries (INV-29), which keeps each
    // entry as it was: an evicted span's entry keeps its kind (C-5 leaves only the wording free).
    const entryBefore = before.resident === undefined ? before.index?.kind : undefined;
    const entryAfter = facts.sutAfter.get(id)?.index?.kind;
    if (entryBefore !== undefined && entryAfter !== entryBefore) {
      if (!out.emit(stateFinding(
        'INV-15',
        facts,
        systemClause(`the operation was ${facts.expected.kind === 'rejected' ? 'refused' : 'answered window-full'}`, answered(facts.step, { kind: facts.actual.kind })),
        systemClause(`yet the in-window entry of ${id}, evicted before the step, changed from '${entryBefore}' to ${entryAfter === undefined ? 'nothing' : `'${entryAfter}'`}`, observed(facts.step, 'before', id, { resident: null, index: { kind: entryBefore } }), after(facts, id, { index: entryAfter === undefined ? null : { kind: entryAfter } })),
        referenceClause(`a refusal leaves an evicted span's marker alone (INV-12): overwriting it would lose what the model knows of ${id} (INV-03)`),
      ))) return false;
    }
    const difference = firstDifference(stateOf(before), stateOf(facts.sutAfter.get(id)));
    if (difference === undefined) continue;
    const [field] = difference.path.split('[');
    const value = (o: SpanObservation | undefined) => (field ?? '').split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null | undefined)?.[key], stateOf(o));
    if (!out.emit(stateFinding(
      'INV-15',
      facts,
      systemClause(`the operation was ${facts.expected.kind === 'rejected' ? 'refused' : 'answered window-full'}`, answered(facts.step, { kind: facts.actual.kind })),
      systemClause(`yet ${id}'s ${field} changed from ${difference.left} to ${difference.right}`, observed(facts.step, 'before', id, shapeAt(field ?? '', value(before))), after(facts, id, shapeAt(field ?? '', value(facts.sutAfter.get(id))))),
    ))) return false;
  }
  return true;
}

function summaries(facts: StepFacts, out: FindingSink): boolean {
  const { op, expected } = facts;
  if (op.kind !== 'summarize' || expected.kind !== 'summarized') return true;
  const summary = facts.sutAfter.get(op.summaryId)?.resident;
  const want = facts.refAfter.get(op.summaryId)?.resident;
  if (summary === undefined || want === undefined) return true;
  if (summary.kind !== want.kind) {
    if (!out.emit(stateFinding('INV-05', facts, systemClause(`${op.summaryId} is shown as a span of kind ${JSON.stringify(summary.kind)}`, after(facts, op.summaryId, { resident: { kind: summary.kind ?? null } })), referenceClause(`a span written by summarize is a '${want.kind}' (§1): shown as another kind, the model cannot tell it from what it was drawn from`)))) return false;
  }
  if (summary.provenance === undefined || summary.provenance === null || summary.provenance.derived !== true) {
    if (!out.emit(stateFinding('INV-05', facts, systemClause(`${op.summaryId} carries no provenance marker`, after(facts, op.summaryId, { resident: { provenance: summary.provenance?.derived === undefined ? null : { derived: summary.provenance.derived } } })), referenceClause('it will pass for a raw observation')))) return false;
  } else if (summary.provenance.modelVersion !== want.provenance?.modelVersion || summary.provenance.policyVersion !== want.provenance.policyVersion) {
    if (!out.emit(stateFinding('INV-11', facts, systemClause(`${op.summaryId} carries model ${summary.provenance.modelVersion} / policy ${summary.provenance.policyVersion}`, after(facts, op.summaryId, { resident: { provenance: { modelVersion: summary.provenance.modelVersion, policyVersion: summary.provenance.policyVersion } } })), versionsInForce(facts, want.provenance?.modelVersion ?? '', want.provenance?.policyVersion ?? '')))) return false;
  }
  if (!sameIds(summary.sources, want.sources)) {
    if (!out.emit(stateFinding('INV-05', facts, systemClause(`${op.summaryId}'s sources are ${sortedJson(summary.sources)}`, after(facts, op.summaryId, { resident: { sources: [...summary.sources] } })), systemClause(`the directive summarized ${sortedJson(want.sources)}: the derivation chain is dropped`, { kind: 'asked', step: facts.step, shape: { kind: 'summarize', sourceIds: [...want.sources] } })))) return false;
  }
  if (summary.score !== want.score && !out.emit(summaryScoreFinding(facts, op.summaryId, summary.score, want.score))) return false;
  for (const id of op.sourceIds) {
    const before = facts.sutBefore.get(id)?.resident?.score;
    const now = facts.sutAfter.get(id)?.resident?.score;
    if (before !== undefined && now !== undefined && before !== now) {
      if (!out.emit(stateFinding('INV-14', facts, systemClause(`writing ${op.summaryId} changed source ${id}'s retention score from ${before} to ${now}`, observed(facts.step, 'before', id, { resident: { score: before } }), after(facts, id, { resident: { score: now } }))))) return false;
    }
  }
  return true;
}

/**
 * A summary shown with a score other than the reference's: INV-27 when it is above the ceiling its sources set
 * (the model ranked its own summary above its evidence), else the directive's score was not kept.
 */
function summaryScoreFinding(facts: StepFacts, summaryId: string, shown: number, want: number): Finding {
  const span = facts.reference.span(summaryId) as Span;
  const shows = systemClause(`${summaryId}'s retention score is ${shown}`, after(facts, summaryId, { resident: { score: shown } }));
  const ceiling = span.ceiling ?? Number.POSITIVE_INFINITY;
  const lowest = span.sources.find((id) => facts.reference.span(id)?.score === ceiling) ?? span.sources[0] ?? '?';
  const asked = facts.op.kind === 'summarize' ? facts.op.score : facts.op.kind === 'reframe' ? facts.op.scores?.[summaryId] : undefined;
  const askedClause = asked === undefined ? [] : [systemClause(`the directive scored it ${asked}`, { kind: 'asked' as const, step: facts.step, shape: facts.op.kind === 'summarize' ? { kind: 'summarize', score: asked } : { kind: 'reframe', scores: { [summaryId]: asked } } })];
  if (shown > ceiling) {
    return stateFinding('INV-27', facts, shows, ...askedClause, referenceClause(`${summaryId} is a summary whose sources scored at most ${ceiling} when it was written (${lowest}): a summary never outranks the evidence it was drawn from, so its score is at most ${ceiling}`));
  }
  return stateFinding('DIFFERENTIAL', facts, shows, ...askedClause, referenceClause(`its score is the directive's, capped at its ceiling ${ceiling}: ${want}`));
}

function retention(facts: StepFacts, out: FindingSink): boolean {
  const { ids, suts } = out;
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as string;
    const sut = suts[i] as SpanObservation;
    const want = facts.refAfter.get(id)?.resident;
    if (sut.resident === undefined || want === undefined) continue;
    // A summary's own score at its writing is judged by `summaries` (INV-27).
    if (facts.op.kind === 'summarize' && facts.op.summaryId === id) continue;
    if (sut.resident.floored === want.floored && sut.resident.score === want.score) continue;
    const span = facts.reference.span(id) as Span;
    if (sut.resident.floored !== want.floored) {
      const raw = want.kind === 'raw';
      const explain = new SpanExplainer(facts.reference, facts.step + 1);
      const shows = systemClause(`${id} is ${sut.resident.floored ? '' : 'not '}on the retention floor in the system`, after(facts, id, { resident: { floored: sut.resident.floored } }));
      const why = want.floored ? explain.floored(span) : [referenceClause(raw ? `${id} has a resolvable pointer, so it is not floored` : `${id} is not floored: no re-frame flipped its derivability while it had no resolvable pointer`)];
      if (!out.emit(stateFinding(raw ? 'INV-07' : 'INV-08', facts, shows, ...why))) return false;
    }
    if (sut.resident.score !== want.score) {
      const shows = systemClause(`${id}'s retention score is ${sut.resident.score}`, after(facts, id, { resident: { score: sut.resident.score } }));
      const named = facts.op.kind === 'reframe' ? facts.op.scores?.[id] : undefined;
      const finding =
        facts.op.kind === 'reframe' && span.kind === 'summary' && named !== undefined ? summaryScoreFinding(facts, id, sut.resident.score, want.score)
        : facts.op.kind === 'reframe' ? stateFinding('INV-08', facts, shows, named === undefined ? referenceClause(`the re-frame did not re-score ${id}: it keeps ${want.score}`) : systemClause(`the re-frame re-scored ${id} to ${named}`, { kind: 'asked', step: facts.step, shape: { kind: 'reframe', scores: { [id]: named } } }))
        : stateFinding('DIFFERENTIAL', facts, shows, referenceClause(`by the reference's record it is ${want.score}`));
      if (!out.emit(finding)) return false;
    }
  }
  return true;
}

function ledger(facts: StepFacts, out: FindingSink): boolean {
  if (facts.op.kind !== 'callTool' || facts.sutRequest === 'unsupported') return true;
  const want = facts.reference.ledger.get(facts.op.signature);
  const held = facts.sutRequest;
  if (want !== undefined && (held?.requestId !== want.requestId || held.status !== want.status)) {
    if (!out.emit(stateFinding(
      'INV-09',
      facts,
      systemClause(`the external request ledger holds ${held === undefined ? 'nothing' : `${held.requestId} (${String(held.status)})`} for ${facts.op.signature}`, { kind: 'ledger', step: facts.step, signature: facts.op.signature, shape: held === undefined ? null : { requestId: held.requestId, status: held.status ?? null } }),
      referenceClause(`it must hold ${want.requestId} (${want.status}), the attempt of step ${want.step} that decides the signature's next call: the accepted one, else the latest`),
    ))) return false;
  }
  return true;
}

/**
 * Every field of the step's answers that no check above judged: the outcome, each observation after the step and
 * the ledger record, compared field by field with the reference's, masking only the choices spec/SPEC.md §7
 * declares (the table in `answerFields.ts`). Last, so a finer check attributes a difference first; a field added
 * to the model is compared the day it is added.
 */
function everyField(facts: StepFacts, out: FindingSink): boolean {
  const outcome = compareAnswer('outcome', facts.expected, facts.actual);
  if (outcome !== undefined && !out.emit(fieldFinding(facts, outcome, 'the outcome', (shape) => answered(facts.step, shape)))) return false;
  const { ids, suts } = out;
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as string;
    const sut = suts[i] as SpanObservation;
    const d = compareAnswer('observation', facts.refAfter.get(id), sut);
    if (d !== undefined && !out.emit(fieldFinding(facts, d, `${id}'s observation`, (shape) => after(facts, id, shape)))) return false;
  }
  if (facts.op.kind === 'callTool' && facts.sutRequest !== 'unsupported') {
    const signature = facts.op.signature;
    const d = compareAnswer('request-record' satisfies AnswerType, facts.reference.ledger.get(signature), facts.sutRequest);
    if (d !== undefined && !out.emit(fieldFinding(facts, d, `the ledger record of ${signature}`, (shape) => ({ kind: 'ledger', step: facts.step, signature, shape })))) return false;
  }
  return true;
}

/** A field that differs, explained: what the system shows there, against the reference's. */
function fieldFinding(facts: StepFacts, d: FieldDifference, what: string, fact: (shape: unknown) => Clause['facts'][number]): Finding {
  return stateFinding(
    d.rule,
    facts,
    systemClause(`${what}'s ${d.path} is ${JSON.stringify(d.actual)}`, fact(shapeAt(d.path, d.actual))),
    referenceClause(`the reference's is ${JSON.stringify(d.expected)}, and spec/SPEC.md §7 leaves no choice there`),
  );
}

/** A score the system shows differently: the reference can take the system's and go on. */
const isScore = (finding: Finding): boolean => finding.clauses?.some((c) => c.facts.some((f) => f.kind === 'observed' && f.when === 'after' && typeof (f.shape as { resident?: { score?: unknown } }).resident?.score === 'number')) === true;

/**
 * The observation checks, in the order their findings are attributed, with how a run may go on past each when
 * its invariant is not claimed: tombstones, markers, notices, floors, provenance and the ledger are only what
 * the system shows; scores can be adopted; residency is state the reference would lose step with.
 */
const CHECKS: readonly (readonly [Check, (finding: Finding) => Finding['resume']])[] = [
  [atomicity, (f) => (isScore(f) ? 'adopt-scores' : undefined)],
  [residency, () => undefined],
  [tombstones, () => 'continue'],
  [folding, () => 'continue'],
  [rejections, () => 'continue'],
  [loggedCheck, () => 'continue'],
  [summaries, (f) => (f.invariant === 'INV-14' || isScore(f) ? 'adopt-scores' : 'continue')],
  // A floor is what the system says of a span; where it matters (a compaction) the gate judges, and forces.
  [retention, (f) => (isScore(f) ? 'adopt-scores' : 'continue')],
  [ledger, () => 'continue'],
  [everyField, (f) => (isScore(f) ? 'adopt-scores' : 'continue')],
];

/**
 * Runs every observation check over one step, handing `visit` each finding in attribution order (with how a run
 * may go on past it), until `visit` answers false; answers whether every check ran to its end. A check compares
 * first and builds a finding's clauses only on a difference; no iterator is made per check and step.
 */
export function visitObservationFindings(facts: StepFacts, visit: Visit): boolean {
  const out = new FindingSink(visit);
  facts.sutAfter.forEach(listObservation, out);
  for (let i = 0; i < CHECK_LIST.length; i += 1) {
    out.resume = RESUMES[i] as (finding: Finding) => Finding['resume'];
    if (!(CHECK_LIST[i] as Check)(facts, out)) return false;
  }
  return true;
}

/** `forEach`'s callback (no closure per step): one observation into the sink's lists. */
function listObservation(this: FindingSink, sut: SpanObservation, id: string): void {
  this.ids.push(id);
  this.suts.push(sut);
}

/** `CHECKS` as two lists read by index (no iterator and no destructuring per check and step). */
const CHECK_LIST: readonly Check[] = CHECKS.map((entry) => entry[0]);
const RESUMES: readonly ((finding: Finding) => Finding['resume'])[] = CHECKS.map((entry) => entry[1]);
