import type { SpanObservation } from '../../model/ReferenceRuntime.ts';

/** A read's answer as the engine will take it: the value, or what the call threw. */
export type Settled = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly thrown: unknown };

/**
 * What the system answered to the reads made at one step, in the same round trip as the step (the observations
 * after it, a `callTool`'s ledger record, a recheck's reads): the engine's calls at that step are answered from
 * them, and only while the system is at that step. An `observe` of exactly the ids read is answered as it was,
 * malformed or thrown; one of other ids is answered from well-formed observations only.
 */
export class StepReads {
  private readonly observed: { readonly ids: readonly string[]; readonly answer: Settled }[] = [];
  private readonly byId = new Map<string, SpanObservation>();
  private readonly requests = new Map<string, Settled>();
  private log: Settled | undefined;

  /** Records an `observe(ids)` and what it answered. */
  observedAs(ids: readonly string[], answer: Settled): void {
    this.observed.push({ ids, answer });
    const value = answer.ok ? answer.value : undefined;
    // Kept by id only when well formed: otherwise only the same call is answered from it, as it was.
    if (Array.isArray(value) && value.length === ids.length && ids.every((id, i) => (value as { spanId?: unknown }[])[i]?.spanId === id)) {
      ids.forEach((id, i) => this.byId.set(id, (value as SpanObservation[])[i] as SpanObservation));
    }
  }

  requestedAs(signature: string, answer: Settled): void {
    this.requests.set(signature, answer);
  }

  auditLogAs(answer: Settled): void {
    this.log = answer;
  }

  /** The answer to `observe(ids)` from these reads, or undefined when they do not hold it. */
  observe(ids: readonly string[]): Settled | undefined {
    const same = this.observed.find((o) => o.ids.length === ids.length && o.ids.every((id, i) => id === ids[i]));
    if (same !== undefined) return same.answer;
    if (ids.length === 0 || !ids.every((id) => this.byId.has(id))) return undefined;
    return { ok: true, value: ids.map((id) => this.byId.get(id) as SpanObservation) };
  }

  request(signature: string): Settled | undefined {
    return this.requests.get(signature);
  }

  auditLog(): Settled | undefined {
    return this.log;
  }
}

/** The value a settled answer stands for: returned, or thrown again. */
export function settle(answer: Settled): unknown {
  if (!answer.ok) throw answer.thrown;
  return answer.value;
}
