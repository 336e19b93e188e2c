import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../model/ReferenceRuntime.ts';

/**
 * The harness's side of one generated episode: the reference runtime run in lock-step with the system under
 * test (it is both the oracle and the source of truth for what was appended), plus the pools templates pick
 * targets from. Pools hold every id in order of first appearance; episodes are short, so picking filters them.
 */
export class EpisodeState {
  readonly reference: ReferenceRuntime;
  readonly config: RuntimeConfig;
  /** Every span id the episode has created, in order. */
  readonly ids: string[] = [];
  readonly summarized = new Set<string>();
  readonly edited = new Set<string>();
  readonly persisted = new Set<string>();
  readonly restored = new Set<string>();
  /** Span ids whose content mentions a request id: for "retry after every mention was pruned". */
  readonly mentions = new Map<string, string[]>();
  /** Signatures whose last attempt that went out failed or has an unknown outcome. */
  readonly failedOrUnknown = new Set<string>();
  readonly lookedUp = new Set<'evicted' | 'lookalike'>();
  /** Spans summarized first and rotated out of the backing store afterwards. */
  readonly rotatedAfterSummary = new Set<string>();
  private spanCounter = 0;
  private summaryCounter = 0;
  private frameCounter = 0;
  private versionCounter = 1;

  constructor(config: RuntimeConfig) {
    this.config = config;
    this.reference = new ReferenceRuntime(config);
  }

  nextSpanId(): string {
    this.spanCounter += 1;
    return `s${this.spanCounter}`;
  }

  nextSummaryId(): string {
    this.summaryCounter += 1;
    return `sum${this.summaryCounter}`;
  }

  nextFrame(): string {
    this.frameCounter += 1;
    return `frame-${this.frameCounter}`;
  }

  nextVersion(): number {
    this.versionCounter += 1;
    return this.versionCounter;
  }

  resident(): string[] {
    return this.ids.filter((id) => this.reference.window.has(id));
  }

  evicted(): string[] {
    return this.ids.filter((id) => !this.reference.window.has(id));
  }

  /** Records what the reference did, so later templates can target it. */
  note(op: Operation, outcome: Outcome): void {
    if (op.kind === 'append' && outcome.kind === 'appended') {
      this.ids.push(op.span.id);
      if (op.span.persist === true) this.persisted.add(op.span.id);
      for (const requestId of op.span.content.match(/req-\d+/g) ?? []) {
        this.mentions.set(requestId, [...(this.mentions.get(requestId) ?? []), op.span.id]);
      }
    }
    if (op.kind === 'summarize' && outcome.kind === 'summarized') {
      this.ids.push(op.summaryId);
      for (const id of op.sourceIds) this.summarized.add(id);
    }
    if (op.kind === 'persist' && outcome.kind === 'persisted') this.persisted.add(op.spanId);
    if (op.kind === 'edit' && outcome.kind === 'edited') this.edited.add(op.spanId);
    if (op.kind === 'restore' && outcome.kind === 'restored') this.restored.add(op.spanId);
    if (op.kind === 'callTool' && outcome.kind === 'executed') {
      if ((op.status ?? 'accepted') === 'accepted') this.failedOrUnknown.delete(op.signature);
      else this.failedOrUnknown.add(op.signature);
    }
    if (op.kind === 'rotate' && outcome.kind === 'rotated') {
      for (const id of outcome.expired) if (this.summarized.has(id)) this.rotatedAfterSummary.add(id);
    }
  }
}
