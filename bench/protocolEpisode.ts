import seedrandom from 'seedrandom';
import type { Operation } from '../src/model/Operation.ts';
import { ReferenceRuntime } from '../src/model/ReferenceRuntime.ts';

/**
 * A seeded, valid episode for the protocol round-trip benchmark: the operation mix of a conformance run
 * (appends half persisted, prunes with and without accepted loss, lookups, summaries, retries, rotations,
 * claims, edits, restores, now and then a re-frame or a compaction), every id known when it is named: the
 * episode is played through the reference as it is drawn, and an id is offered once the reference knows it.
 */
export function protocolEpisode(seed: string, length: number, capacity: number): Operation[] {
  const reference = new ReferenceRuntime({ capacity });
  const rng = seedrandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
  const ids: string[] = [];
  const ops: Operation[] = [];
  let next = 0;
  const content = (): string => `tool output ${Math.floor(rng() * 1e6)}: ERROR 23505 duplicate key value (request req-${next})`;
  while (ops.length < length) {
    const roll = ids.length < 3 ? 0 : rng();
    if (roll < 0.3) {
      const id = `s${next++}`;
      const derived = ids.length > 0 && rng() < 0.25;
      ops.push({ kind: 'append', span: { id, kind: derived ? 'derived' : 'raw', content: content(), persist: rng() < 0.5, ...(derived ? { sources: [pick(ids)] } : {}) } });
    } else if (roll < 0.45) ops.push({ kind: 'prune', spanId: pick(ids), ...(rng() < 0.4 ? { acceptLossy: true } : {}), ...(rng() < 0.3 ? { claimSafe: true } : {}) });
    else if (roll < 0.6) ops.push({ kind: 'lookup', spanId: rng() < 0.9 ? pick(ids) : `never-${next}` });
    else if (roll < 0.67) {
      const id = `sum${next++}`;
      ops.push({ kind: 'summarize', summaryId: id, sourceIds: [...new Set([pick(ids), pick(ids)])], content: 'the migration failed' });
    } else if (roll < 0.74) ops.push({ kind: 'callTool', signature: `POST /migrations/run ${Math.floor(rng() * 5)}`, requestId: `req-${ops.length}` });
    else if (roll < 0.79) ops.push({ kind: 'rotate', spanIds: [pick(ids)] });
    else if (roll < 0.85) ops.push({ kind: 'claim', claim: 'the constraint is users_email_key', requiredIds: [pick(ids)] });
    else if (roll < 0.9) ops.push({ kind: 'edit', spanId: pick(ids), content: content() });
    else if (roll < 0.95) ops.push({ kind: 'restore', spanId: pick(ids) });
    else if (roll < 0.975) ops.push({ kind: 'reframe', frame: `frame ${ops.length}` });
    else ops.push({ kind: 'compact', threshold: 0.6 });
    const op = ops.at(-1) as Operation;
    reference.apply(op);
    const id = op.kind === 'append' ? op.span.id : op.kind === 'summarize' ? op.summaryId : undefined;
    if (id !== undefined && reference.isKnown(id)) ids.push(id);
  }
  return ops;
}
