import type { Operation } from '../../model/Operation.ts';
import type { RawKind } from '../../model/Span.ts';
import type { EpisodeState } from './EpisodeState.ts';
import type { OpTemplate, PrunePool } from './OpTemplate.ts';

/** Observations with exact identifiers, request ids and error signatures: the facts careless pruners lose. */
export const CONTENTS: readonly string[] = [
  'tool: POST /orders returned 429 Too Many Requests (request req-0, retry-after 30)',
  'tool: migration m7 failed: ERROR 23505 duplicate key violates unique constraint "users_email_key" (request req-1)',
  'user: the deadline is Friday; keep the API backwards compatible',
  'tool: GET /users/42 -> {"id":42,"email":"a@example.com"} (request req-2)',
  'note: 3 errors so far',
  'tool: stack frame at db/migrate.ts:118 in applyMigration (request req-3)',
  'user: now explain to me why the migration failed',
  'tool: payment p-991 captured, 42.00 EUR (request req-1)',
];

/** Side-effecting requests; the same signature twice is a retry the runtime must recognise. */
export const SIGNATURES: readonly string[] = ['POST /orders {"sku":"A0"}', 'POST /payments {"amount":42}', 'POST /messages {"to":"ops"}', 'POST /migrations/m7/run'];

function choose<T>(pool: readonly T[], pick: number): T | undefined {
  return pool.length === 0 ? undefined : pool[pick % pool.length];
}

function chooseMany(pool: readonly string[], picks: readonly number[]): string[] {
  return [...new Set(picks.map((p) => choose(pool, p)).filter((id): id is string => id !== undefined))];
}

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
    : pool === 'derived' ? resident.filter((id) => kindOf(id) === 'derived')
    : pool === 'edited' ? preferred(resident.filter((id) => state.edited.has(id) && state.restored.has(id)), resident.filter((id) => state.edited.has(id)))
    : resident;
  return filtered.length > 0 ? filtered : resident;
}

/**
 * Turns a drawn template into a concrete operation against the episode as it is now, or `undefined` when
 * the template has nothing to act on (then the step is skipped and not recorded).
 */
export function resolveTemplate(template: OpTemplate, state: EpisodeState): Operation | undefined {
  switch (template.kind) {
    case 'append': {
      const sources = template.derived ? chooseMany(state.resident(), template.sourcePicks) : [];
      const content = choose(CONTENTS, template.contentPick) as string;
      const base = { id: state.nextSpanId(), tokens: template.tokens, score: template.score, persist: template.persist };
      return sources.length > 0
        ? { kind: 'append', span: { ...base, kind: 'derived', content: `derived from ${sources.join(', ')}: ${content.length} chars`, sources } }
        : { kind: 'append', span: { ...base, kind: 'raw', content, rawKind: rawKindOf(content) } };
    }
    case 'persist': {
      const spanId = choose(state.resident(), template.pick);
      return spanId === undefined ? undefined : { kind: 'persist', spanId };
    }
    case 'rotate': {
      // Rotating copies of summarized spans first is what makes "rotation between summarize and prune" likely.
      const persisted = [...state.persisted];
      const summarized = persisted.filter((id) => state.summarized.has(id) && state.reference.window.has(id));
      const spanIds = chooseMany(summarized.length > 0 && (template.picks[0] ?? 0) % 2 === 0 ? summarized : persisted, template.picks);
      return template.all || spanIds.length === 0 ? { kind: 'rotate' } : { kind: 'rotate', spanIds };
    }
    case 'overwrite': {
      // Copies of spans evicted reversibly first: that is what makes "a stale copy restored or looked up" reachable.
      const persisted = [...state.persisted];
      const evicted = persisted.filter((id) => state.reference.tombstones.get(id)?.mode === 'reversible' && !state.reference.window.has(id));
      const spanId = choose(evicted.length > 0 && template.pick % 3 !== 0 ? evicted : persisted, template.pick);
      return spanId === undefined ? undefined : { kind: 'overwrite', spanId, content: `${choose(CONTENTS, template.contentPick) as string} (rewritten in the log)` };
    }
    case 'edit': {
      // Editing a restored span is what makes "content changed, then re-evicted" reachable.
      const restored = state.resident().filter((id) => state.restored.has(id));
      const spanId = choose(restored.length > 0 && template.pick % 2 === 0 ? restored : state.resident(), template.pick);
      return spanId === undefined ? undefined : { kind: 'edit', spanId, content: `${choose(CONTENTS, template.contentPick) as string} (revised at step ${state.reference.step + 1})` };
    }
    case 'prune': {
      const spanId = choose(prunePool(state, template.pool), template.pick);
      if (spanId === undefined) return undefined;
      return { kind: 'prune', spanId, ...(template.acceptLossy ? { acceptLossy: true } : {}), ...(template.claimSafe ? { claimSafe: true } : {}) };
    }
    case 'summarize': {
      const resident = state.resident();
      const summaries = resident.filter((id) => state.reference.span(id)?.kind === 'summary');
      const pool = template.preferSummaries && summaries.length > 0 ? [...summaries, ...resident.filter((id) => !summaries.includes(id))] : resident;
      const sourceIds = template.preferSummaries && summaries.length > 0 ? [summaries[(template.picks[0] ?? 0) % summaries.length] as string, ...chooseMany(pool, template.picks.slice(1))] : chooseMany(pool, template.picks);
      const unique = [...new Set(sourceIds)];
      if (unique.length === 0) return undefined;
      const content = template.fabricate ? 'handled rate limiting by backing off' : `summary of ${unique.join(', ')}: the gist, without identifiers`;
      return { kind: 'summarize', summaryId: state.nextSummaryId(), sourceIds: unique, content, tokens: template.tokens, score: template.score, ...(template.escalate ? { escalate: true } : {}) };
    }
    case 'reframe': {
      const scores: Record<string, number> = {};
      for (const [p, score] of template.scores) {
        const id = choose(state.ids, p);
        if (id !== undefined) scores[id] = score;
      }
      const derivations: Record<string, string[]> = {};
      const derived = state.resident().filter((id) => state.reference.span(id)?.kind === 'derived');
      for (const [p, sourcePicks] of template.derivations) {
        const id = choose(derived, p);
        if (id === undefined) continue;
        const sources = chooseMany(state.resident().filter((s) => s !== id), sourcePicks);
        if (sources.length > 0) derivations[id] = sources;
      }
      return { kind: 'reframe', frame: state.nextFrame(), scores, derivations };
    }
    case 'compact':
      return { kind: 'compact', threshold: template.threshold };
    case 'restore': {
      const evicted = state.evicted();
      const recoverable = evicted.filter((id) => state.reference.lookup(id).kind === 'recoverable');
      const spanId = choose(recoverable.length > 0 && template.pick % 4 !== 0 ? recoverable : evicted, template.pick);
      return spanId === undefined ? undefined : { kind: 'restore', spanId };
    }
    case 'lookup': {
      if (template.pool === 'never-seen') return { kind: 'lookup', spanId: `ghost-${template.pick % 7}` };
      const pool = template.pool === 'resident' ? state.resident() : template.pool === 'evicted' ? state.evicted() : state.ids;
      const id = choose(pool.length > 0 ? pool : state.ids, template.pick);
      if (id === undefined) return { kind: 'lookup', spanId: `ghost-${template.pick % 7}` };
      return { kind: 'lookup', spanId: template.pool === 'lookalike' ? lookalike(id, template.pick) : id };
    }
    case 'claim': {
      // A negative claim ("no error occurred") rests on every raw observation of its kinds, never on the window.
      // Three in seven claims are negative, chosen by the first pick (no extra draw: other steps draw as before).
      const negative = NEGATIVE_SCOPES[(template.picks[0] ?? 0) % 7];
      if (negative !== undefined) {
        const rawKinds = negative === 'any' ? undefined : [negative];
        return { kind: 'claim', claim: negative === 'error' ? 'no error occurred' : negative === 'user' ? 'the user never asked for that' : 'nothing went wrong', requiredIds: [], negative: true, ...(rawKinds === undefined ? {} : { rawKinds }) };
      }
      const requiredIds = chooseMany(state.ids, template.picks);
      const lost = choose(state.evicted(), template.picks[0] ?? 0);
      if (template.includeLost && lost !== undefined && !requiredIds.includes(lost)) requiredIds.push(lost);
      return requiredIds.length === 0 ? undefined : { kind: 'claim', claim: `claim resting on ${requiredIds.join(', ')}`, requiredIds };
    }
    case 'callTool': {
      const signature = SIGNATURES[template.signaturePick % SIGNATURES.length] as string;
      const requestId = `req-${template.signaturePick % SIGNATURES.length}`;
      return {
        kind: 'callTool',
        signature,
        requestId,
        ...(template.retryAfter === undefined ? {} : { retryAfter: template.retryAfter }),
        ...(template.status === 'accepted' ? {} : { status: template.status }),
        ...(template.advance === 0 ? {} : { at: state.reference.clock + template.advance }),
        ...(template.keyed ? { idempotencyKey: `key-${template.signaturePick % SIGNATURES.length}` } : {}),
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

const NEGATIVE_SCOPES: readonly ('any' | 'error' | 'user')[] = ['any', 'error', 'user'];

/** What kind of raw observation a content is: its error signatures, user statements and tool outputs (INV-28 scopes). */
export function rawKindOf(content: string): RawKind {
  if (content.startsWith('user:')) return 'user';
  if (/ERROR|failed|429/.test(content)) return 'error';
  return content.startsWith('tool:') ? 'tool-output' : 'other';
}

/** An id that looks like a seen one but never existed: the generator itself never produces these forms. */
export function lookalike(id: string, pick: number): string {
  const forms = [id.toUpperCase(), id.replace(/(\d+)$/, '0$1'), `${id}_`];
  return forms[pick % forms.length] as string;
}
