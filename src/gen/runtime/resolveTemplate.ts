import type { Operation } from '../../model/Operation.ts';
import { CONTENTS, rawKindOf, shapeContent } from './contentDomain.ts';
import type { EpisodeState } from './EpisodeState.ts';
import { lookalike, signatureIndex, signatureOf } from './identifiers.ts';
import type { OpTemplate, PrunePool } from './OpTemplate.ts';

export { CONTENTS, rawKindOf } from './contentDomain.ts';
export { lookalike } from './identifiers.ts';

const contentAt = (pick: number): string => CONTENTS[pick % CONTENTS.length] as string;

/** The most dangerous candidates when there are any, else the wider pool. */
function preferred(narrow: string[], wide: string[]): string[] {
  return narrow.length > 0 ? narrow : wide;
}

function prunePool(state: EpisodeState, pool: PrunePool): string[] {
  const resident = state.resident();
  const kindOf = (id: string) => state.reference.span(id)?.kind;
  const filtered =
    pool === 'summarized-source' ? preferred(resident.filter((id) => state.rotatedAfterSummary.has(id)), resident.filter((id) => state.summarized.has(id)))
    : pool === 'summary' ? resident.filter((id) => kindOf(id) === 'summary')
    : pool === 'derived' ? preferred(resident.filter((id) => state.reference.span(id)?.floored === true), resident.filter((id) => kindOf(id) === 'derived'))
    : pool === 'edited' ? preferred(resident.filter((id) => state.edited.has(id) && state.restored.has(id)), resident.filter((id) => state.edited.has(id)))
    : resident;
  return filtered.length > 0 ? filtered : resident;
}

/**
 * Turns a drawn template into a concrete operation against the episode as it is now, or `undefined` when
 * the template has nothing to act on (then the step is skipped and not recorded). Targets are chosen by name
 * (`EpisodeState.choose`), never by position.
 */
export function resolveTemplate(template: OpTemplate, state: EpisodeState): Operation | undefined {
  switch (template.kind) {
    case 'append': {
      const sources = template.derived ? state.chooseMany(state.resident(), template.sourcePicks) : [];
      const text = contentAt(template.contentPick);
      const content = shapeContent(text, template.shape, template.contentPick);
      const like = template.lookalikeOf === undefined ? undefined : state.choose(state.ids, template.lookalikeOf);
      const mimic = like === undefined || template.lookalikeOf === undefined ? undefined : { id: like, pick: template.lookalikeOf };
      const base = { id: state.newSpanId(template.name, mimic), tokens: template.tokens, score: template.score, persist: template.persist };
      return sources.length > 0
        ? { kind: 'append', span: { ...base, kind: 'derived', content: `derived from ${sources.join(', ')}: ${content.length} chars`, sources } }
        : { kind: 'append', span: { ...base, kind: 'raw', content, rawKind: rawKindOf(text) } };
    }
    case 'persist': {
      const spanId = state.choose(state.resident(), template.pick);
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
      const spanId = state.choose(evicted.length > 0 && template.pick % 3 !== 0 ? evicted : persisted, template.pick);
      return spanId === undefined ? undefined : { kind: 'overwrite', spanId, content: shapeContent(`${contentAt(template.contentPick)} (rewritten in the log)`, template.shape, template.contentPick) };
    }
    case 'edit': {
      // Editing a restored span is what makes "content changed, then re-evicted" reachable.
      const restored = state.resident().filter((id) => state.restored.has(id));
      const spanId = state.choose(restored.length > 0 && template.pick % 4 !== 0 ? restored : state.resident(), template.pick);
      return spanId === undefined ? undefined : { kind: 'edit', spanId, content: shapeContent(`${contentAt(template.contentPick)} (revised, draft ${template.contentPick % 10})`, template.shape, template.contentPick) };
    }
    case 'prune': {
      const spanId = state.choose(prunePool(state, template.pool), template.pick);
      if (spanId === undefined) return undefined;
      return { kind: 'prune', spanId, ...(template.acceptLossy ? { acceptLossy: true } : {}), ...(template.claimSafe ? { claimSafe: true } : {}) };
    }
    case 'summarize':
      return resolveSummarize(template, state);
    case 'reframe': {
      const scores: Record<string, number> = {};
      for (const [p, score] of template.scores) {
        const id = state.choose(state.ids, p);
        if (id !== undefined) scores[id] = score;
      }
      const derivations: Record<string, string[]> = {};
      const derived = state.resident().filter((id) => state.reference.span(id)?.kind === 'derived');
      for (const [p, sourcePicks] of template.derivations) {
        const id = state.choose(derived, p);
        if (id === undefined) continue;
        const sources = state.chooseMany(state.resident().filter((s) => s !== id), sourcePicks);
        if (sources.length > 0) derivations[id] = sources;
      }
      return { kind: 'reframe', frame: state.nextFrame(), scores, derivations };
    }
    case 'compact':
      return { kind: 'compact', threshold: template.threshold };
    case 'restore': {
      const evicted = state.evicted();
      const recoverable = evicted.filter((id) => state.reference.lookup(id).kind === 'recoverable');
      const spanId = state.choose(recoverable.length > 0 && template.pick % 4 !== 0 ? recoverable : evicted, template.pick);
      return spanId === undefined ? undefined : { kind: 'restore', spanId };
    }
    case 'lookup': {
      if (template.pool === 'never-seen') return { kind: 'lookup', spanId: `ghost-${template.pick % 7}` };
      const pool = template.pool === 'resident' ? state.resident() : template.pool === 'evicted' ? state.evicted() : state.ids;
      const id = state.choose(pool.length > 0 ? pool : state.ids, template.pick);
      if (id === undefined) return { kind: 'lookup', spanId: `ghost-${template.pick % 7}` };
      return { kind: 'lookup', spanId: template.pool === 'lookalike' ? lookalike(id, template.pick) : id };
    }
    case 'claim':
      return resolveClaim(template, state);
    case 'callTool': {
      const drawn = { index: signatureIndex(template.signaturePick, state.domain.signatures, state.mentionedRequests(), (candidates, pick) => state.chooseSignature(candidates, pick)), form: template.form };
      const { index, form } = template.repeat ? (state.chooseCall(template.signaturePick) ?? drawn) : drawn;
      state.called(template.signaturePick, index, form);
      const { signature, requestId, key } = signatureOf(index, form);
      return {
        kind: 'callTool',
        signature,
        requestId,
        ...(template.retryAfter === undefined ? {} : { retryAfter: template.retryAfter }),
        ...(template.status === 'accepted' ? {} : { status: template.status }),
        ...(template.advance === 0 ? {} : { at: state.reference.clock + template.advance }),
        ...(template.keyed ? { idempotencyKey: key } : {}),
      };
    }
    case 'setVersion': {
      const n = state.nextVersion();
      if (template.which === 'model') return { kind: 'setVersion', modelVersion: `model-${n}` };
      if (template.which === 'policy') return { kind: 'setVersion', policyVersion: `policy-${n}` };
      return { kind: 'setVersion', modelVersion: `model-${n}`, policyVersion: `policy-${n}` };
    }
  }
}

function resolveSummarize(template: Extract<OpTemplate, { kind: 'summarize' }>, state: EpisodeState): Operation | undefined {
  const resident = state.resident();
  const summaries = resident.filter((id) => state.reference.span(id)?.kind === 'summary');
  const first = template.preferSummaries ? state.choose(summaries, template.picks[0] ?? 0) : undefined;
  const sourceIds = first === undefined ? state.chooseMany(resident, template.picks) : [first, ...state.chooseMany(resident, template.picks.slice(1))];
  const unique = [...new Set(sourceIds)];
  if (unique.length === 0) return undefined;
  const content = template.fabricate ? 'handled rate limiting by backing off' : shapeContent(`summary of ${unique.join(', ')}: the gist, without identifiers`, template.shape, template.tokens);
  return { kind: 'summarize', summaryId: state.newSummaryId(template.name), sourceIds: unique, content, tokens: template.tokens, score: template.score, ...(template.escalate ? { escalate: true } : {}) };
}

const NEGATIVE_SCOPES: readonly ('any' | 'error' | 'user')[] = ['any', 'error', 'user'];

function resolveClaim(template: Extract<OpTemplate, { kind: 'claim' }>, state: EpisodeState): Operation | undefined {
  // A negative claim ("no error occurred") rests on every raw observation of its kinds, never on the window.
  // Three in seven claims are negative, chosen by the first pick (no extra draw).
  const negative = NEGATIVE_SCOPES[(template.picks[0] ?? 0) % 7];
  if (negative !== undefined) {
    const rawKinds = negative === 'any' ? undefined : [negative];
    return { kind: 'claim', claim: negative === 'error' ? 'no error occurred' : negative === 'user' ? 'the user never asked for that' : 'nothing went wrong', requiredIds: [], negative: true, ...(rawKinds === undefined ? {} : { rawKinds }) };
  }
  const requiredIds = state.chooseMany(state.ids, template.picks);
  const lost = state.choose(state.evicted(), template.picks[0] ?? 0);
  if (template.includeLost && lost !== undefined && !requiredIds.includes(lost)) requiredIds.push(lost);
  return requiredIds.length === 0 ? undefined : { kind: 'claim', claim: `claim resting on ${requiredIds.join(', ')}`, requiredIds };
}
