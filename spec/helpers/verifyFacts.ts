import type { Adapter } from '../../src/adapters/Adapter.ts';
import { matchesShape, type Fact } from '../../src/check/Clause.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { RuntimeConfig, SpanObservation } from '../../src/model/ReferenceRuntime.ts';

/** What a fresh system of an adapter answered and showed, step by step, on a recorded trace. */
interface Replayed {
  readonly outcomes: readonly unknown[];
  readonly observed: ReadonlyMap<string, SpanObservation>;
  readonly ledger: ReadonlyMap<string, unknown>;
  /** The system's audit log after each step a fact names. */
  readonly logs: ReadonlyMap<number, readonly { readonly operation: unknown; readonly outcome: unknown }[]>;
}

/**
 * Replays `trace` on a fresh system and answers the facts among `facts` that do not hold for it (empty: all
 * hold). Facts are checked against the system only: its answers, what it shows when observed, its ledger,
 * the trace it was asked and the config it ran with; never against the reference.
 */
export async function falseFacts(adapter: Adapter, config: RuntimeConfig, trace: readonly Operation[], facts: readonly Fact[]): Promise<Fact[]> {
  const replayed = await replay(adapter, config, trace, facts);
  return facts.filter((fact) => !holds(fact, trace, config, replayed));
}

async function replay(adapter: Adapter, config: RuntimeConfig, trace: readonly Operation[], facts: readonly Fact[]): Promise<Replayed> {
  const system = await adapter.create(config);
  const outcomes: unknown[] = [];
  const observed = new Map<string, SpanObservation>();
  const ledger = new Map<string, unknown>();
  const logs = new Map<number, readonly { readonly operation: unknown; readonly outcome: unknown }[]>();
  const look = async (step: number, when: 'before' | 'after'): Promise<void> => {
    const ids = facts.flatMap((f) => (f.kind === 'observed' && f.step === step && f.when === when ? [f.spanId] : []));
    if (ids.length === 0) return;
    const answers = await system.observe(ids);
    answers.forEach((o, i) => observed.set(`${step}/${when}/${ids[i] ?? ''}`, o));
  };
  try {
    for (const [i, op] of trace.entries()) {
      const step = i + 1;
      await look(step, 'before');
      try {
        outcomes.push(await system.apply(op));
      } catch {
        outcomes.push({ kind: 'adapter-error' });
      }
      await look(step, 'after');
      for (const f of facts) if (f.kind === 'ledger' && f.step === step) ledger.set(`${step}/${f.signature}`, await system.request?.(f.signature));
      if (facts.some((f) => f.kind === 'audit-log' && f.step === step)) logs.set(step, structuredClone(await system.auditLog?.()) ?? []);
    }
  } finally {
    await system.close?.();
  }
  return { outcomes, observed, ledger, logs };
}

function holds(fact: Fact, trace: readonly Operation[], config: RuntimeConfig, r: Replayed): boolean {
  switch (fact.kind) {
    case 'asked': return matchesShape(trace[fact.step - 1], fact.shape);
    case 'answered': return matchesShape(r.outcomes[fact.step - 1], fact.shape);
    case 'never-answered': return r.outcomes.slice(Math.max(0, fact.from - 1), fact.to).every((o) => !matchesShape(o, fact.shape));
    case 'observed': return r.observed.has(`${fact.step}/${fact.when}/${fact.spanId}`) && matchesShape(r.observed.get(`${fact.step}/${fact.when}/${fact.spanId}`), fact.shape);
    case 'ledger': return matchesShape(r.ledger.get(`${fact.step}/${fact.signature}`), fact.shape);
    case 'config': return matchesShape(config, fact.shape);
    case 'audit-log': {
      const entries = (r.logs.get(fact.step) ?? []).filter((e) => JSON.stringify(e.operation) === JSON.stringify(fact.operation));
      return fact.outcome === undefined ? entries.length === fact.count : entries.some((e) => matchesShape(e.outcome, fact.outcome));
    }
  }
}
