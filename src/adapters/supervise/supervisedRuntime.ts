import type { Adapter, Capabilities, PruningSystem } from '../Adapter.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { PLANNED_CREATE, STEP_PLANNER, type PlannedCreate, type PlannedStep } from './StepPlanner.ts';
import { beatMsOf, SupervisedSystem } from './SupervisedSystem.ts';
import type { BoundaryStats, Supervisor } from './Supervisor.ts';

/** A runtime adapter whose module runs in a supervised process: `drain()` stops it when the check is over. */
export interface SupervisedAdapter extends Adapter {
  /** The module's path, as it was loaded. */
  readonly supervised: string;
  /** What crossed the boundary so far (round trips, batches, steps answered from them). */
  readonly boundary: BoundaryStats;
  /** Whether runs are batched (the default); off, every step is one round trip (the bench's comparison). */
  batching: boolean;
  /** The CPU time, in ms, its running process has used (the bench's measure of the boundary's cost). */
  childCpuMs(): Promise<number>;
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
 * A fresh system in the supervised process. With `steps` (the run's first predicted stretch), the batch goes right
 * behind the `create` message, so the system and its first stretch cost one round trip; the batch's answer is
 * taken before the first step (`settle`), and its timeout starts when `create` has answered.
 */
async function open(supervisor: Supervisor, config: RuntimeConfig, steps: readonly PlannedStep[], until?: number): Promise<PruningSystem> {
  const proc = await supervisor.process();
  const id = proc.id();
  const creating = supervisor.call(proc, { t: 'create', id, config }, 'create', Math.max(supervisor.opTimeoutMs, 30_000));
  const batch = steps.length > 0 && supervisor.batching ? supervisor.call(proc, { t: 'batch', id: proc.id(), sys: id, steps, beatMs: beatMsOf(supervisor.opTimeoutMs), ...(until === undefined ? {} : { until }) }, 'batch', supervisor.opTimeoutMs, creating) : undefined;
  batch?.catch(() => undefined); // answered by settle(), or dropped with a system that never came
  const created = (await creating) as CreatedShape;
  if (typeof created.shape !== 'object' || created.shape === null) return created.shape as PruningSystem;
  const system = new SupervisedSystem(supervisor, proc, id, config);
  const types = created.shape as Record<string, unknown>;
  const members: Record<string | symbol, unknown> = {};
  for (const method of created.methods) {
    if (method === 'plan') continue; // steps go one round trip each, or in the engine's batches; a batch is the child's own affair
    members[method] = types[method] === 'function' ? (system as unknown as Record<string, (...args: unknown[]) => unknown>)[method]?.bind(system) : placeholder(types[method]);
  }
  // Every step is one round trip, or none when the engine's lookahead planned it (a batch, StepPlanner),
  // whether or not the adapter combines them itself; close always stops the run.
  if (types['apply'] === 'function' && types['observe'] === 'function') {
    Object.assign(members, { step: system.step.bind(system), [STEP_PLANNER]: system });
    if (batch !== undefined) system.startedWith(steps, batch);
  }
  members['close'] = system.close.bind(system);
  return members as unknown as PruningSystem;
}

/** The runtime adapter a supervised module serves, as the engine drives any adapter. */
export function supervisedRuntime(supervisor: Supervisor, fields: { readonly name: string; readonly version: string; readonly description?: string; readonly capabilities: Capabilities }): SupervisedAdapter & PlannedCreate {
  return {
    ...fields,
    supervised: supervisor.path,
    boundary: supervisor.stats,
    get batching() {
      return supervisor.batching;
    },
    set batching(on: boolean) {
      supervisor.batching = on;
    },
    create: (config: RuntimeConfig) => open(supervisor, config, []),
    [PLANNED_CREATE]: (config: RuntimeConfig, steps: readonly PlannedStep[], until?: number) => open(supervisor, config, steps, until),
    childCpuMs: () => supervisor.childCpuMs(),
    drain: () => supervisor.drain(),
  };
}
