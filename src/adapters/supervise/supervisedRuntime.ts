import type { Adapter, Capabilities, PruningSystem, StepAnswer } from '../Adapter.ts';
import type { Operation } from '../../model/Operation.ts';
import type { AuditEntry } from '../../model/AuditLog.ts';
import type { Outcome, RequestRecord } from '../../model/Outcome.ts';
import type { RuntimeConfig, SpanObservation } from '../../model/ReferenceRuntime.ts';
import type { SubjectProcess } from './SubjectProcess.ts';
import type { Supervisor } from './Supervisor.ts';
import type { WireStep } from './wire.ts';

/** A runtime adapter whose module runs in a supervised process: `drain()` stops it when the check is over. */
export interface SupervisedAdapter extends Adapter {
  /** The module's path, as it was loaded. */
  readonly supervised: string;
  drain(): Promise<void>;
}

/** A value of the type `create` answered for a member that is not a function, so the engine names it as it is. */
export function placeholder(type: unknown): unknown {
  switch (type) {
    case 'string': return '';
    case 'number': return 0;
    case 'boolean': return false;
    case 'object': return {};
    default: return undefined;
  }
}

/** What `create` answered in the child: the system's members and their types, or the non-object it was. */
export interface CreatedShape {
  readonly methods: readonly string[];
  readonly shape: unknown;
}

/**
 * One run's system in the supervised process. Each engine step is one round trip (`step`): the observations
 * before, the operation, the observations after and a `callTool`'s ledger record, so the `observe` and `request`
 * calls that follow are answered from it, as protocol 1.1 does for a `cmd:` child.
 */
class SupervisedSystem {
  private readonly cache = new Map<string, SpanObservation>();
  private requested: { readonly signature: string; readonly ok: boolean; readonly value: unknown } | undefined;

  constructor(
    private readonly supervisor: Supervisor,
    private readonly proc: SubjectProcess,
    private readonly sys: number,
  ) {}

  private call(method: string, args: readonly unknown[], timeoutMs = this.supervisor.opTimeoutMs): Promise<unknown> {
    return this.supervisor.call(this.proc, { t: 'call', id: this.proc.id(), sys: this.sys, method, args }, method, timeoutMs);
  }

  private forget(): void {
    this.cache.clear();
    this.requested = undefined;
  }

  async apply(op: Operation): Promise<Outcome> {
    this.forget();
    return (await this.call('apply', [op])) as Outcome;
  }

  async observe(ids: readonly string[]): Promise<readonly SpanObservation[]> {
    if (ids.length > 0 && ids.every((id) => this.cache.has(id))) return ids.map((id) => this.cache.get(id) as SpanObservation);
    return (await this.call('observe', [ids])) as readonly SpanObservation[];
  }

  async request(signature: string): Promise<RequestRecord | undefined> {
    const kept = this.requested;
    if (kept?.signature === signature) {
      this.requested = undefined;
      if (!kept.ok) throw kept.value;
      return kept.value as RequestRecord | undefined;
    }
    return (await this.call('request', [signature])) as RequestRecord | undefined;
  }

  /** The system's audit log (SPEC INV-11, INV-12), when its module exposes one: read across the boundary. */
  async auditLog(): Promise<readonly AuditEntry[]> {
    return (await this.call('auditLog', [])) as readonly AuditEntry[];
  }

  async step(before: readonly string[], op: Operation, after: readonly string[]): Promise<StepAnswer> {
    this.forget();
    const signature = op.kind === 'callTool' && typeof op.signature === 'string' ? op.signature : undefined;
    const answer = (await this.supervisor.call(this.proc, { t: 'step', id: this.proc.id(), sys: this.sys, before, op, after, ...(signature === undefined ? {} : { request: signature }) }, 'apply', this.supervisor.opTimeoutMs)) as WireStep;
    if (answer.thrown !== undefined) return { before: answer.before as readonly SpanObservation[], thrown: this.proc.thrown(answer.thrown) };
    const ids = answer.afterIds ?? [];
    const observed = answer.after;
    // Kept only when well formed: otherwise the engine's own observe asks again, and sees what is wrong.
    if (observed?.ok === true && Array.isArray(observed.value) && observed.value.length === ids.length && ids.every((id, i) => (observed.value as { spanId?: unknown }[])[i]?.spanId === id)) {
      ids.forEach((id, i) => this.cache.set(id, (observed.value as SpanObservation[])[i] as SpanObservation));
    }
    if (signature !== undefined && answer.request !== undefined) {
      this.requested = answer.request.ok ? { signature, ok: true, value: answer.request.value } : { signature, ok: false, value: this.proc.thrown(answer.request.error) };
    }
    return { before: answer.before as readonly SpanObservation[], outcome: answer.outcome as Outcome };
  }

  async close(): Promise<void> {
    this.forget();
    // A process still busy with this run (a call the engine gave up on) cannot be asked to close: stop it.
    if (this.proc.busy) return this.proc.kill('a call of the previous run was still running when it closed');
    await this.call('close', [], Math.max(this.supervisor.opTimeoutMs, 2_000));
  }
}

/** The runtime adapter a supervised module serves, as the engine drives any adapter. */
export function supervisedRuntime(supervisor: Supervisor, fields: { readonly name: string; readonly version: string; readonly description?: string; readonly capabilities: Capabilities }): SupervisedAdapter {
  return {
    ...fields,
    supervised: supervisor.path,
    async create(config: RuntimeConfig): Promise<PruningSystem> {
      const proc = await supervisor.process();
      const id = proc.id();
      const created = (await supervisor.call(proc, { t: 'create', id, config }, 'create', Math.max(supervisor.opTimeoutMs, 30_000))) as CreatedShape;
      if (typeof created.shape !== 'object' || created.shape === null) return created.shape as PruningSystem;
      const system = new SupervisedSystem(supervisor, proc, id);
      const types = created.shape as Record<string, unknown>;
      const members: Record<string, unknown> = {};
      for (const method of created.methods) {
        if (method === 'plan') continue; // steps go one round trip each; a batch is the child's own affair
        members[method] = types[method] === 'function' ? (system as unknown as Record<string, (...args: unknown[]) => unknown>)[method]?.bind(system) : placeholder(types[method]);
      }
      // Every step is one round trip, whether or not the adapter combines them itself; close always stops the run.
      if (types['apply'] === 'function' && types['observe'] === 'function') members['step'] = system.step.bind(system);
      members['close'] = system.close.bind(system);
      return members as unknown as PruningSystem;
    },
    drain: () => supervisor.drain(),
  };
}
