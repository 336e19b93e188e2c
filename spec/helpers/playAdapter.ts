import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { Outcome, RequestRecord } from '../../src/model/Outcome.ts';
import type { SpanObservation } from '../../src/model/ReferenceRuntime.ts';

/** An operation that threw instead of answering an outcome. */
export interface Thrown {
  readonly kind: 'thrown';
  readonly name: string;
  readonly code: unknown;
  readonly message: string;
}

/** What one adapter did on one operation sequence: every outcome, then the final observations. */
export interface Played {
  readonly outcomes: readonly (Outcome | Thrown)[];
  readonly observed: Readonly<Record<string, SpanObservation>>;
  readonly requests: Readonly<Record<string, RequestRecord | undefined>>;
  /** The system's audit log at the end, when it exposes one: each entry's step, operation kind and outcome kind. */
  readonly log?: readonly string[];
}

/**
 * Drives a fresh system of `adapter` through `ops` through the adapter contract only (apply, observe,
 * request), recording a throw as data and carrying on, then observes `ids` and the ledger for `signatures`.
 */
export async function playAdapter(
  adapter: Adapter,
  ops: readonly Operation[],
  options: { readonly capacity?: number; readonly storeDistinguishesAbsent?: boolean; readonly ids?: readonly string[]; readonly signatures?: readonly string[] } = {},
): Promise<Played> {
  const system = await adapter.create({ capacity: options.capacity ?? 10_000, ...(options.storeDistinguishesAbsent === undefined ? {} : { storeDistinguishesAbsent: options.storeDistinguishesAbsent }) });
  const outcomes: (Outcome | Thrown)[] = [];
  for (const op of ops) {
    try {
      outcomes.push(await system.apply(op));
    } catch (error: unknown) {
      const e = error instanceof Error ? error : new Error(String(error));
      outcomes.push({ kind: 'thrown', name: e.name, code: (e as { code?: unknown }).code, message: e.message });
    }
  }
  const ids = options.ids ?? idsOf(ops);
  const observed = Object.fromEntries((await system.observe(ids)).map((o) => [o.spanId, o]));
  const requests: Record<string, RequestRecord | undefined> = {};
  for (const signature of options.signatures ?? []) requests[signature] = await system.request?.(signature);
  const log = system.auditLog === undefined ? undefined : (await system.auditLog()).map((e) => `${e.step} ${e.operation.kind} ${e.outcome.kind}`);
  await system.close?.();
  return { outcomes, observed, requests, ...(log === undefined ? {} : { log }) };
}

/** Every span id an operation sequence names, in first-seen order. */
export function idsOf(ops: readonly Operation[]): string[] {
  const ids = new Set<string>();
  for (const op of ops) {
    if (op.kind === 'append') ids.add(op.span.id);
    else if (op.kind === 'summarize') ids.add(op.summaryId);
    else if ('spanId' in op) ids.add(op.spanId);
  }
  return [...ids];
}

/** The outcome at 0-based `index`, narrowed to `kind`; fails with the outcome when it is another kind. */
export function outcomeAt<K extends (Outcome | Thrown)['kind']>(played: Played, index: number, kind: K): Extract<Outcome | Thrown, { kind: K }> {
  const outcome = played.outcomes[index];
  if (outcome?.kind !== kind) throw new Error(`outcome ${index}: expected '${kind}', got ${JSON.stringify(outcome)}`);
  return outcome as Extract<Outcome | Thrown, { kind: K }>;
}

/** The final observation of `id`; fails when the id was not observed. */
export function observedOf(played: Played, id: string): SpanObservation {
  const observation = played.observed[id];
  if (observation === undefined) throw new Error(`span '${id}' was not observed`);
  return observation;
}
