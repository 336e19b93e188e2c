import type { Operation } from '../../model/Operation.ts';
import { estimateTokens, RAW_KINDS, type RawKind, type SpanInput } from '../../model/Span.ts';
import { freezeData } from '../../util/freezeData.ts';
import { CONTENTS, rawKindOf, shapeContent } from './contentDomain.ts';
import type { EpisodeState } from './EpisodeState.ts';
import { lookalike, signatureIndex, signatureOf } from './identifiers.ts';
import type { OpTemplate, PrunePool } from './OpTemplate.ts';

export { CONTENTS, rawKindOf } from './contentDomain.ts';
export { lookalike } from './identifiers.ts';

const contentAt = (pick: number): string => CONTENTS[pick % CONTENTS.length] as string;

/**
 * One pick in eleven (those ending the cycle, so shrinking leaves them) names a span that is not resident: the
 * spec's answer is `rejected: not-resident` (rejected outcomes are part of the domain), and a runtime that throws
 * on one, or acts on it, is caught.
 */
const strayPick = (pick: number): boolean => pick % 11 === 10;

/** A template's last pick when it is a stray one and not its only pick, else undefined. */
function strayLast(picks: readonly number[]): number | undefined {
  const last = picks[picks.length - 1];
  return picks.length > 1 && last !== undefined && strayPick(last) ? last : undefined;
}

/** The resident span a pick chooses, or an evicted one for a stray pick (when there is one). */
function residentOrStray(state: EpisodeState, pool: readonly string[], pick: number): string | undefined {
  const evicted = strayPick(pick) ? state.evicted() : [];
  return state.choose(evicted.length > 0 ? evicted : pool, pick);
}

/**
 * Defaults left out or spelled out, without changing what the operation means: tokens equal to the estimate
 * (`estimateTokens`) are left out, and so, when `omit` says so, is a score of exactly 0.5 (the default).
 */
function defaulted<T extends { tokens?: number; score?: number }>(into: T, content: string, tokens: number, score: number, omit: boolean): T {
  // Written onto the object being built, in this order (no spread of a throwaway object per step).
  if (tokens !== estimateTokens(content)) into.tokens = tokens;
  if (!(omit && score === 0.5)) into.score = score;
  return into;
}

/** An operation's fields as they are built, in the order they are written (the order its JSON shows). */
type Building<T> = { -readonly [K in keyof T]?: T[K] };

/** The most dangerous candidates when there are any, else the wider pool. */
function preferred(narrow: readonly string[], wide: readonly string[]): readonly string[] {
  return narrow.length > 0 ? narrow : wide;
}

/** The spans a span evicted as derivable rests on. */
function derivationSources(state: EpisodeState): Set<string> {
  return new Set(state.derivableTombstones().flatMap((id) => state.reference.tombstones.get(id)?.derivationChain ?? []));
}

/**
 * An empty plain object for members named by span ids (a re-frame's scores and derivations), made in V8's
 * dictionary mode: an object literal adding fields one by one takes a new hidden class per distinct id (ids run
 * into the thousands over a check), which cost about 1 % of a check's CPU on one line. Deleting a field the
 * literal started with (not its last one) turns it into a dictionary; what the object holds, its prototype,
 * key order and JSON are those of `{}` with the same fields written.
 */
function keyedByIds<T>(): Record<string, T> {
  const record: Record<string, unknown> = { dictionary: true, mode: true };
  delete record.dictionary;
  delete record.mode;
  return record as Record<string, T>;
}

/** The kind of span `id` is, by the reference's record. */
function kindOf(state: EpisodeState, id: string): string | undefined {
  return state.reference.span(id)?.kind;
}

function prunePool(state: EpisodeState, pool: PrunePool): readonly string[] {
  const resident = state.resident();
  const filtered =
    pool === 'summarized-source' ? preferred(resident.filter((id) => state.rotatedAfterSummary.has(id)), resident.filter((id) => state.summarized.has(id)))
    : pool === 'summary' ? resident.filter((id) => kindOf(state, id) === 'summary')
    : pool === 'derived' ? preferred(resident.filter((id) => state.reference.span(id)?.floored === true), resident.filter((id) => kindOf(state, id) === 'derived'))
    : pool === 'edited' ? preferred(resident.filter((id) => state.edited.has(id) && state.restored.has(id)), resident.filter((id) => state.edited.has(id)))
    : resident;
  return filtered.length > 0 ? filtered : resident;
}

/**
 * Turns a drawn template into a concrete operation against the episode as it is now, or `undefined` when
 * the template has nothing to act on (then the step is skipped and not recorded). Targets are chosen by name
 * (`EpisodeState.choose`), never by position.
 *
 * The operation comes frozen all the way down, as the driver would freeze it before handing it to the system
 * (`deepFreeze`, which then finds it frozen and returns): it is plain data built here, so `freezeData` freezes the
 * same objects at a fraction of the cost.
 */
export function resolveTemplate(template: OpTemplate, state: EpisodeState): Operation | undefined {
  const op = resolveOperation(template, state);
  return op === undefined ? undefined : freezeData(op);
}

function resolveOperation(template: OpTemplate, state: EpisodeState): Operation | undefined {
  switch (template.kind) {
    case 'append': {
      const sources = template.derived ? state.chooseMany(state.resident(), template.sourcePicks) : [];
      const text = contentAt(template.contentPick);
      const content = shapeContent(text, template.shape, template.contentPick);
      const like = template.lookalikeOf === undefined ? undefined : state.choose(state.ids, template.lookalikeOf);
      const mimic = like === undefined || template.lookalikeOf === undefined ? undefined : { id: like, pick: template.lookalikeOf };
      const id = state.newSpanId(template.name, mimic);
      // Half the time (by shape, so shrinking ends there) the default raw kind 'other' and score 0.5 go unsaid.
      const terse = template.shape % 2 === 0;
      if (sources.length > 0) {
        const derivedContent = `derived from ${sources.join(', ')}: ${content.length} chars`;
        const span = defaulted<Building<SpanInput>>({ id }, derivedContent, template.tokens, template.score, terse);
        span.persist = template.persist;
        span.kind = 'derived';
        span.content = derivedContent;
        span.sources = sources;
        return { kind: 'append', span: span as SpanInput };
      }
      const rawKind = rawKindOf(text);
      const span = defaulted<Building<SpanInput>>({ id }, content, template.tokens, template.score, terse);
      span.persist = template.persist;
      span.kind = 'raw';
      span.content = content;
      if (!(rawKind === 'other' && terse)) span.rawKind = rawKind;
      return { kind: 'append', span: span as SpanInput };
    }
    case 'persist': {
      const spanId = residentOrStray(state, state.resident(), template.pick);
      return spanId === undefined ? undefined : { kind: 'persist', spanId };
    }
    case 'rotate': {
      // Rotating copies of summarized spans first is what makes "rotation between summarize and prune" likely.
      const persisted = [...state.persisted];
      const summarized = persisted.filter((id) => state.summarized.has(id) && state.reference.window.has(id));
      const spanIds = state.chooseMany(summarized.length > 0 && (template.picks[0] ?? 0) % 2 === 0 ? summarized : persisted, template.picks);
      return template.all || spanIds.length === 0 ? { kind: 'rotate' } : { kind: 'rotate', spanIds };
    }
    case 'overwrite': {
      // Copies of spans evicted reversibly first: that is what makes "a stale copy restored or looked up" reachable.
      const persisted = [...state.persisted];
      const evicted = persisted.filter((id) => state.reference.tombstones.get(id)?.mode === 'reversible' && !state.reference.window.has(id));
      // Now and then the source of a span evicted as derivable: a derivable lookup must then check the copy's bytes.
      const chains = template.pick % 3 === 1 ? derivationSources(state) : new Set<string>();
      const sources = evicted.filter((id) => chains.has(id));
      const spanId = state.choose(sources.length > 0 ? sources : evicted.length > 0 && template.pick % 3 !== 0 ? evicted : persisted, template.pick);
      if (spanId === undefined) return undefined;
      const content = overwriteContent(state, spanId, template.contentPick, template.shape);
      const before = state.reference.store.handleFor(spanId);
      const read = before === undefined ? undefined : state.reference.store.read(before);
      if (read?.status === 'present' && read.content !== content && read.content.length === content.length) state.staleSameLength.add(spanId);
      return { kind: 'overwrite', spanId, content };
    }
    case 'edit': {
      // Editing a restored span is what makes "content changed, then re-evicted" reachable.
      const restored = state.resident().filter((id) => state.restored.has(id));
      const spanId = residentOrStray(state, restored.length > 0 && template.pick % 4 !== 0 ? restored : state.resident(), template.pick);
      return spanId === undefined ? undefined : { kind: 'edit', spanId, content: shapeContent(`${contentAt(template.contentPick)} (revised, draft ${template.contentPick % 10})`, template.shape, template.contentPick) };
    }
    case 'prune': {
      const spanId = residentOrStray(state, prunePool(state, template.pool), template.pick);
      if (spanId === undefined) return undefined;
      const op: Building<Extract<Operation, { kind: 'prune' }>> = { kind: 'prune', spanId };
      if (template.acceptLossy) op.acceptLossy = true;
      if (template.claimSafe) op.claimSafe = true;
      return op as Operation;
    }
    case 'summarize':
      return resolveSummarize(template, state);
    case 'reframe': {
      const scores = keyedByIds<number>();
      for (const [p, score] of template.scores) {
        const id = state.choose(state.ids, p);
        if (id !== undefined) scores[id] = score;
      }
      const derivations = keyedByIds<string[]>();
      const derived = state.resident().filter((id) => state.reference.span(id)?.kind === 'derived');
      for (const [p, sourcePicks] of template.derivations) {
        // A stray pick re-declares any span the episode has seen (raw, summary, evicted) or names evicted
        // sources: the runtime verifies a re-declaration, never trusts it (D-03), so these derive nothing.
        const id = state.choose(strayPick(p) ? state.ids : derived, p);
        if (id === undefined) continue;
        const sources = state.chooseMany((sourcePicks.some(strayPick) ? state.ids : state.resident()).filter((s) => s !== id), sourcePicks);
        if (sources.length > 0) derivations[id] = sources;
      }
      return { kind: 'reframe', frame: state.nextFrame(), scores, derivations };
    }
    case 'compact':
      return { kind: 'compact', threshold: template.threshold };
    case 'restore': {
      const evicted = state.evicted();
      const recoverable = evicted.filter((id) => state.reference.lookup(id).kind === 'recoverable');
      // Spans whose entry was folded into the gap marker first now and then: the entry and its pointer must leave.
      const folded = template.pick % 4 === 1 ? recoverable.filter((id) => state.reference.window.isFolded(id)) : [];
      // A stray pick restores a resident span: the answer is rejected (not-recoverable).
      const pool = strayPick(template.pick) ? state.resident() : folded.length > 0 ? folded : recoverable.length > 0 && template.pick % 4 !== 0 ? recoverable : evicted;
      const spanId = state.choose(pool, template.pick);
      return spanId === undefined ? undefined : { kind: 'restore', spanId };
    }
    case 'lookup': {
      if (template.pool === 'never-seen') return { kind: 'lookup', spanId: `ghost-${template.pick % 7}` };
      const derivable = template.pool === 'evicted' && template.pick % 3 === 1 ? state.derivableTombstones() : [];
      const pool = template.pool === 'resident' ? state.resident() : template.pool === 'evicted' ? (derivable.length > 0 ? derivable : state.evicted()) : state.ids;
      const id = state.choose(pool.length > 0 ? pool : state.ids, template.pick);
      if (id === undefined) return { kind: 'lookup', spanId: `ghost-${template.pick % 7}` };
      return { kind: 'lookup', spanId: template.pool === 'lookalike' ? lookalike(id, template.pick) : id };
    }
    case 'claim':
      return resolveClaim(template, state);
    case 'callTool': {
      const drawn = { index: signatureIndex(template.signaturePick, state.domain.signatures, state.mentionedRequests(), (candidates, pick) => state.chooseSignature(candidates, pick)), form: template.form };
      const { index, form } = plannedCall(template, state) ?? (template.repeat ? (state.chooseCall(template.signaturePick) ?? drawn) : drawn);
      const { signature, requestId, key } = signatureOf(index, form);
      state.called(template.signaturePick, index, form, signature);
      const op: Building<Extract<Operation, { kind: 'callTool' }>> = { kind: 'callTool', signature, requestId };
      if (template.retryAfter !== undefined) op.retryAfter = template.retryAfter;
      // The defaults spelled out now and then: status 'accepted', and an `at` equal to the clock (0 at the start).
      if (!(template.status === 'accepted' && template.signaturePick % 3 !== 0)) op.status = template.status;
      if (!(template.advance === 0 && template.signaturePick % 2 !== 0)) op.at = state.reference.clock + template.advance;
      if (template.keyed) op.idempotencyKey = key;
      return op as Operation;
    }
    case 'setVersion': {
      const n = state.nextVersion();
      if (template.which === 'model') return { kind: 'setVersion', modelVersion: `model-${n}` };
      if (template.which === 'policy') return { kind: 'setVersion', policyVersion: `policy-${n}` };
      return { kind: 'setVersion', modelVersion: `model-${n}`, policyVersion: `policy-${n}` };
    }
  }
}

/** A planned call's signature (`CallSweep`): one not called yet, or the episode's first call again; none for a drawn call. */
function plannedCall(template: Extract<OpTemplate, { kind: 'callTool' }>, state: EpisodeState): { readonly index: number; readonly form: number } | undefined {
  if (template.sweep === undefined) return undefined;
  return template.sweep === 'first' ? state.firstCall() : { index: state.freshSignatureIndex(), form: 0 };
}

function resolveSummarize(template: Extract<OpTemplate, { kind: 'summarize' }>, state: EpisodeState): Operation | undefined {
  const resident = state.resident();
  const summaries = resident.filter((id) => state.reference.span(id)?.kind === 'summary');
  const first = template.preferSummaries ? state.choose(summaries, template.picks[0] ?? 0) : undefined;
  const sourceIds = first === undefined ? state.chooseMany(resident, template.picks) : [first, ...state.chooseMany(resident, template.picks.slice(1))];
  // A stray last pick adds an evicted source: the summary is refused (rejected: not-resident, among C-3's refusals).
  const strayAt = strayLast(template.picks);
  const stray = strayAt === undefined ? undefined : state.choose(state.evicted(), strayAt);
  const unique = [...new Set(stray === undefined ? sourceIds : [...sourceIds, stray])];
  if (unique.length === 0) return undefined;
  const content = template.fabricate ? 'handled rate limiting by backing off' : shapeContent(`summary of ${unique.join(', ')}: the gist, without identifiers`, template.shape, template.tokens);
  const op = defaulted<Building<Extract<Operation, { kind: 'summarize' }>>>({ kind: 'summarize', summaryId: state.newSummaryId(template.name), sourceIds: unique, content }, content, template.tokens, template.score, template.name % 2 === 0);
  if (template.escalate) op.escalate = true;
  return op as Operation;
}

const NEGATIVE_SCOPES: readonly ('any' | 'error' | 'user')[] = ['any', 'error', 'user'];
const CLAIM_TEXTS: { readonly [K in RawKind | 'any']: string } = {
  any: 'nothing went wrong',
  error: 'no error occurred',
  user: 'the user never asked for that',
  other: 'nothing else happened',
  identifier: 'no such id was mentioned',
  'tool-output': 'no tool returned that',
};

function resolveClaim(template: Extract<OpTemplate, { kind: 'claim' }>, state: EpisodeState): Operation | undefined {
  // A negative claim ("no error occurred") rests on every raw observation of its kinds, never on the window.
  // Three in seven claims are negative, chosen by the first pick (no extra draw).
  const first = template.picks[0] ?? 0;
  // Every other user-scoped one is scoped to 'other' instead: the kind a raw span without rawKind has.
  const scope = NEGATIVE_SCOPES[first % 7];
  const negative: RawKind | 'any' | undefined = scope === 'user' && first % 14 === 9 ? 'other' : scope;
  if (negative !== undefined) {
    const also = template.picks[1] === undefined ? undefined : RAW_KINDS[template.picks[1] % RAW_KINDS.length];
    const rawKinds: RawKind[] | undefined = negative === 'any' ? undefined : [...new Set(also === undefined ? [negative] : [negative, also])];
    return { kind: 'claim', claim: CLAIM_TEXTS[negative], requiredIds: [], negative: true, ...(rawKinds === undefined ? {} : { rawKinds }) };
  }
  const requiredIds = state.chooseMany(state.ids, template.picks);
  // A stray last pick names an id never seen: the claim is unfounded (INV-10).
  const ghostAt = strayLast(template.picks);
  if (ghostAt !== undefined) requiredIds.push(`ghost-${ghostAt % 7}`);
  const lost = state.choose(state.evicted(), template.picks[0] ?? 0);
  if (template.includeLost && lost !== undefined && !requiredIds.includes(lost)) requiredIds.push(lost);
  return requiredIds.length === 0 ? undefined : { kind: 'claim', claim: `claim resting on ${requiredIds.join(', ')}`, requiredIds };
}

/**
 * What an overwrite writes over a span's copy (issue 22: the edits vary, so no check by length or prefix passes):
 * by `contentPick` mod 4, a whole other text (shaped; 0, so shrinking ends there), the same bytes with one
 * character changed, other bytes of the same length (the text reversed), or the same text with a suffix of 1 to 69
 * characters.
 */
function overwriteContent(state: EpisodeState, spanId: string, contentPick: number, shape: number): string {
  const handle = state.reference.store.handleFor(spanId);
  const read = handle === undefined ? undefined : state.reference.store.read(handle);
  const now = read?.status === 'present' ? read.content : undefined;
  const edit = contentPick % 4;
  if (now === undefined || now.length === 0 || edit === 0) return shapeContent(`${contentAt(contentPick)} (rewritten in the log)`, shape, contentPick);
  if (edit === 1) {
    // An ASCII position, so no surrogate pair is split: the edit keeps the length in UTF-16 units and in code points.
    const from = contentPick % now.length;
    const ascii = [...now.slice(from), ...now.slice(0, from)].findIndex((c) => c.charCodeAt(0) < 128);
    const at = ascii < 0 ? 0 : (from + ascii) % now.length;
    return `${now.slice(0, at)}${now[at] === 'x' ? 'y' : 'x'}${now.slice(at + 1)}`;
  }
  if (edit === 2) {
    const reversed = [...now].reverse().join('');
    return reversed === now ? `${now.slice(0, -1)}${now.endsWith('x') ? 'y' : 'x'}` : reversed;
  }
  // A suffix of 1 to 69 characters: no check by a fixed length difference passes.
  return `${now}${REWRITTEN.slice(0, 1 + ((contentPick >> 2) % REWRITTEN.length))}`;
}

const REWRITTEN = ' (rewritten in the log)'.repeat(3);
