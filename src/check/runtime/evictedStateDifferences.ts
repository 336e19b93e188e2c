import type { ReferenceRuntime, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { Tombstone } from '../../model/Tombstone.ts';
import type { FindingKind } from '../FindingKind.ts';
import { referenceClause, systemClause, type Clause } from '../Clause.ts';
import { entryAt, History } from './History.ts';
import type { IssuedHandles } from './IssuedHandles.ts';
import { sameIds, sortedJson } from './sameIds.ts';
import { answered, observed } from './stepClauses.ts';

/** One way what the system shows for an evicted span differs from the reference's: the rule, and why. */
export interface Difference {
  readonly invariant: FindingKind;
  readonly clauses: readonly Clause[];
}

/** When the system was looked at: after `step`, against the reference as it is then. */
export interface Vantage {
  readonly step: number;
  readonly reference: ReferenceRuntime;
}

const after = (at: Vantage, id: string, shape: unknown) => observed(at.step, 'after', id, shape);

/**
 * The fields of a system's tombstone checked against what the harness knows itself: the digest of the bytes it
 * appended, a well-formed token range (its origin is C-6), the direct sources, the versions in force.
 */
export function tombstoneDifferences(at: Vantage, id: string, t: Tombstone, expected: Tombstone): Difference[] {
  const found: Difference[] = [];
  const isSummary = at.reference.span(id)?.kind === 'summary';
  if (t.digest !== expected.digest) {
    found.push({ invariant: 'INV-01', clauses: [systemClause(`the tombstone's digest is ${t.digest.slice(0, 16)}…`, after(at, id, { tombstone: { digest: t.digest } })), referenceClause(`the sha256 of the exact bytes the harness appended and saw evicted is ${expected.digest.slice(0, 16)}…`)] });
  }
  if (!isTokenRange(t.tokenRange)) {
    found.push({ invariant: 'INV-01', clauses: [systemClause(`the tombstone's token range is ${JSON.stringify(t.tokenRange)}`, after(at, id, { tombstone: { tokenRange: t.tokenRange ?? null } })), referenceClause("a token range is a [start, end) pair of integers with 0 ≤ start < end (its origin is the runtime's choice, C-6)")] });
  }
  if (!sameIds(t.derivationChain, expected.derivationChain)) {
    found.push({ invariant: isSummary ? 'INV-05' : 'INV-01', clauses: [systemClause(`the tombstone's derivation chain is ${sortedJson(t.derivationChain)}`, after(at, id, { tombstone: { derivationChain: [...(t.derivationChain ?? [])] } })), referenceClause(`${id}'s direct sources are ${sortedJson(expected.derivationChain)}`)] });
  }
  if (t.modelVersion !== expected.modelVersion || t.policyVersion !== expected.policyVersion) {
    found.push({ invariant: 'INV-11', clauses: [systemClause(`the tombstone carries model ${t.modelVersion} / policy ${t.policyVersion}`, after(at, id, { tombstone: { modelVersion: t.modelVersion, policyVersion: t.policyVersion } })), versionsInForce(at, expected.modelVersion, expected.policyVersion, expected.step)] });
  }
  return found;
}

/** The in-window marker an eviction leaves: its kind follows the mode (determined); a lossy one names the span. */
export function markerDifference(at: Vantage, id: string, sut: SpanObservation, wantMarker: string | undefined): Difference | undefined {
  if (sut.index?.kind !== wantMarker) {
    const holds = systemClause(`after step ${at.step} the window holds ${sut.index === undefined ? `no entry for ${id}` : `a '${sut.index.kind}' entry for ${id}`}`, after(at, id, { index: sut.index === undefined ? null : { kind: sut.index.kind } }));
    const why = wantMarker === 'lossy' ? 'without the "pruned, unrecoverable, contents unknown" marker the model cannot tell a lost span from one that never existed' : `a ${String(wantMarker)} marker is how the model addresses the evicted span`;
    return { invariant: 'INV-03', clauses: [holds, referenceClause(`it was evicted as ${at.reference.tombstones.get(id)?.mode ?? '?'}: ${why}`)] };
  }
  if (sut.index?.kind === 'lossy' && (typeof sut.index.text !== 'string' || !sut.index.text.includes(id))) {
    return { invariant: 'INV-03', clauses: [systemClause(`the lossy marker reads ${JSON.stringify(sut.index.text)}`, after(at, id, { index: { kind: 'lossy', text: sut.index.text ?? null } })), referenceClause("a lossy marker must name the span it stands for (its wording is the runtime's choice, C-5)")] };
  }
  return undefined;
}

/**
 * A reversible eviction whose marker names a handle the system issued for a copy that no longer holds the evicted
 * bytes (edited, rotated or overwritten since it was taken): the span left against a stale check (INV-03, D-05).
 * Handles are the system's spelling (C-4): the copy is found by the step at which the system answered the handle.
 */
export function staleHandle(at: Vantage & { readonly issued?: IssuedHandles }, id: string, sut: SpanObservation, evictedDigest: string): Difference | undefined {
  const handle = sut.index?.kind === 'handle' ? sut.index.handle : undefined;
  if (handle === undefined || at.issued === undefined) return undefined;
  const issue = at.issued.last(id, handle);
  if (issue === undefined) return undefined;
  const { step, kind } = issue;
  const entry = entryAt(at.reference.log.all(), step);
  const refHandle = entry === undefined ? undefined : (entry.outcome as { handle?: unknown }).handle;
  if (typeof refHandle !== 'string') return undefined;
  const read = at.reference.store.read(refHandle);
  if (read.status === 'present' && read.digest === evictedDigest) return undefined;
  const history = new History(at.reference.log.all(), at.step);
  const since = history.lastEditAfter(id, step) ?? history.expiredAfter(id, step) ?? history.overwrittenAfter(id, step);
  const why = since === undefined ? referenceClause(`by the reference's record that copy no longer holds ${id}'s bytes`) : systemClause(`that copy no longer holds the bytes evicted: ${id} was ${since.fact.kind === 'answered' ? String((since.fact.shape as { kind: string }).kind) : 'changed'} at step ${since.step}`, since.fact);
  return {
    invariant: 'INV-03',
    clauses: [
      systemClause(`${id}'s marker names the handle ${handle}`, after(at, id, { index: { kind: 'handle', handle } })),
      systemClause(`the system issued ${handle} at step ${step}, for the copy taken then`, answered(step, { kind, spanId: id, handle })),
      why,
      referenceClause('a reversible eviction points at a live, byte-identical copy, checked when the span leaves (seed 002 conditions 1 and 2, D-05)'),
    ],
  };
}

function isTokenRange(range: unknown): boolean {
  if (!Array.isArray(range) || range.length !== 2) return false;
  const [start, end] = range as unknown[];
  return Number.isInteger(start) && Number.isInteger(end) && (start as number) >= 0 && (start as number) < (end as number);
}

/** "model X / policy Y were in force" when the tombstone was written (at step `when`), with the step that set them. */
function versionsInForce(at: Vantage, modelVersion: string, policyVersion: string, when: number): Clause {
  const set = [...at.reference.log.all()].reverse().find((e) => e.step < when && e.operation.kind === 'setVersion');
  if (set === undefined || set.outcome.kind !== 'versioned') return referenceClause(`model ${modelVersion} / policy ${policyVersion} were in force (the versions the episode started with)`);
  return systemClause(`model ${modelVersion} / policy ${policyVersion} were in force since step ${set.step}`, answered(set.step, { kind: 'versioned', modelVersion, policyVersion }));
}
