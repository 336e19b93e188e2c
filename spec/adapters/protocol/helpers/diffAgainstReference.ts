import type { Adapter } from '../../../../src/adapters/Adapter.ts';
import { decodeMessage, encodeMessage } from '../../../../src/adapters/protocol/codec.ts';
import type { Operation } from '../../../../src/model/Operation.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../../../src/model/ReferenceRuntime.ts';
import { episodeIds } from './randomEpisode.ts';

/** What differs first between an adapter and the reference on one episode, or undefined when nothing does. */
export interface Difference {
  readonly step: number;
  readonly what: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** As the protocol carries it: `undefined` keys dropped, non-finite numbers kept. */
function wire(value: unknown): unknown {
  return value === undefined ? undefined : decodeMessage(encodeMessage(value));
}

async function settle(run: () => unknown): Promise<unknown> {
  try {
    return { ok: wire(await run()) };
  } catch (error: unknown) {
    return { threw: (error as { code?: unknown }).code ?? String(error) };
  }
}

/**
 * Runs `ops` through a fresh system of `adapter` and through the reference, comparing after every step the
 * outcome (or the misuse code thrown), the observation of every id the episode names, and the ledger.
 */
export async function diffAgainstReference(adapter: Adapter, config: RuntimeConfig, ops: readonly Operation[]): Promise<Difference | undefined> {
  const reference = new ReferenceRuntime(config);
  const system = await adapter.create(config);
  const ids = episodeIds(ops);
  const signatures = [...new Set(ops.flatMap((op) => (op.kind === 'callTool' ? [op.signature] : [])))];
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b) && encodeMessage(a) === encodeMessage(b);
  try {
    for (const [i, op] of ops.entries()) {
      const step = i + 1;
      const expected = await settle(() => reference.apply(op));
      const actual = await settle(() => system.apply(op));
      if (!same(sorted(expected), sorted(actual))) return { step, what: `outcome of ${op.kind}`, expected, actual };
      const seen = wire(ids.map((id) => reference.observe(id)));
      const observed = wire(await system.observe(ids));
      if (!same(sorted(seen), sorted(observed))) return { step, what: 'observations', expected: seen, actual: observed };
      for (const signature of signatures) {
        const record = wire(reference.ledger.get(signature));
        const answered = wire(await system.request?.(signature));
        if (!same(sorted(record), sorted(answered))) return { step, what: `request ${signature}`, expected: record, actual: answered };
      }
    }
    return undefined;
  } finally {
    await system.close?.();
  }
}

/** Key order is not part of the contract: compare objects with sorted keys. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
}
