import type { RequestRecord } from '../../model/Outcome.ts';
import type { ReferenceRuntime, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { referenceClause, systemClause, type Clause } from '../Clause.ts';
import { findingOf, type Finding } from '../Finding.ts';
import { markerDifference, tombstoneDifferences, type Difference } from './evictedStateDifferences.ts';
import { SpanExplainer } from './explainSpan.ts';
import { observed, ruleClause } from './stepClauses.ts';

/**
 * What a recheck looks at: after `step`, the system's observation of every id the episode has touched and its
 * ledger record of every signature it has called, against the reference as it is then.
 */
export interface RecheckFacts {
  readonly step: number;
  readonly reference: ReferenceRuntime;
  readonly ids: readonly string[];
  readonly sut: ReadonlyMap<string, SpanObservation>;
  /** The system's `request(signature)` for every signature called; 'unsupported' without `request()`. */
  readonly ledger: ReadonlyMap<string, RequestRecord | undefined> | 'unsupported';
  /** The last step (before this recheck) after which the system showed `id`, and what it showed. */
  readonly lastObserved: (id: string) => { readonly step: number; readonly observation: SpanObservation } | undefined;
}

/** A recheck's finding, with the key that names what differs (so a run going on past it counts it once). */
export interface RecheckFinding {
  readonly finding: Finding;
  readonly key: string;
}

/**
 * State rechecked (issue 11): every id and signature the episode touched, re-observed against the reference
 * after `step` though no operation of this step named them. State that decays after the step that made it (a
 * marker dropped when something else is evicted, a ledger that forgets, a span that silently leaves) is caught
 * here and attributed as at the step that would have shown it; each clause about the system rests on what it
 * showed now or earlier. Residency first: where it differs, the states have parted and the rest is moot.
 */
export function recheckState(facts: RecheckFacts): RecheckFinding[] {
  // Into one list, in this order: no generator per id and check (a recheck visits every id the episode touched).
  const out: RecheckFinding[] = [];
  // By index: a default check runs mostly unoptimized, where a for-of pays an iterator and a result per id.
  const { ids } = facts;
  for (let i = 0; i < ids.length; i += 1) residency(facts, ids[i] as string, out);
  for (let i = 0; i < ids.length; i += 1) evictedState(facts, ids[i] as string, out);
  for (let i = 0; i < ids.length; i += 1) residentState(facts, ids[i] as string, out);
  ledger(facts, out);
  return out;
}

const recheckClause = (facts: RecheckFacts): Clause => ({
  about: 'step',
  text: `recheck after step ${facts.step}: every id and signature the episode touched, re-observed`,
  facts: [],
});

function recheckFinding(facts: RecheckFacts, key: string, difference: Difference, resume?: Finding['resume']): RecheckFinding {
  const finding = findingOf(difference.invariant, [recheckClause(facts), ...difference.clauses, ruleClause(difference.invariant, "the system's state differs from the reference model's")]);
  return { key, finding: resume === undefined ? finding : { ...finding, resume } };
}

const now = (facts: RecheckFacts, id: string, shape: unknown) => observed(facts.step, 'after', id, shape);

/** The last earlier observation that showed `id` as `matches` says, as a clause with its fact. */
function earlier(facts: RecheckFacts, id: string, text: (step: number) => string, matches: (o: SpanObservation) => boolean, shape: unknown): Clause[] {
  const last = facts.lastObserved(id);
  if (last === undefined || last.step >= facts.step || !matches(last.observation)) return [];
  return [systemClause(text(last.step), observed(last.step, 'after', id, shape))];
}

function residency(facts: RecheckFacts, id: string, out: RecheckFinding[]): void {
  const sut = facts.sut.get(id);
  if (sut === undefined) return;
  const inSut = sut.resident !== undefined;
  const inRef = facts.reference.window.has(id);
  if (inSut === inRef) return;
  if (inRef) {
    const last = facts.lastObserved(id);
    const since = last === undefined || last.observation.resident === undefined ? undefined : last.step;
    const was = since === undefined ? [] : [systemClause(`${id} was resident in the system after step ${since}`, observed(since, 'after', id, { resident: { id } }))];
    const gone = systemClause(
      `after step ${facts.step} it is not, and no step ${since === undefined ? '' : `since step ${since} `}answered that it left the window`,
      now(facts, id, { resident: null }),
      { kind: 'never-answered', from: (since ?? 0) + 1, to: facts.step, shape: { kind: 'evicted', spanId: id } },
      { kind: 'never-answered', from: (since ?? 0) + 1, to: facts.step, shape: { kind: 'compacted', evicted: [{ spanId: id }] } },
    );
    out.push(recheckFinding(facts, `residency:${id}`, { invariant: 'INV-03', clauses: [...was, gone, referenceClause(`no directive evicted ${id}: a span leaves the window only through the gate, never silently`)] }));
    return;
  }
  const eviction = new SpanExplainer(facts.reference, facts.step + 1).history.lastEviction(id);
  const why = eviction === undefined ? `by the reference's record ${id} is not resident` : `${id} left the window at step ${eviction.step} (evicted as ${eviction.mode})`;
  out.push(recheckFinding(facts, `residency:${id}`, { invariant: 'DIFFERENTIAL', clauses: [systemClause(`${id} is resident in the system after step ${facts.step}`, now(facts, id, { resident: { id } })), referenceClause(why)] }));
}

/**
 * "`id` was evicted as … at step …": the eviction is looked up in the audit log (O(steps)) only to explain a
 * difference, never on the way to none.
 */
function evictedClauses(facts: RecheckFacts, id: string): Clause[] {
  const eviction = new SpanExplainer(facts.reference, facts.step + 1).history.lastEviction(id);
  return eviction === undefined ? [] : [systemClause(`${id} was evicted as ${eviction.mode} at step ${eviction.step}`, eviction.fact)];
}

/** An evicted span's tombstone and in-window marker: the external record and the model's gap marker stay. */
function evictedState(facts: RecheckFacts, id: string, out: RecheckFinding[]): void {
  const sut = facts.sut.get(id);
  const expected = facts.reference.tombstones.get(id);
  if (sut === undefined || expected === undefined || facts.reference.window.has(id) || sut.resident !== undefined) return;
  if (sut.tombstone === undefined) {
    const had = earlier(facts, id, (step) => `after step ${step} the external tombstone store held a record of ${id}`, (o) => o.tombstone !== undefined, { tombstone: { spanId: id } });
    out.push(recheckFinding(facts, `tombstone:${id}`, { invariant: 'INV-01', clauses: [...evictedClauses(facts, id), ...had, systemClause(`after step ${facts.step} it has none`, now(facts, id, { tombstone: null }))] }, 'continue'));
  } else {
    for (const d of tombstoneDifferences(facts, id, sut.tombstone, expected)) out.push(recheckFinding(facts, `tombstone:${d.invariant}:${id}`, { invariant: d.invariant, clauses: [...evictedClauses(facts, id), ...d.clauses] }, 'continue'));
  }
  const want = facts.reference.window.indexEntry(id)?.kind;
  const marker = markerDifference(facts, id, sut, want);
  if (marker !== undefined) {
    const had = earlier(facts, id, (step) => `after step ${step} the window held its '${String(want)}' entry`, (o) => o.index?.kind === want, { index: { kind: want } });
    out.push(recheckFinding(facts, `marker:${id}`, { invariant: marker.invariant, clauses: [...evictedClauses(facts, id), ...had, ...marker.clauses] }, 'continue'));
  }
}

/** A resident span's floor flag, content and retention score. */
function residentState(facts: RecheckFacts, id: string, out: RecheckFinding[]): void {
  const shown = facts.sut.get(id)?.resident;
  const span = facts.reference.window.get(id);
  if (shown === undefined || span === undefined) return;
  const want = facts.reference.view(span);
  if (shown.floored !== want.floored) {
    const raw = span.kind === 'raw';
    const explain = new SpanExplainer(facts.reference, facts.step + 1);
    const shows = systemClause(`${id} is ${shown.floored ? '' : 'not '}on the retention floor in the system after step ${facts.step}`, now(facts, id, { resident: { floored: shown.floored } }));
    const why = want.floored ? explain.floored(span) : [referenceClause(raw ? `${id} has a resolvable pointer, so it is not floored` : `${id} is not floored: no re-frame flipped its derivability while it had no resolvable pointer`)];
    out.push(recheckFinding(facts, `floored:${id}`, { invariant: raw ? 'INV-07' : 'INV-08', clauses: [shows, ...why] }, 'continue'));
  }
  if (shown.content !== want.content) out.push(contentFinding(facts, span, shown.content));
  if (shown.score !== want.score) {
    out.push(recheckFinding(facts, `score:${id}`, { invariant: 'DIFFERENTIAL', clauses: [systemClause(`${id}'s retention score is ${shown.score}`, now(facts, id, { resident: { score: shown.score } })), referenceClause(`by the reference's record it is ${want.score}`)] }, 'adopt-scores'));
  }
}

function contentFinding(facts: RecheckFacts, span: Span, content: string): RecheckFinding {
  const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
  return recheckFinding(facts, `content:${span.id}`, {
    invariant: 'DIFFERENTIAL',
    clauses: [systemClause(`${span.id}'s content in the system is ${quote(content)}`, now(facts, span.id, { resident: { content } })), referenceClause(`the bytes last appended, edited or restored are ${quote(span.content)}: a runtime keeps them exactly`)],
  });
}

/** Every signature's ledger record: the attempt that decides its next call (INV-09), kept outside the window. */
function ledger(facts: RecheckFacts, out: RecheckFinding[]): void {
  if (facts.ledger === 'unsupported') return;
  for (const [signature, held] of facts.ledger) {
    const want = facts.reference.ledger.get(signature);
    if (want === undefined || (held?.requestId === want.requestId && held.status === want.status)) continue;
    const shows = systemClause(
      `after step ${facts.step} the external request ledger holds ${held === undefined ? 'nothing' : `${held.requestId} (${String(held.status)})`} for ${signature}`,
      { kind: 'ledger', step: facts.step, signature, shape: held === undefined ? null : { requestId: held.requestId, status: held.status ?? null } },
    );
    const must = referenceClause(`it must hold ${want.requestId} (${want.status}), the attempt of step ${want.step} that decides the signature's next call: the accepted one, else the latest`);
    out.push(recheckFinding(facts, `ledger:${signature}`, { invariant: 'INV-09', clauses: [shows, must] }, 'continue'));
  }
}
