import { firstAllowed, REFERENCE_CHOOSER, type Chooser, type GateDecision, type GateOption, type Gatekeeper, type Refusal } from '../../model/Chooser.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import type { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import type { FindingKind } from '../FindingKind.ts';
import type { Clause } from '../Clause.ts';
import { decisionText, explainForbidden } from './explainGate.ts';
import { SpanExplainer } from './explainSpan.ts';

/** A gate answer of the system's that the spec forbids: the rule, whether the reference was forced to follow it. */
export interface Deviation {
  readonly spanId: string;
  readonly rule: FindingKind;
  /** What the system did with the span, in words. */
  readonly did: string;
  /** Whether the reference followed it anyway: the adapter does not claim `rule`. */
  readonly forced: boolean;
  /** What the reference would have answered for the span on its own. */
  readonly allowed: GateDecision;
  readonly clauses: readonly Clause[];
}

const keyOf = (decision: GateDecision): string => (decision.kind === 'evict' ? `evict:${decision.mode}` : `reject:${decision.reason}`);

/**
 * The chooser the conformance engine runs the reference with: at each choice point of spec/SPEC.md §7 it takes
 * the system's own answer when the spec allows it (adopting it, so both stay in lock-step), and the
 * reference's otherwise. A gate answer the spec forbids is recorded as a deviation with the rule that forbids
 * it; when the adapter does not claim that rule the reference follows the system anyway (forced), so a finding
 * on an unclaimed invariant does not end the run.
 */
export class FollowSystem implements Chooser {
  readonly deviations: Deviation[] = [];
  /** Choices the system made differently from the reference, all allowed, all adopted. */
  adopted = 0;

  constructor(
    private readonly actual: Outcome,
    private readonly reference: ReferenceRuntime,
    private readonly op: Operation,
    private readonly claims: (rule: FindingKind) => boolean,
  ) {}

  gate(span: Span, options: readonly GateOption[], by: Gatekeeper): GateDecision {
    const first = firstAllowed(options);
    const wanted = this.wanted(span.id);
    if (wanted === undefined) return first;
    const match =
      wanted === 'refused'
        ? (options.find((o) => o.allowed && o.decision.kind === 'reject') ?? options.find((o) => o.decision.kind === 'reject'))
        : options.find((o) => keyOf(o.decision) === wanted);
    if (match === undefined) return first;
    if (match.allowed) {
      if (match.decision !== first) this.adopted += 1;
      return match.decision;
    }
    const rule = match.rule ?? 'DIFFERENTIAL';
    const forced = !this.claims(rule);
    const explain = new SpanExplainer(this.reference, this.reference.step, this.actual);
    this.deviations.push({ spanId: span.id, rule, did: decisionText(match.decision, by), forced, allowed: first, clauses: explainForbidden(explain, span, match, by, this.op, this.reference.step) });
    return forced ? match.decision : first;
  }

  /**
   * The spans the system evicted first, each evicted as derivable before its sources, then the reference's order.
   * The list is a set (C-7): its order is only a tie-break, and nothing compared rests on it, since a compaction
   * writes its markers in window order once the gate is done (C-2).
   */
  compactionOrder(candidates: readonly Span[]): readonly Span[] {
    const reference = REFERENCE_CHOOSER.compactionOrder(candidates);
    if (this.actual.kind !== 'compacted') return reference;
    const byId = new Map(candidates.map((span) => [span.id, span]));
    const listed = [...new Map(this.actual.evicted.filter((e) => byId.has(e.spanId)).map((e) => [e.spanId, e])).values()];
    const inReferenceOrder = reference.filter((span) => listed.some((e) => e.spanId === span.id)).map((span) => span.id);
    if (listed.some((e, i) => e.spanId !== inReferenceOrder[i])) this.adopted += 1;
    const order: Span[] = [];
    const pending = [...listed];
    while (pending.length > 0) {
      const ready = pending.findIndex((e) => !pending.some((d) => d !== e && d.mode === 'derivable' && byId.get(d.spanId)?.sources.includes(e.spanId)));
      const [next] = pending.splice(Math.max(0, ready), 1);
      if (next !== undefined) order.push(byId.get(next.spanId) as Span);
    }
    return [...order, ...reference.filter((span) => !listed.some((e) => e.spanId === span.id))];
  }

  refusal(options: readonly Refusal[]): Refusal {
    const { actual } = this;
    const match = options.find((o) =>
      o.kind === 'window-full' ? actual.kind === 'window-full' && actual.spanId === o.spanId : actual.kind === 'rejected' && actual.spanId === o.spanId && actual.reason === o.reason,
    );
    if (match === undefined) return options[0] as Refusal;
    if (match !== options[0]) this.adopted += 1;
    return match;
  }

  /** What the system did with `spanId` at this step, as a gate option key; `refused` for a compaction refusal. */
  private wanted(spanId: string): string | undefined {
    const { actual } = this;
    if (actual.kind === 'evicted' && actual.spanId === spanId) return `evict:${actual.mode}`;
    if (actual.kind === 'rejected' && actual.spanId === spanId) return `reject:${actual.reason}`;
    if (actual.kind !== 'compacted') return undefined;
    const evicted = actual.evicted.find((e) => e.spanId === spanId);
    if (evicted !== undefined) return `evict:${evicted.mode}`;
    return actual.refused.includes(spanId) ? 'refused' : undefined;
  }
}
