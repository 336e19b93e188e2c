import seedrandom from 'seedrandom';
import type { Operation } from '../../../../src/model/Operation.ts';

/**
 * A seeded episode of operations for differential tests of out-of-process runtimes against the reference.
 * Deliberately wide rather than clever: every operation kind, ids that look like array indices (JavaScript
 * iterates those first), non-ASCII and astral content, infinite scores, a small capacity, and about one
 * malformed operation in twelve (unknown ids, NaN or negative scores, fractional tokens, empty frames).
 */
export function randomEpisode(seed: string, length: number): Operation[] {
  const rng = seedrandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
  const chance = (p: number): boolean => rng() < p;
  const ids: string[] = [];
  let counter = 0;
  const freshId = (): string => (chance(0.3) ? String(counter++ * 7 % 50) : `s${counter++}`);
  const someId = (): string => (ids.length === 0 || chance(0.08) ? `ghost${Math.floor(rng() * 3)}` : pick(ids));
  const contents = ['ERROR 23505 duplicate key', 'retry-after: 30', 'résumé naïve', 'emoji 🙂 here', 'x', 'a much longer tool output line with several words in it', 'lone \ud800 surrogate'];
  const score = (): number => pick([0, 0.1, 0.3, 0.5, 0.9, 2, Number.POSITIVE_INFINITY, ...(chance(0.1) ? [-1, Number.NaN] : [])]);
  const ops: Operation[] = [];
  const add = (op: Operation, newId?: string): void => {
    ops.push(op);
    if (newId !== undefined && !ids.includes(newId)) ids.push(newId);
  };
  const malformed = (): Operation =>
    pick([
      { kind: 'rotate', spanIds: 'not-a-list' },
      { kind: 'append', span: { id: `m${counter++}`, kind: 'derived', content: 'x', sources: 'also-not-a-list' } },
      { kind: 'claim', claim: '', requiredIds: [someId()] },
      { kind: 'setVersion', modelVersion: '' },
      { kind: 'reframe', frame: 'f', derivations: { [someId()]: 'nope' } },
      { kind: 'summarize', summaryId: `m${counter++}`, sourceIds: [someId(), someId()].concat(ids.slice(0, 1)), content: 'dup' },
      { kind: 'teleport', spanId: someId() },
      { kind: 'append', span: 'not-an-object' },
    ]) as unknown as Operation;
  while (ops.length < length) {
    if (chance(0.03)) {
      ops.push(malformed());
      continue;
    }
    const kind = pick(['append', 'append', 'append', 'persist', 'rotate', 'edit', 'prune', 'prune', 'prune', 'summarize', 'reframe', 'compact', 'restore', 'lookup', 'lookup', 'claim', 'callTool', 'setVersion'] as const);
    switch (kind) {
      case 'append': {
        const id = chance(0.05) && ids.length > 0 ? pick(ids) : freshId();
        const derived = chance(0.35) && ids.length > 0;
        const sources = derived ? [...new Set([pick(ids), pick(ids)])].filter((s) => s !== id) : undefined;
        add({
          kind: 'append',
          span: {
            id,
            kind: derived ? 'derived' : 'raw',
            content: pick(contents),
            ...(chance(0.4) ? { rawKind: pick(['error', 'user', 'tool-output'] as const) } : {}),
            ...(chance(0.2) ? { tokens: pick([1, 3, 8, 20, 2.5]) } : {}),
            ...(chance(0.3) ? { score: score() } : {}),
            ...(sources !== undefined && sources.length > 0 ? { sources } : {}),
            ...(chance(0.5) ? { persist: true } : {}),
          },
        }, id);
        break;
      }
      case 'persist':
      case 'restore':
      case 'lookup':
        add({ kind, spanId: someId() });
        break;
      case 'rotate':
        add(chance(0.3) ? { kind: 'rotate' } : { kind: 'rotate', spanIds: [someId(), someId()] });
        break;
      case 'edit':
        add({ kind: 'edit', spanId: someId(), content: chance(0.05) ? '' : pick(contents) });
        break;
      case 'prune':
        add({ kind: 'prune', spanId: someId(), ...(chance(0.4) ? { acceptLossy: true } : {}), ...(chance(0.4) ? { claimSafe: true } : {}) });
        break;
      case 'summarize': {
        const id = freshId();
        add({ kind: 'summarize', summaryId: id, sourceIds: [...new Set([someId(), someId()])], content: pick(contents), ...(chance(0.6) ? { score: score() } : {}), ...(chance(0.3) ? { escalate: true } : {}) }, id);
        break;
      }
      case 'reframe': {
        const scores: Record<string, number> = {};
        const derivations: Record<string, string[]> = {};
        for (let i = 0; i < 3; i++) if (chance(0.5)) scores[someId()] = score();
        for (let i = 0; i < 2; i++) if (chance(0.5)) derivations[someId()] = [someId()];
        add({ kind: 'reframe', frame: chance(0.05) ? '  ' : pick(['fix the migration', 'explain why it failed', 'write the report']), scores, derivations });
        break;
      }
      case 'compact':
        add({ kind: 'compact', threshold: pick([0.2, 0.6, 1, 3]) });
        break;
      case 'claim':
        if (chance(0.3)) add({ kind: 'claim', claim: 'no error occurred', requiredIds: [], negative: true, ...(chance(0.5) ? { rawKinds: [pick(['error', 'other', 'user'] as const)] } : {}) });
        else add({ kind: 'claim', claim: 'the constraint is users_email_key', requiredIds: chance(0.05) ? [] : [someId(), someId()] });
        break;
      case 'callTool':
        add({
          kind: 'callTool',
          signature: `POST /run ${Math.floor(rng() * 4)}`,
          requestId: `req-${ops.length}`,
          ...(chance(0.3) ? { retryAfter: pick([0, 30]) } : {}),
          ...(chance(0.5) ? { status: pick(['accepted', 'failed', 'unknown']) } : {}),
          ...(chance(0.4) ? { at: ops.length * pick([3, 10]) } : {}),
          ...(chance(0.3) ? { idempotencyKey: pick(['k1', 'k2']) } : {}),
        });
        break;
      case 'setVersion':
        add(chance(0.5) ? { kind: 'setVersion', modelVersion: `model-${ops.length}` } : { kind: 'setVersion', policyVersion: `policy-${ops.length}` });
        break;
    }
  }
  return ops;
}

/** Every span id an episode names, plus ids it never names: what a differential test observes after each step. */
export function episodeIds(ops: readonly Operation[]): string[] {
  const ids = new Set<string>(['never-seen']);
  for (const op of ops) {
    if (op.kind === 'append') ids.add(op.span.id);
    if (op.kind === 'summarize') ids.add(op.summaryId);
    if ('spanId' in op) ids.add(op.spanId);
  }
  return [...ids].filter((id) => typeof id === 'string');
}
