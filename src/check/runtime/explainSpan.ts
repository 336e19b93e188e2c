import type { Outcome } from '../../model/Outcome.ts';
import type { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { referenceClause, systemClause, type Clause } from '../Clause.ts';
import { History } from './History.ts';

/**
 * Sentences about one span's state at the current step (derivability, its backing copy, its tombstone), each
 * computed from what happened to it, with the facts that show the system answered those events the same way.
 * `rt` is the reference at the current step, in lock-step with the system; `answered` is what the system
 * answered at the current step, when it is known.
 */
export class SpanExplainer {
  readonly history: History;

  constructor(
    private readonly rt: ReferenceRuntime,
    current: number,
    private readonly answered?: Outcome,
  ) {
    this.history = new History(rt.log.all(), current);
  }

  /** Why `span` is not derivable now (SPEC.md §1 "Derivable"; INV-06, INV-08, D-03, D-04). */
  notDerivable(span: Span): Clause[] {
    const created = this.history.created(span.id);
    const facts = created === undefined ? [] : [created.fact];
    if (span.kind === 'raw') return [systemClause(`${span.id} is a raw observation${created ? ` (appended at step ${created.step})` : ''}: raw observations are never derivable`, ...(created ? [{ kind: 'asked' as const, step: created.step, shape: { kind: 'append', span: { id: span.id, kind: 'raw' } } }] : []))];
    if (span.kind === 'summary') return [systemClause(`${span.id} is a summary${created ? ` (written at step ${created.step})` : ''}: a model cannot re-author the same bytes, so summaries are never derivable (D-04)`, ...facts)];
    if (span.sources.length === 0) return [systemClause(`${span.id} declares no sources to derive it from`, ...(created ? [{ kind: 'asked' as const, step: created.step, shape: { kind: 'append', span: { id: span.id, sources: [] } } }] : []))];
    if (this.rt.derivationLapsed(span)) {
      const declared = this.history.derivationDeclared(span.id);
      const reframe = declared === undefined ? undefined : this.history.reframeAfter(declared.step);
      if (declared !== undefined && reframe !== undefined) {
        return [systemClause(`${span.id}'s derivation was declared at step ${declared.step} and the task was re-framed at step ${reframe.step}, which ended it (INV-08)`, declared.fact, reframe.fact)];
      }
      return [referenceClause(`by the reference's record, a re-frame since ${span.id}'s derivation was declared ended it (INV-08)`)];
    }
    const gone = span.sources.find((id) => !this.rt.window.has(id));
    if (gone === undefined) return [referenceClause(`by the reference's record, ${span.id} is derivable`)];
    return [this.left(gone, `${span.id}'s source ${gone}`)];
  }

  /** A sentence saying when `id` left the window (a prune, or a compaction, possibly the current one). */
  left(id: string, who: string): Clause {
    const eviction = this.history.lastEviction(id);
    if (eviction !== undefined && (this.history.lastRestore(id)?.step ?? 0) < eviction.step) {
      return systemClause(`${who} left the window at step ${eviction.step} (evicted as ${eviction.mode})`, eviction.fact);
    }
    const now = this.answered;
    if (now?.kind === 'compacted' && now.evicted.some((e) => e.spanId === id)) {
      return systemClause(`${who} left the window in this compaction`, { kind: 'answered', step: this.history.current, shape: { kind: 'compacted', evicted: [{ spanId: id }] } });
    }
    return referenceClause(`by the reference's record, ${who} is not resident`);
  }

  /** Why `span` has no resolvable pointer now (seed 002's conditions 1 and 2, D-05; condition 3 holds through the tombstone store, D-23). */
  noPointer(span: Span): Clause[] {
    const check = this.rt.backingCheck(span);
    const clauses: Clause[] = [];
    if (!check.addressable) {
      const created = this.history.created(span.id);
      const facts = [this.history.neverSince(0, { kind: 'persisted', spanId: span.id })];
      if (created?.by === 'append') facts.push({ kind: 'asked', step: created.step, shape: { kind: 'append', span: { id: span.id, persist: { $not: true } } } });
      clauses.push(systemClause(`${span.id} was never copied to the backing store (not persisted when appended, never persisted since)`, ...facts));
    } else if (!check.existence) {
      const copy = this.history.lastCopy(span.id);
      const expired = copy === undefined ? undefined : this.history.expiredAfter(span.id, copy.step);
      const edited = copy === undefined ? undefined : this.history.lastEditAfter(span.id, copy.step);
      const overwritten = copy === undefined ? undefined : this.history.overwrittenAfter(span.id, copy.step);
      if (copy !== undefined && overwritten !== undefined && expired === undefined) clauses.push(systemClause(`${span.id}'s backing copy (step ${copy.step}) was overwritten with other bytes at step ${overwritten.step}: it no longer matches the span (D-05)`, copy.fact, overwritten.fact));
      else if (copy !== undefined && expired !== undefined) clauses.push(systemClause(`${span.id}'s backing copy (step ${copy.step}) expired in the rotation at step ${expired.step}`, copy.fact, expired.fact));
      else if (copy !== undefined && edited !== undefined) clauses.push(systemClause(`${span.id} was edited at step ${edited.step}, after its backing copy was taken at step ${copy.step}: the copy is no longer byte-identical (D-05)`, copy.fact, edited.fact));
      else clauses.push(referenceClause(`by the reference's record, ${span.id}'s backing copy no longer reads present with its current bytes`));
    }
    return clauses;
  }

  /** Why `span` may leave without loss: derivable, or a live byte-identical copy. */
  lossless(span: Span): Clause[] {
    const clauses: Clause[] = [];
    if (this.rt.isDerivable(span)) {
      const declared = this.history.derivationDeclared(span.id);
      clauses.push(referenceClause(`by the reference's record, ${span.id} is derivable: its derivation${declared ? ` (step ${declared.step})` : ''} stands and its sources ${span.sources.join(', ')} are resident`));
    }
    if (this.rt.hasResolvablePointer(span)) {
      const copy = this.history.lastCopy(span.id);
      if (copy === undefined) clauses.push(referenceClause(`by the reference's record, ${span.id} has a live byte-identical backing copy`));
      else {
        clauses.push(
          systemClause(
            `${span.id} has a live backing copy: copied at step ${copy.step}, neither rotated out, overwritten nor edited since, so its bytes match and the tombstone will keep its handle and digest (D-23)`,
            copy.fact,
            this.history.neverSince(copy.step, { kind: 'rotated', expired: [span.id] }),
            this.history.neverSince(copy.step, { kind: 'overwritten', spanId: span.id }),
            this.history.neverSince(copy.step, { kind: 'edited', spanId: span.id }),
          ),
        );
      }
    }
    return clauses;
  }

  /** Why `span` was floored (INV-07 for raw observations, INV-08 after a re-frame). */
  floored(span: Span): Clause[] {
    if (span.kind === 'raw') return [...this.notDerivable(span), ...this.noPointer(span)];
    const by = this.history.flooredBy(span.id);
    return [by === undefined ? referenceClause(`by the reference's record, ${span.id} is on the retention floor`) : systemClause(`${span.id} was floored by the re-frame at step ${by.step}: its derivability flipped while it had no resolvable pointer`, by.fact)];
  }

  /** Why re-evicting `span` must be refused: its content changed since its tombstone (INV-02). */
  contentChanged(span: Span): Clause[] {
    const eviction = this.history.lastEviction(span.id);
    const restore = this.history.lastRestore(span.id);
    const edit = restore === undefined ? undefined : this.history.lastEditAfter(span.id, restore.step);
    if (eviction === undefined || restore === undefined || edit === undefined) return [referenceClause(`by the reference's record, ${span.id}'s content no longer matches the digest its tombstone keeps`)];
    return [systemClause(`${span.id} was evicted at step ${eviction.step}, restored at step ${restore.step} and edited at step ${edit.step}: its content no longer matches the digest its tombstone keeps`, eviction.fact, restore.fact, edit.fact)];
  }
}
