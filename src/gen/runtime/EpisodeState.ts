import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { DEFAULT_DOMAIN, type EpisodeDomain } from './EpisodeDomain.ts';
import { lookalikeForms, spanIdOf } from './identifiers.ts';
import { RING, RingChoices } from './RingChoices.ts';

export { RING } from './RingChoices.ts';

/**
 * The distinct request ids (`req-<n>`) a content mentions, in first-mention order: read once per content and kept
 * (a bounded map), since appends draw the same few contents again and again, and the long ones (8 KB, shared by
 * every append of that shape) mention a request a hundred times over. Reading each append's content anew was
 * about 1 % of a check's CPU. A span mentioning a request twice counts once in `EpisodeState.mentions`, as every
 * reader asks only whether some mentioning span is resident.
 */
function requestIdsIn(content: string): readonly string[] {
  // Most contents mention no request (a derived span's, unique to it, among them): nothing is kept for those.
  if (!content.includes('req-')) return NO_IDS;
  let ids = requestIdsByContent.get(content);
  if (ids === undefined) {
    ids = [...new Set(content.match(/req-\d+\b/g))];
    // A fixed trace's content can be of any size: what is kept stays within 1,024 contents of 16 K characters.
    if (content.length > KEPT_CONTENT_MAX) return ids;
    if (requestIdsByContent.size >= KEPT_CONTENTS) requestIdsByContent.clear();
    requestIdsByContent.set(content, ids);
  }
  return ids;
}

const requestIdsByContent = new Map<string, readonly string[]>();
const NO_IDS: readonly string[] = Object.freeze([]);
const KEPT_CONTENTS = 1_024;
const KEPT_CONTENT_MAX = 16_384;

/** The id pools of one moment of the episode, with what they were computed from (see `EpisodeState.currentPools`). */
interface Pools {
  readonly changes: number;
  readonly idCount: number;
  readonly resident: readonly string[];
  readonly evicted: readonly string[];
  derivable: readonly string[] | undefined;
}

/**
 * The harness's side of one generated episode: the reference runtime run in lock-step with the system under
 * test (it is both the oracle and the source of truth for what was appended), plus the pools templates pick
 * targets from. Pools hold every id in order of first appearance; episodes are short, so picking filters them.
 *
 * Targets are chosen by stable identity: every span is created with a drawn name, and a pick chooses the pool's
 * span whose name is the first at or after the pick on a ring. Deleting an unrelated step (what shrinking does)
 * never changes which span a later step targets, as an index into the current pool would.
 */
export class EpisodeState {
  readonly reference: ReferenceRuntime;
  readonly config: RuntimeConfig;
  readonly domain: EpisodeDomain;
  /** Every span id the episode has created, in order. */
  readonly ids: string[] = [];
  /** The name each created id was drawn with: its place on the ring. */
  private readonly names = new Map<string, number>();
  readonly summarized = new Set<string>();
  readonly edited = new Set<string>();
  readonly persisted = new Set<string>();
  readonly restored = new Set<string>();
  /** By request id, the span ids whose content mentions it (each once): for "retry after every mention was pruned". */
  readonly mentions = new Map<string, string[]>();
  /** Signatures whose last attempt that went out failed or has an unknown outcome. */
  readonly failedOrUnknown = new Set<string>();
  readonly lookedUp = new Set<'evicted' | 'lookalike'>();
  /** Spans summarized first and rotated out of the backing store afterwards. */
  readonly rotatedAfterSummary = new Set<string>();
  /** Every choice a template makes, by stable identity, held to what it chose the first time its step ran. */
  readonly ring = new RingChoices();
  /** Names of the steps being resolved, until the step's operation is noted. */
  private pendingName: { readonly id: string; readonly name: number } | undefined;
  /** The calls resolved so far: their ring position, signature index and spelling. */
  private readonly calls: { readonly pick: number; readonly index: number; readonly form: number }[] = [];
  /** The signature of every call resolved so far, in order: how many others came between two attempts of one. */
  private readonly signatures: string[] = [];
  /** The signature indices called so far, and the smallest not among them (it only grows, as the set does). */
  private readonly calledIndices = new Set<number>();
  private freshIndex = 0;
  /** Spans whose backing copy an overwrite replaced with other bytes of the same length (a check by length misses it). */
  readonly staleSameLength = new Set<string>();
  private frameCounter = 0;
  private versionCounter = 1;
  /** The pools derived from the window, and the window's change count and id count they were derived at. */
  private pools: Pools | undefined;

  constructor(config: RuntimeConfig, domain: EpisodeDomain = DEFAULT_DOMAIN) {
    this.config = config;
    this.domain = domain;
    this.reference = new ReferenceRuntime(config);
  }

  /**
   * A fresh span id for a span drawn with `name`; `mimic`: an id it must look like (by case, whitespace or
   * normalization, the form `pick` says first), when one of those forms is still free.
   */
  newSpanId(name: number, mimic?: { readonly id: string; readonly pick: number }): string {
    if (mimic === undefined) {
      // Most appends mimic nothing: the same id as below (no candidate forms), without building an empty list of them.
      const base = spanIdOf(name);
      const id = this.isFree(base) ? base : this.suffixed(base);
      this.pendingName = { id, name };
      return id;
    }
    const forms = lookalikeForms(mimic.id);
    const start = forms.length === 0 ? 0 : mimic.pick % forms.length;
    const candidates = [...forms.slice(start), ...forms.slice(0, start)];
    const base = spanIdOf(name);
    const id = candidates.find((c) => this.isFree(c)) ?? (this.isFree(base) ? base : this.suffixed(base));
    this.pendingName = { id, name };
    return id;
  }

  /** A fresh summary id for a summary drawn with `name`. */
  newSummaryId(name: number): string {
    const base = `sum${name}`;
    const id = this.isFree(base) ? base : this.suffixed(base);
    this.pendingName = { id, name };
    return id;
  }

  private isFree(id: string): boolean {
    return !this.reference.isKnown(id);
  }

  private suffixed(base: string): string {
    for (let k = 2; ; k += 1) if (this.isFree(`${base}-${k}`)) return `${base}-${k}`;
  }

  nextFrame(): string {
    this.frameCounter += 1;
    return `frame-${this.frameCounter}`;
  }

  nextVersion(): number {
    this.versionCounter += 1;
    return this.versionCounter;
  }

  /** The member of `pool` a pick chooses: the first name at or after `pick` on the ring (ties: the earliest). */
  choose(pool: readonly string[], pick: number): string | undefined {
    return this.ring.chooseByPlace(pool, this.names, pick);
  }

  /**
   * The distinct members of `pool` the picks choose, in pick order (every pick chooses, in order, as each makes a
   * pin). Picks are one to four: a list searched per choice, not a set and three arrays per call.
   */
  chooseMany(pool: readonly string[], picks: readonly number[]): string[] {
    const chosen: string[] = [];
    for (let i = 0; i < picks.length; i += 1) {
      const id = this.choose(pool, picks[i] as number);
      if (id !== undefined && !chosen.includes(id)) chosen.push(id);
    }
    return chosen;
  }

  /** A call made earlier in the episode, chosen by its pick on the ring as spans are: what a retry repeats. */
  chooseCall(pick: number): { readonly index: number; readonly form: number } | undefined {
    return this.ring.choose(this.calls, (call) => call.pick, pick);
  }

  /** One of the signature indices `candidates`, chosen on the ring (each index has its own place). */
  chooseSignature(candidates: readonly number[], pick: number): number | undefined {
    return this.ring.choose(candidates, (index) => (index * 97) % RING, pick);
  }

  /** Records a call about to be made (a call always reaches the ledger's decision): a later retry may repeat it. */
  called(pick: number, index: number, form: number, signature: string): void {
    this.calls.push({ pick, index, form });
    this.calledIndices.add(index);
    this.signatures.push(signature);
  }

  /** The episode's first call, for a planned retry of it after many others (`CallSweep` 'first'). */
  firstCall(): { readonly index: number; readonly form: number } | undefined {
    return this.calls[0];
  }

  /** The smallest signature index not called yet: a planned call that is none of the episode's earlier ones. */
  freshSignatureIndex(): number {
    while (this.calledIndices.has(this.freshIndex)) this.freshIndex += 1;
    return this.freshIndex;
  }

  /**
   * For the call just resolved (the last one recorded): how many distinct other signatures were called since the
   * previous attempt of its signature, or undefined when it has none (it is no retry).
   */
  othersSinceLastAttempt(): number | undefined {
    const last = this.signatures.length - 1;
    const signature = this.signatures[last];
    const previous = this.signatures.lastIndexOf(signature as string, last - 1);
    if (last < 1 || previous < 0) return undefined;
    return new Set(this.signatures.slice(previous + 1, last)).size;
  }

  /** The signature indices whose request ids (`req-<index>`) some appended content mentions. */
  mentionedRequests(): number[] {
    return [...this.mentions.keys()].map((requestId) => Number(requestId.slice('req-'.length)));
  }

  /** The created ids resident in the reference's window, in order of creation. */
  resident(): readonly string[] {
    return this.currentPools().resident;
  }

  /** The created ids no longer resident (evicted, or summarized away), in order of creation. */
  evicted(): readonly string[] {
    return this.currentPools().evicted;
  }

  /** The evicted ids whose tombstone says derivable (a tombstone is written only with an eviction). */
  derivableTombstones(): readonly string[] {
    const pools = this.currentPools();
    pools.derivable ??= pools.evicted.filter((id) => this.reference.tombstones.get(id)?.mode === 'derivable');
    return pools.derivable;
  }

  /**
   * The pools as of now: computed once per change of the window (`Window.changes`) or of the ids, so the several
   * picks of one step, and every step that changes nothing (a lookup, a claim, a refusal), share one pass over the ids.
   */
  private currentPools(): Pools {
    const changes = this.reference.window.changes;
    const cached = this.pools;
    if (cached !== undefined && cached.changes === changes && cached.idCount === this.ids.length) return cached;
    const resident: string[] = [];
    const evicted: string[] = [];
    const { window } = this.reference;
    const { ids } = this;
    for (let i = 0; i < ids.length; i += 1) {
      const id = ids[i] as string;
      (window.has(id) ? resident : evicted).push(id);
    }
    this.pools = { changes, idCount: this.ids.length, resident, evicted, derivable: undefined };
    return this.pools;
  }

  /** Records what the reference did, so later templates can target it. */
  note(op: Operation, outcome: Outcome): void {
    if (op.kind === 'append' && outcome.kind === 'appended') {
      this.created(op.span.id);
      if (op.span.persist === true) this.persisted.add(op.span.id);
      const requestIds = requestIdsIn(op.span.content);
      for (let i = 0; i < requestIds.length; i += 1) {
        const requestId = requestIds[i] as string;
        // Added in place: a copy per mention made the episode quadratic in the mentions of a request id.
        const spans = this.mentions.get(requestId);
        if (spans === undefined) this.mentions.set(requestId, [op.span.id]);
        else spans.push(op.span.id);
      }
    }
    if (op.kind === 'summarize' && outcome.kind === 'summarized') {
      this.created(op.summaryId);
      for (const id of op.sourceIds) this.summarized.add(id);
    }
    this.pendingName = undefined;
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

  /** A span was created: it joins the pools, at its drawn name on the ring (a fixed trace's ids sit at 0). */
  private created(id: string): void {
    this.ids.push(id);
    this.names.set(id, this.pendingName?.id === id ? this.pendingName.name : 0);
  }
}
