import type { PruningSystem } from '../Adapter.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { ClientPool } from './ClientPool.ts';
import { prefetchIds } from './prefetchIds.ts';
import type { ProtocolClient } from './ProtocolClient.ts';
import { unwrapAnswer } from './unwrapAnswer.ts';

/**
 * One run of a runtime in a child process, behind the in-process `PruningSystem` contract. Observations of
 * the ids an operation names come back with its `apply` answer and serve the `observe` calls that follow,
 * until the next `apply`; any other id costs an `observe` request.
 */
export class CommandSystem implements PruningSystem {
  private readonly client: ProtocolClient;
  private readonly pool: ClientPool;
  private readonly prefetch: boolean;
  private cache = new Map<string, SpanObservation>();
  private closed = false;

  constructor(client: ProtocolClient, pool: ClientPool, prefetch: boolean) {
    this.client = client;
    this.pool = pool;
    this.prefetch = prefetch;
  }

  async apply(op: Operation): Promise<Outcome> {
    this.cache.clear();
    const label = `operation '${String((op as { kind?: unknown }).kind)}'`;
    const ids = this.prefetch ? prefetchIds(op) : [];
    const answer = await this.client.call('apply', ids.length === 0 ? { operation: op } : { operation: op, observe: ids });
    const result = unwrapAnswer(answer, this.client, label) as Record<string, unknown> | undefined;
    const outcome = result?.['outcome'] as Record<string, unknown> | undefined;
    if (typeof outcome !== 'object' || typeof outcome['kind'] !== 'string') {
      // JSON null reads as absent (spec/PROTOCOL.md §3): say so, rather than show the decoded answer as {}.
      const got = typeof result !== 'object' || result === null ? `the result ${preview(result)}` : outcome === undefined ? 'an answer whose outcome is null or missing' : `outcome ${preview(outcome)} (no string kind)`;
      throw this.client.failWith('BAD_RESPONSE', `answer to ${label} must be {"outcome": {"kind": …, …}}, got ${got}`);
    }
    if (ids.length > 0) this.remember(ids, result?.['observations'], `observations of the ${label} answer`);
    return outcome as unknown as Outcome;
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
    const answer = await this.client.call('request', { signature });
    const record = unwrapAnswer(answer, this.client, 'request');
    if (record !== undefined && (typeof record !== 'object' || Array.isArray(record))) {
      throw this.client.failWith('BAD_RESPONSE', `answer to request must be a request record or null, got ${preview(record)}`);
    }
    return record as RequestRecord | undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cache.clear();
    await this.pool.release(this.client);
  }

  private remember(ids: readonly string[], value: unknown, what: string): void {
    if (!Array.isArray(value) || value.length !== ids.length) {
      throw this.client.failWith('BAD_RESPONSE', `${what} must be an array of ${ids.length} observations, one per id asked, got ${preview(value)}`);
    }
    ids.forEach((id, i) => {
      const observation = value[i] as SpanObservation | undefined;
      if (typeof observation !== 'object' || observation.spanId !== id) {
        throw this.client.failWith('BAD_RESPONSE', `${what}: entry ${i} must observe '${id}', got ${preview(observation)}`);
      }
      this.cache.set(id, observation);
    });
  }
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
