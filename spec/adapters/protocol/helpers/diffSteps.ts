import type { Adapter } from '../../../../src/adapters/Adapter.ts';
import { decodeMessage, encodeMessage } from '../../../../src/adapters/protocol/codec.ts';
import { afterIds } from '../../../../src/adapters/protocol/stepParams.ts';
import { idsNamedBy } from '../../../../src/adapters/touchedIds.ts';
import type { Operation } from '../../../../src/model/Operation.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../../../src/model/ReferenceRuntime.ts';
import type { Difference } from './diffAgainstReference.ts';
import { episodeIds } from './randomEpisode.ts';

/** As the protocol carries it, keys sorted (key order is not part of the contract). */
function wire(value: unknown): unknown {
  if (value === undefined) return undefined;
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
  return sorted(decodeMessage(encodeMessage(value)));
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code ?? String(error);

/** The ids the engine names for an operation; none for one too malformed to name them (the engine stops there). */
function namedIds(op: Operation): string[] {
  try {
    const ids = [...new Set(idsNamedBy(op))];
    return ids.every((id) => typeof id === 'string') ? ids : [];
  } catch {
    return [];
  }
}

/**
 * Runs `ops` through a fresh system of `adapter` as the engine does with protocol 1.1 (`step`, after a `plan`
 * of the whole trace when `batch` is set) and through the reference, comparing per step the observations before,
 * the outcome or the misuse code thrown, the observations after (with the ids the outcome names) and the
 * ledger record of a `callTool`. Every `probeEvery` steps it also observes every id of the episode, which a
 * planned system answers by bringing a fresh episode back to that step.
 */
export async function diffSteps(adapter: Adapter, config: RuntimeConfig, ops: readonly Operation[], options: { batch?: boolean; probeEvery?: number } = {}): Promise<Difference | undefined> {
  const reference = new ReferenceRuntime(config);
  const system = await adapter.create(config);
  const everyId = episodeIds(ops);
  if (system.step === undefined) throw new Error(`${adapter.name} offers no step: it did not negotiate protocol 1.1`);
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(wire(a)) === JSON.stringify(wire(b));
  try {
    if (options.batch === true) await system.plan?.(ops, 10_000);
    for (const [i, op] of ops.entries()) {
      const step = i + 1;
      const named = namedIds(op);
      const seenBefore = named.map((id) => reference.observe(id));
      let expected: unknown;
      try {
        expected = { ok: reference.apply(op) };
      } catch (error: unknown) {
        expected = { threw: codeOf(error) };
      }
      const answer = await system.step(named, op, named);
      const actual = 'outcome' in answer ? { ok: answer.outcome } : { threw: codeOf(answer.thrown) };
      if (!same(seenBefore, answer.before)) return { step, what: `observations before ${op.kind}`, expected: wire(seenBefore), actual: wire(answer.before) };
      if (!same(expected, actual)) return { step, what: `outcome of ${op.kind}`, expected: wire(expected), actual: wire(actual) };
      const after = 'outcome' in answer ? afterIds(named, answer.outcome) : named;
      const seenAfter = after.map((id) => reference.observe(id));
      const observed = await system.observe(after);
      if (!same(seenAfter, observed)) return { step, what: `observations after ${op.kind}`, expected: wire(seenAfter), actual: wire(observed) };
      if (op.kind === 'callTool' && 'outcome' in answer) {
        const record = reference.ledger.get(op.signature);
        const answered = await system.request?.(op.signature);
        if (!same(record, answered)) return { step, what: `request ${op.signature}`, expected: wire(record), actual: wire(answered) };
      }
      if (options.probeEvery !== undefined && step % options.probeEvery === 0) {
        const all = await system.observe(everyId);
        const seen = everyId.map((id) => reference.observe(id));
        if (!same(seen, all)) return { step, what: 'observations of every id', expected: wire(seen), actual: wire(all) };
      }
    }
    return undefined;
  } finally {
    await system.close?.();
  }
}
