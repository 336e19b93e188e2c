import { digest } from '../../model/digest.ts';
import type { AppendOp, ClaimOp, CompactOp, EditOp, Operation, PruneOp, ReframeOp, RestoreOp, SummarizeOp } from '../../model/Operation.ts';
import type { Appended, ClaimVerdict, Compacted, Edited, EvictionMode, Evicted, LookupAnswer, Outcome, Rejected, Restored, Summarized, WindowFull } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import { estimateTokens, type SpanKind, type SpanView } from '../../model/Span.ts';
import { validateOperation } from '../../model/validateOperation.ts';

interface NaiveSpan {
  readonly id: string;
  readonly kind: SpanKind;
  content: string;
  tokens: number;
  score: number;
  readonly sources: readonly string[];
}

/** How much a summary lowers each of its sources' scores: the summary "covers" them (seed 001's coupling). */
export const NAIVE_SUMMARY_DECAY = 0.2;

/**
 * The straightforward first implementation of a self-pruning window, the one the seeds describe going wrong.
 * It is the "naive baseline" of the benchmarks and the failing runtime of the incident scenarios. Deliberately:
 * - the window is an array of spans; every lookup by id is a linear scan;
 * - directives execute directly: `prune` drops the span with no backing-store check and no external tombstone
 *   (seed 002 "lets the model's prune directive execute directly against the window");
 * - `lookup` answers `absent` for anything not resident, so "pruned" reads as "never existed" (seed 002);
 * - `callTool` always executes: there is no request ledger (seed 000, turn 90);
 * - `summarize` lowers its sources' retention scores and marks no provenance (seed 001, second observation);
 * - `reframe` re-scores only; no floor, no derivability invalidation (seed 001);
 * - `claim` trusts whatever is resident, summaries included (seed 000, turn 120);
 * - at capacity it silently evicts the lowest-scoring spans instead of answering `window-full`.
 * Malformed operations are still refused (the shared `validateOperation`), so it runs the same traces.
 */
export class NaiveRuntime {
  readonly capacity: number;
  private spans: NaiveSpan[] = [];
  /** The tool-call log: span id → content, `undefined` once rotated out. */
  private readonly log = new Map<string, string | undefined>();
  private readonly seen = new Set<string>();
  private frame: string;
  private modelVersion: string;
  private policyVersion: string;
  private step = 0;

  constructor(config: RuntimeConfig) {
    this.capacity = config.capacity;
    this.frame = config.frame ?? 'initial';
    this.modelVersion = config.modelVersion ?? 'model-1';
    this.policyVersion = config.policyVersion ?? 'policy-1';
  }

  isKnown(id: string): boolean {
    return this.seen.has(id);
  }

  get used(): number {
    let total = 0;
    for (const span of this.spans) total += span.tokens;
    return total;
  }

  apply(op: Operation): Outcome {
    validateOperation(op, this);
    this.step += 1;
    switch (op.kind) {
      case 'append': return this.append(op);
      case 'persist': {
        const span = this.find(op.spanId);
        if (span === undefined) return { kind: 'rejected', spanId: op.spanId, reason: 'not-resident' };
        this.log.set(span.id, span.content);
        return { kind: 'persisted', spanId: span.id, handle: `log://${span.id}` };
      }
      case 'rotate': {
        const expired: string[] = [];
        for (const [id, content] of this.log) {
          if (content === undefined || (op.spanIds !== undefined && !op.spanIds.includes(id))) continue;
          this.log.set(id, undefined);
          expired.push(id);
        }
        return { kind: 'rotated', expired };
      }
      case 'overwrite':
        // The log keeps whatever it now holds; nothing remembers what was evicted (a restore reads the new bytes).
        if (this.log.get(op.spanId) !== undefined) this.log.set(op.spanId, op.content);
        return { kind: 'overwritten', spanId: op.spanId };
      case 'edit': return this.edit(op);
      case 'prune': return this.prune(op);
      case 'summarize': return this.summarize(op);
      case 'reframe': return this.reframe(op);
      case 'compact': return this.compact(op);
      case 'restore': return this.restore(op);
      case 'lookup': return this.lookup(op.spanId);
      case 'claim': return this.claim(op);
      case 'callTool': return { kind: 'executed', signature: op.signature, requestId: op.requestId };
      case 'setVersion':
        this.modelVersion = op.modelVersion ?? this.modelVersion;
        this.policyVersion = op.policyVersion ?? this.policyVersion;
        return { kind: 'versioned', modelVersion: this.modelVersion, policyVersion: this.policyVersion };
    }
  }

  observe(spanIds: readonly string[]): SpanObservation[] {
    return spanIds.map((spanId) => {
      const span = this.find(spanId);
      return { spanId, resident: span === undefined ? undefined : view(span), index: undefined, tombstone: undefined };
    });
  }

  private find(id: string): NaiveSpan | undefined {
    for (const span of this.spans) if (span.id === id) return span;
    return undefined;
  }

  private remove(id: string): void {
    this.spans = this.spans.filter((span) => span.id !== id);
  }

  /** Makes room by dropping the lowest-scoring spans, telling no one. Answers false if it can never fit. */
  private makeRoom(tokens: number): boolean {
    if (tokens > this.capacity) return false;
    while (this.used + tokens > this.capacity && this.spans.length > 0) {
      let lowest = 0;
      for (let i = 1; i < this.spans.length; i += 1) {
        if ((this.spans[i] as NaiveSpan).score < (this.spans[lowest] as NaiveSpan).score) lowest = i;
      }
      this.spans.splice(lowest, 1);
    }
    return true;
  }

  private full(spanId: string, needed: number): WindowFull {
    return { kind: 'window-full', spanId, needed, used: this.used, capacity: this.capacity };
  }

  private append(op: AppendOp): Appended | WindowFull {
    const input = op.span;
    const tokens = input.tokens ?? estimateTokens(input.content);
    if (!this.makeRoom(tokens)) return this.full(input.id, tokens);
    this.seen.add(input.id);
    this.spans.push({ id: input.id, kind: input.kind, content: input.content, tokens, score: input.score ?? 0.5, sources: input.sources ?? [] });
    if (input.persist === true) this.log.set(input.id, input.content);
    return { kind: 'appended', spanId: input.id, handle: input.persist === true ? `log://${input.id}` : undefined };
  }

  private edit(op: EditOp): Edited | Rejected | WindowFull {
    const span = this.find(op.spanId);
    if (span === undefined) return { kind: 'rejected', spanId: op.spanId, reason: 'not-resident' };
    const tokens = estimateTokens(op.content);
    if (tokens > this.capacity) return this.full(op.spanId, tokens);
    // The edited span moves to the tail; room is made among the others, silently.
    this.remove(span.id);
    this.makeRoom(tokens);
    span.content = op.content;
    span.tokens = tokens;
    this.spans.push(span);
    return { kind: 'edited', spanId: span.id, tokens };
  }

  /** What the naive runtime believes an eviction is: reversible if it ever logged the span. It never checks. */
  private believedMode(span: NaiveSpan): EvictionMode {
    if (this.log.has(span.id)) return 'reversible';
    return span.sources.length > 0 ? 'derivable' : 'lossy';
  }

  private evict(span: NaiveSpan): Evicted {
    this.remove(span.id);
    const mode = this.believedMode(span);
    const handle = mode === 'reversible' ? `log://${span.id}` : undefined;
    // The tombstone exists only in this answer: nothing is written outside the window (INV-01 is not kept).
    const tombstone = { spanId: span.id, tokenRange: [0, span.tokens] as const, policyVersion: this.policyVersion, modelVersion: this.modelVersion, score: span.score, digest: digest(span.content), derivationChain: span.sources, mode, handle, step: this.step };
    return { kind: 'evicted', spanId: span.id, mode, handle, check: undefined, tombstone };
  }

  private prune(op: PruneOp): Evicted | Rejected {
    const span = this.find(op.spanId);
    if (span === undefined) return { kind: 'rejected', spanId: op.spanId, reason: 'not-resident' };
    return this.evict(span);
  }

  private summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    const sources: NaiveSpan[] = [];
    for (const id of op.sourceIds) {
      const span = this.find(id);
      if (span === undefined) return { kind: 'rejected', spanId: id, reason: 'not-resident' };
      sources.push(span);
    }
    const tokens = op.tokens ?? estimateTokens(op.content);
    if (!this.makeRoom(tokens)) return this.full(op.summaryId, tokens);
    for (const source of sources) source.score *= NAIVE_SUMMARY_DECAY;
    this.seen.add(op.summaryId);
    this.spans.push({ id: op.summaryId, kind: 'summary', content: op.content, tokens, score: op.score ?? 0.5, sources: [...op.sourceIds] });
    return { kind: 'summarized', summaryId: op.summaryId, sourceIds: [...op.sourceIds] };
  }

  private reframe(op: ReframeOp): Outcome {
    this.frame = op.frame;
    for (const [id, score] of Object.entries(op.scores ?? {})) {
      const span = this.find(id);
      if (span !== undefined) span.score = score;
    }
    return { kind: 'reframed', frame: this.frame, floored: [], derivable: [] };
  }

  private compact(op: CompactOp): Compacted {
    const victims = this.spans.filter((span) => span.score < op.threshold).sort((a, b) => a.score - b.score);
    return { kind: 'compacted', evicted: victims.map((span) => ({ spanId: span.id, mode: this.evict(span).mode })), refused: [] };
  }

  private restore(op: RestoreOp): Restored | Rejected | WindowFull {
    const content = this.log.get(op.spanId);
    if (this.find(op.spanId) !== undefined || content === undefined) return { kind: 'rejected', spanId: op.spanId, reason: 'not-recoverable' };
    const tokens = estimateTokens(content);
    if (!this.makeRoom(tokens)) return this.full(op.spanId, tokens);
    this.spans.push({ id: op.spanId, kind: 'raw', content, tokens, score: 0.5, sources: [] });
    return { kind: 'restored', spanId: op.spanId };
  }

  private lookup(spanId: string): LookupAnswer {
    const span = this.find(spanId);
    return span === undefined ? { kind: 'absent', spanId } : { kind: 'resident', spanId, span: view(span) };
  }

  private claim(op: ClaimOp): ClaimVerdict {
    const unknownIds = op.requiredIds.filter((id) => this.find(id) === undefined);
    return unknownIds.length === 0 ? { kind: 'substantiated', claim: op.claim } : { kind: 'unfounded', claim: op.claim, unknownIds };
  }
}

function view(span: NaiveSpan): SpanView {
  return { id: span.id, kind: span.kind, content: span.content, tokens: span.tokens, score: span.score, floored: false, sources: span.sources, provenance: undefined };
}
