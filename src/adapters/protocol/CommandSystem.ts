import type { PruningSystem } from '../Adapter.ts';
import type { AuditEntry } from '../../model/AuditLog.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { ClientPool } from './ClientPool.ts';
import { prefetchIds } from './prefetchIds.ts';
import type { ProtocolClient } from './ProtocolClient.ts';
import { unwrapAnswer } from './unwrapAnswer.ts';

/**
 * One run of a runtime in a child process, behind the in-process `PruningSystem` contract (protocol 1.0).
 * Observations of the ids an operation names come back with its `apply` answer and serve the `observe` calls
 * that follow, until the next operation; any other id costs an `observe` request.
 */
export class CommandSystem implements PruningSystem {
  protected client: ProtocolClient;
  protected readonly pool: ClientPool;
  protected readonly config: RuntimeConfig;
  private readonly prefetch: boolean;
  protected readonly cache = new Map<string, SpanObservation>();
  /** The ledger's record for a signature, read in the round trip of the operation (protocol 1.1). */
  protected requested: { readonly signature: string; readonly record: RequestRecord | undefined } | undefined;
  private closed = false;
  /** Protocol 1.2: the child's audit log; present only when the child negotiated 1.2, which promises the method. */
  auditLog?: () => Promise<readonly AuditEntry[]>;

  constructor(client: ProtocolClient, pool: ClientPool, config: RuntimeConfig, prefetch: boolean) {
    this.client = client;
    this.pool = pool;
    this.config = config;
    this.prefetch = prefetch;
    if (client.hello.minor >= 2) {
      this.auditLog = async () => {
        const entries = unwrapAnswer(await this.client.call('auditLog', {}), this.client, 'auditLog');
        if (!Array.isArray(entries)) throw this.client.failWith('BAD_RESPONSE', `the answer to auditLog must be a list of {step, operation, outcome} entries, got ${typeof entries}`);
        return entries as readonly AuditEntry[];
      };
    }
  }

  async apply(op: Operation): Promise<Outcome> {
    this.forget();
    const label = labelOf(op);
    const ids = this.prefetch ? prefetchIds(op) : [];
    const answer = await this.client.call('apply', ids.length === 0 ? { operation: op } : { operation: op, observe: ids });
    const result = unwrapAnswer(answer, this.client, label) as Record<string, unknown> | undefined;
    const outcome = this.outcomeOf(result, label);
    if (ids.length > 0) this.remember(ids, result?.['observations'], `observations of the ${label} answer`);
    return outcome;
  }

  async observe(spanIds: readonly string[]): Promise<readonly SpanObservation[]> {
    const missing = [...new Set(spanIds.filter((id) => !this.cache.has(id)))];
    if (missing.length > 0) {
      const answer = await this.client.call('observe', { spanIds: missing });
      this.remember(missing, unwrapAnswer(answer, this.client, 'observe'), 'answer to observe');
    }
    return spanIds.map((id) => this.cache.get(id) as SpanObservation);
  }

  async request(signature: string): Promise<RequestRecord | undefined> {
    if (this.requested?.signature === signature) return this.requested.record;
    const answer = await this.client.call('request', { signature });
    return this.recordOf(unwrapAnswer(answer, this.client, 'request'), 'answer to request');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.forget();
    await this.pool.release(this.client);
  }

  /** Drops what was read around the previous operation: the next one may change it. */
  protected forget(): void {
    this.cache.clear();
    this.requested = undefined;
  }

  /** The outcome in an answer's result, or a `BAD_RESPONSE` fault saying what came instead. */
  protected outcomeOf(result: Record<string, unknown> | undefined, label: string): Outcome {
    const outcome = result?.['outcome'] as Record<string, unknown> | undefined;
    if (typeof outcome !== 'object' || typeof outcome['kind'] !== 'string') {
      // JSON null reads as absent (spec/PROTOCOL.md §3): say so, rather than show the decoded answer as {}.
      const got = typeof result !== 'object' || result === null ? `the result ${preview(result)}` : outcome === undefined ? 'an answer whose outcome is null or missing' : `outcome ${preview(outcome)} (no string kind)`;
      throw this.client.failWith('BAD_RESPONSE', `answer to ${label} must be {"outcome": {"kind": …, …}}, got ${got}`);
    }
    return outcome as unknown as Outcome;
  }

  protected recordOf(record: unknown, what: string): RequestRecord | undefined {
    if (record !== undefined && (typeof record !== 'object' || Array.isArray(record))) {
      throw this.client.failWith('BAD_RESPONSE', `${what} must be a request record or null, got ${preview(record)}`);
    }
    return record as RequestRecord | undefined;
  }

  /** Checks that `value` holds one observation per id, in order; answers them. */
  protected observationsOf(ids: readonly string[], value: unknown, what: string): readonly SpanObservation[] {
    if (!Array.isArray(value) || value.length !== ids.length) {
      throw this.client.failWith('BAD_RESPONSE', `${what} must be an array of ${ids.length} observations, one per id asked, got ${preview(value)}`);
    }
    ids.forEach((id, i) => {
      const observation = value[i] as SpanObservation | undefined;
      if (typeof observation !== 'object' || observation.spanId !== id) {
        throw this.client.failWith('BAD_RESPONSE', `${what}: entry ${i} must observe '${id}', got ${preview(observation)}`);
      }
    });
    return value as readonly SpanObservation[];
  }

  protected remember(ids: readonly string[], value: unknown, what: string): void {
    const observations = this.observationsOf(ids, value, what);
    ids.forEach((id, i) => this.cache.set(id, observations[i] as SpanObservation));
  }
}

/** How answers and errors name an operation: `operation 'prune'`. */
export function labelOf(op: Operation): string {
  return `operation '${String((op as { kind?: unknown }).kind)}'`;
}

export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
