import { AuditLog } from './AuditLog.ts';
import { BackingStore, type LiveCopy } from './BackingStore.ts';
import { REFERENCE_CHOOSER, type Chooser, type GateDecision, type Gatekeeper, type Refusal } from './Chooser.ts';
import { digest } from './digest.ts';
import { lossyMarkerText, type IndexEntry } from './IndexEntry.ts';
import { ModelError } from './ModelError.ts';
import type { AppendOp, CallToolOp, ClaimOp, CompactOp, EditOp, Operation, PruneOp, ReframeOp, RestoreOp, SummarizeOp } from './Operation.ts';
import type { Appended, BackingCheck, SafeClaim, ClaimVerdict, Compacted, Edited, EvictionMode, Evicted, LookupAnswer, Outcome, Reframed, Rejected, RejectionReason, Restored, Summarized, ToolCallOutcome, WindowFull } from './Outcome.ts';
import { RequestLedger } from './RequestLedger.ts';
import { estimateTokens, type Span, type SpanView } from './Span.ts';
import type { Tombstone } from './Tombstone.ts';
import { TombstoneStore } from './TombstoneStore.ts';
import { validateOperation } from './validateOperation.ts';
import { Window } from './Window.ts';
import { gateOptions, isResolvable } from './gateOptions.ts';
import { referenceDecision } from './referenceGate.ts';
import { runCompact } from './runCompact.ts';
import { runReframe } from './runReframe.ts';
import { runSummarize } from './runSummarize.ts';
import { answerLookup, judgeClaim } from './answerQueries.ts';
import { runAppend } from './runAppend.ts';
import { runRestore } from './runRestore.ts';
import { runCallTool } from './runCallTool.ts';
import type { RuntimeConfig, SpanObservation } from './RuntimeConfig.ts';

export type { RuntimeConfig, SpanObservation } from './RuntimeConfig.ts';
export type { GateDecision } from './Chooser.ts';

export const DEFAULT_SCORE = 0.5;

/** What one in-window index entry costs when the config does not say (INV-29, D-22): seed 002's "~15 tokens". */
export const DEFAULT_MARKER_TOKENS = 15;

/** The pointer the reference's gap marker names: the external record of the entries folded into it (C-4). */
export const GAP_POINTER = 'gap://index';

/**
 * The reference pruning runtime: the executable form of spec/SPEC.md. The model proposes, the runtime disposes
 * (seed 002, "Operational Effect"): every directive is validated, gated on runtime-verified backing-store state,
 * executed atomically, logged, and answered with an outcome as data.
 *
 * Cost: every operation except `compact` and an unrestricted `rotate` (all spans) is O(1) amortized or O(k) in
 * its own arguments, independent of how many spans are resident; `reframe` visits the resident derived spans
 * only. Each span is one record (`SpanRecord`) in `known`: its residency, latest backing copy and tombstone are
 * kept on it, so a directive looks its span up once and hashes its content at most once (`crypto.hash`).
 *
 * Protected methods are the seams at which the deliberately broken runtimes of `src/adapters` deviate.
 */
export class ReferenceRuntime {
  readonly window: Window;
  readonly store: BackingStore;
  readonly tombstones = new TombstoneStore();
  readonly ledger = new RequestLedger();
  readonly log = new AuditLog();
  /** Every span ever seen, resident or not; an evicted span keeps its metadata, not its content. */
  protected readonly known = new Map<string, Span>();
  frame: string;
  /** How many re-frames have happened: derivations are tied to an epoch, not to a frame's text. */
  frameEpoch = 0;
  modelVersion: string;
  policyVersion: string;
  step = 0;
  /** The episode clock in seconds: world time, set by the calls that carry `at` (INV-09, D-18). */
  clock = 0;
  /** Who makes the choices spec/SPEC.md §7 leaves open, for the operation being applied. */
  chooser: Chooser = REFERENCE_CHOOSER;
  /** The ids whose index entries the last operation folded into the gap marker (INV-29, D-26): the harness observes them. */
  folded: readonly string[] = [];
  /** Tokens in use (resident spans and the index) before the last operation: what its capacity answer started from. */
  usedBefore = 0;
  private tokenOffset = 0;

  constructor(config: RuntimeConfig) {
    if (!Number.isInteger(config.capacity) || config.capacity <= 0) {
      throw new ModelError('BAD_CONFIG', 'new ReferenceRuntime', `capacity must be a positive integer of tokens, got ${String(config.capacity)}`);
    }
    const markerTokens = config.markerTokens ?? DEFAULT_MARKER_TOKENS;
    if (!Number.isInteger(markerTokens) || markerTokens < 0 || markerTokens >= config.capacity) {
      throw new ModelError('BAD_CONFIG', 'new ReferenceRuntime', `markerTokens must be an integer of tokens from 0 to capacity - 1 (the window keeps room for one index entry), got ${String(markerTokens)} with capacity ${config.capacity}`);
    }
    // One record per span: the window, the backing store and the tombstone store keep what they know of a span on
    // its record in `known`, so a directive looks a span up once, by id.
    this.window = this.newWindow(config.capacity, markerTokens, this.known);
    this.store = this.newStore(config.storeDistinguishesAbsent ?? true);
    this.store.bind(this.known);
    this.tombstones.bind(this.known);
    this.frame = config.frame ?? 'initial';
    this.modelVersion = config.modelVersion ?? 'model-1';
    this.policyVersion = config.policyVersion ?? 'policy-1';
  }

  /** The window, sharing the table of span records; a runtime that accounts its index otherwise (the zoo) answers its own. */
  protected newWindow(capacity: number, markerTokens: number, table: Map<string, Span>): Window {
    return new Window(capacity, markerTokens, table);
  }

  /** The pointer the gap marker names (D-26); its spelling is the runtime's (C-4). */
  protected gapPointer(): string {
    return GAP_POINTER;
  }

  /** The backing store; a runtime with its own handle spelling (C-4) answers its own. */
  protected newStore(distinguishesAbsent: boolean): BackingStore {
    return new BackingStore(distinguishesAbsent);
  }

  /**
   * Validates, executes and logs one operation. Throws `ModelError` for malformed input, changing nothing.
   * Where spec/SPEC.md §7 leaves the runtime a choice, `chooser` makes it (default: the reference's own).
   */
  apply(op: Operation, chooser: Chooser = REFERENCE_CHOOSER): Outcome {
    validateOperation(op, this);
    return this.applyValidated(op, chooser);
  }

  /**
   * `apply` without its validation, for a caller that has just validated `op` against this runtime as it is
   * (the engine's step validates each operation before the system sees it; validating again cost about 1 % of a
   * checked step). Not for subclasses' own choices: a runtime that overrides `apply` is not reached through it.
   */
  applyValidated(op: Operation, chooser: Chooser = REFERENCE_CHOOSER): Outcome {
    this.step += 1;
    this.chooser = chooser;
    this.window.takeFolded();
    this.usedBefore = this.window.used;
    try {
      const outcome = this.execute(op);
      this.log.record({ step: this.step, operation: op, outcome });
      return outcome;
    } finally {
      this.chooser = REFERENCE_CHOOSER;
      this.folded = this.window.takeFolded();
    }
  }

  isKnown(id: string): boolean {
    return this.known.has(id);
  }

  span(id: string): Span | undefined {
    return this.known.get(id);
  }

  /** Every span ever seen, resident or not, in the order first seen. */
  knownSpans(): IterableIterator<Span> {
    return this.known.values();
  }

  observe(spanId: string): SpanObservation {
    const span = this.window.get(spanId);
    const observation: SpanObservation = {
      spanId,
      resident: span === undefined ? undefined : this.view(span),
      index: this.window.indexEntry(spanId),
      tombstone: this.tombstones.get(spanId),
    };
    return this.window.isFolded(spanId) ? { ...observation, gap: this.gapPointer() } : observation;
  }

  /** The full derivation chain of a span: its sources, their sources, and so on (INV-05). O(chain). */
  derivationChain(spanId: string): string[] {
    const seen = new Set<string>();
    const stack = [...(this.known.get(spanId)?.sources ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(this.known.get(id)?.sources ?? []));
    }
    return [...seen];
  }

  view(span: Span): SpanView {
    return { id: span.id, kind: span.kind, content: span.content, tokens: span.tokens, score: span.score, floored: this.effectiveScore(span) === Number.POSITIVE_INFINITY, sources: span.sources, provenance: span.provenance };
  }

  protected execute(op: Operation): Outcome {
    switch (op.kind) {
      case 'append': return this.append(op);
      case 'persist': {
        const span = this.window.get(op.spanId);
        if (span === undefined) return this.reject(op.spanId, 'not-resident');
        return { kind: 'persisted', spanId: op.spanId, handle: this.store.put(span.id, span.content) };
      }
      case 'rotate': return { kind: 'rotated', expired: this.store.expire(op.spanIds) };
      case 'overwrite':
        this.store.overwrite(op.spanId, op.content);
        return { kind: 'overwritten', spanId: op.spanId };
      case 'edit': return this.edit(op);
      case 'prune': return this.prune(op);
      case 'summarize': return this.summarize(op);
      case 'reframe': return this.reframe(op);
      case 'compact': return this.compact(op);
      case 'restore': return this.restore(op);
      case 'lookup': return this.lookup(op.spanId);
      case 'claim': return this.claim(op);
      case 'callTool': return this.callTool(op);
      case 'setVersion':
        this.modelVersion = op.modelVersion ?? this.modelVersion;
        this.policyVersion = op.policyVersion ?? this.policyVersion;
        return { kind: 'versioned', modelVersion: this.modelVersion, policyVersion: this.policyVersion };
    }
  }

  protected append(op: AppendOp): Appended | WindowFull {
    return runAppend(this, op);
  }

  /** Registers a new span as known and resident. */
  admit(span: Span): void {
    this.known.set(span.id, span);
    this.window.insert(span);
  }

  claimTokenRange(tokens: number): readonly [number, number] {
    const start = this.claimTokens(tokens);
    return [start, start + tokens];
  }

  /** Claims the next `tokens` of the episode's token stream; answers where they start. */
  claimTokens(tokens: number): number {
    const start = this.tokenOffset;
    this.tokenOffset += tokens;
    return start;
  }

  protected edit(op: EditOp): Edited | Rejected | WindowFull {
    const span = this.window.get(op.spanId);
    if (span === undefined) return this.reject(op.spanId, 'not-resident');
    const tokens = estimateTokens(op.content);
    if (!this.window.fits(tokens - span.tokens)) return this.full(op.spanId, tokens - span.tokens);
    this.window.resize(tokens - span.tokens);
    span.content = op.content;
    span.digestCache = undefined;
    span.tokens = tokens;
    return { kind: 'edited', spanId: span.id, tokens };
  }

  /** The prune directive: gate on runtime-verified state, then evict or reject (INV-02, INV-03, INV-12, INV-15). */
  protected prune(op: PruneOp): Evicted | Rejected {
    const span = this.window.get(op.spanId);
    if (span === undefined) return this.reject(op.spanId, 'not-resident');
    const decision = this.gate(span, op.acceptLossy === true);
    const outcome = decision.kind === 'reject' ? this.reject(span.id, decision.reason, decision.check) : this.evict(span, decision.mode, decision.check);
    return op.claimSafe === true ? { ...outcome, safeClaim: this.judgeSafeClaim(span, decision.check) } : outcome;
  }

  /**
   * D-21: the model's `claimSafe` is an input, never a proof (seed 002): the runtime answers it from its own
   * check, made before the span left. Upheld when a lossless route was open, refuted otherwise.
   */
  protected judgeSafeClaim(span: Span, check: BackingCheck): SafeClaim {
    return this.isDerivable(span) || isResolvable(check) ? 'upheld' : 'refuted';
  }

  /**
   * INV-03: derivable → evict; else runtime-checked backing copy → reversible; else explicit loss → lossy;
   * else reject; INV-02 comes first. The model's `claimSafe` is deliberately not a parameter. The chooser picks
   * among the allowed options (both lossless modes may be open: C-1); `gateOptions` lists them.
   */
  gate(span: Span, acceptLossy: boolean, by: Gatekeeper = 'prune'): GateDecision {
    if (this.chooser === REFERENCE_CHOOSER) return referenceDecision(this, span, acceptLossy, by);
    return this.chooser.gate(span, gateOptions(this, span, acceptLossy, by), by);
  }

  /** INV-02: the span has a tombstone whose digest is not its current content's. */
  contentChanged(span: Span): boolean {
    const previous = span.tombstone;
    return previous !== undefined && previous.digest !== this.spanDigest(span);
  }

  /** INV-08: a derived span whose declared derivation a re-frame since has ended. */
  derivationLapsed(span: Span): boolean {
    return span.kind === 'derived' && span.sources.length > 0 && span.derivationFrame !== this.frameEpoch;
  }

  /** Answers the refusal the chooser picks among those that apply (C-3), surfacing it as `reject` does. */
  refuse(options: readonly Refusal[]): Rejected | WindowFull {
    const refusal = options.length === 1 ? (options[0] as Refusal) : this.chooser.refusal(options);
    return refusal.kind === 'rejected' ? this.reject(refusal.spanId, refusal.reason) : this.full(refusal.spanId, refusal.needed);
  }

  /**
   * Seed 002's three conditions, checked against the store now, with the copy's bytes matching the span's.
   * Provenance (condition 3) is met through the external tombstone store (D-23): the eviction's tombstone keeps
   * the copy's handle and digest, so a later retrieval is told apart from "not found" (and a changed copy from
   * the evicted bytes) whatever the backing store answers for an expired copy.
   */
  backingCheck(span: Span): BackingCheck {
    // The span's latest copy is on its record (the store is bound to `known`): no lookup by id or by handle.
    const copy = span.copy;
    const handle = copy?.handle;
    let existence = false;
    if (copy?.content !== undefined) {
      const own = this.spanDigest(span);
      // A copy holding the span's own string is hashed once for both: it has the span's digest.
      const stored = this.store.digestOf(copy as LiveCopy, span.content, own);
      existence = stored === own;
      // The copy matches: keep one string, the store's, instead of two of the same 64 hex characters.
      if (existence) span.digestCache = stored;
    }
    return { existence, addressable: handle !== undefined, provenance: this.hasProvenance(), handle };
  }

  /** Condition 3: the reference keeps an external tombstone for every eviction (INV-01), so it always holds. */
  protected hasProvenance(): boolean {
    return true;
  }

  /**
   * The resident spans `isDerivable` can hold for, in window order: the derived ones (a raw span never is,
   * INV-06, nor a summary). A re-frame measures derivability on these only; a runtime that widens `isDerivable`
   * widens this with it.
   */
  derivabilityCandidates(): Iterable<Span> {
    return this.window.derivedSpans();
  }

  /** INV-06, INV-08 (D-03): only `derived` spans, under the frame they were declared in, with every source resident. */
  isDerivable(span: Span): boolean {
    if (span.kind !== 'derived' || span.derivationFrame !== this.frameEpoch || span.sources.length === 0) return false;
    for (const id of span.sources) if (!this.window.has(id)) return false;
    return true;
  }

  /**
   * Removes a span from the window, writes its external tombstone and its in-window marker (INV-01). `deferred`
   * collects the marker instead of writing it, for a directive that writes its markers together (a compaction).
   */
  evict(span: Span, mode: EvictionMode, check: BackingCheck | undefined, deferred?: Map<string, IndexEntry>): Evicted {
    const handle = mode === 'reversible' ? check?.handle : undefined;
    const tombstone = this.tombstoneFor(span, mode, handle);
    this.window.removeSpan(span);
    this.writeTombstone(tombstone, span);
    const marker = this.markerFor(span, mode, handle);
    if (deferred === undefined) this.window.mark(marker);
    else deferred.set(span.id, marker);
    span.content = '';
    return { kind: 'evicted', spanId: span.id, mode, handle, check, tombstone };
  }

  protected tombstoneFor(span: Span, mode: EvictionMode, handle: string | undefined): Tombstone {
    return {
      spanId: span.id,
      tokenRange: span.tokenRange,
      policyVersion: this.policyVersion,
      modelVersion: this.modelVersion,
      score: span.score,
      digest: this.spanDigest(span),
      derivationChain: span.sources,
      frameEpoch: this.frameEpoch,
      mode,
      handle,
      step: this.step,
    };
  }

  protected markerFor(span: Span, mode: EvictionMode, handle: string | undefined): IndexEntry {
    if (mode === 'reversible' && handle !== undefined) return { kind: 'handle', spanId: span.id, handle };
    if (mode === 'derivable') return { kind: 'derivable', spanId: span.id, sources: span.sources };
    return { kind: 'lossy', spanId: span.id, text: lossyMarkerText(span.id) };
  }

  /** `span` is the evicted span's record, on which the bound tombstone store keeps its tombstone (no lookup by id). */
  protected writeTombstone(tombstone: Tombstone, span?: Span): void {
    this.tombstones.put(tombstone, span);
  }

  digestOf(content: string): string {
    return digest(content);
  }

  /** The digest of a span's current content, hashed once per content version. */
  spanDigest(span: Span): string {
    span.digestCache ??= this.digestOf(span.content);
    return span.digestCache;
  }

  /** Surfaces a refusal into the window (INV-12) and answers it as data. */
  reject(spanId: string, reason: RejectionReason, check?: BackingCheck): Rejected {
    if (this.known.has(spanId)) this.surfaceRejection(spanId, reason);
    return check === undefined ? { kind: 'rejected', spanId, reason } : { kind: 'rejected', spanId, reason, check };
  }

  protected surfaceRejection(spanId: string, reason: RejectionReason): void {
    if (this.window.has(spanId)) this.window.mark({ kind: 'rejected', spanId, reason, step: this.step });
  }

  full(spanId: string, needed: number): WindowFull {
    return { kind: 'window-full', spanId, needed, used: this.window.used, capacity: this.window.capacity };
  }

  /** The retention score policies see: `Infinity` for floored spans (INV-07, INV-08). */
  effectiveScore(span: Span): number {
    return span.floored || this.isFloored(span) ? Number.POSITIVE_INFINITY : span.score;
  }

  /** INV-07: a raw observation with no resolvable pointer sits on the retention floor. */
  protected isFloored(span: Span): boolean {
    return span.kind === 'raw' && !this.hasResolvablePointer(span);
  }

  hasResolvablePointer(span: Span): boolean {
    const check = this.backingCheck(span);
    return check.existence && check.addressable && check.provenance;
  }

  protected summarize(op: SummarizeOp): Summarized | Rejected | WindowFull {
    return runSummarize(this, op);
  }

  protected reframe(op: ReframeOp): Reframed {
    return runReframe(this, op);
  }

  protected compact(op: CompactOp): Compacted {
    return runCompact(this, op);
  }

  protected restore(op: RestoreOp): Restored | Rejected | WindowFull {
    return runRestore(this, op);
  }

  lookup(spanId: string): LookupAnswer {
    return answerLookup(this, spanId);
  }

  protected claim(op: ClaimOp): ClaimVerdict {
    return judgeClaim(this, op);
  }

  /** INV-09: the effect ledger, not the window, decides whether a side-effecting call may go out (D-18). */
  protected callTool(op: CallToolOp): ToolCallOutcome {
    return runCallTool(this, op);
  }
}
