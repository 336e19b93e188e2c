import type { Adapter, Capabilities, PruningSystem } from '../Adapter.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { STEP_PLANNER } from './StepPlanner.ts';
import { SupervisedSystem } from './SupervisedSystem.ts';
import type { BoundaryStats, Supervisor } from './Supervisor.ts';

/** A runtime adapter whose module runs in a supervised process: `drain()` stops it when the check is over. */
export interface SupervisedAdapter extends Adapter {
  /** The module's path, as it was loaded. */
  readonly supervised: string;
  /** What crossed the boundary so far (round trips, batches, steps answered from them). */
  readonly boundary: BoundaryStats;
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

/** The runtime adapter a supervised module serves, as the engine drives any adapter. */
export function supervisedRuntime(supervisor: Supervisor, fields: { readonly name: string; readonly version: string; readonly description?: string; readonly capabilities: Capabilities }): SupervisedAdapter {
  return {
    ...fields,
    supervised: supervisor.path,
    boundary: supervisor.stats,
    async create(config: RuntimeConfig): Promise<PruningSystem> {
      const proc = await supervisor.process();
      const id = proc.id();
      const created = (await supervisor.call(proc, { t: 'create', id, config }, 'create', Math.max(supervisor.opTimeoutMs, 30_000))) as CreatedShape;
      if (typeof created.shape !== 'object' || created.shape === null) return created.shape as PruningSystem;
      const system = new SupervisedSystem(supervisor, proc, id, config);
      const types = created.shape as Record<string, unknown>;
      const members: Record<string, unknown> = {};
      for (const method of created.methods) {
        if (method === 'plan') continue; // steps go one round trip each; a batch is the child's own affair
        members[method] = types[method] === 'function' ? (system as unknown as Record<string, (...args: unknown[]) => unknown>)[method]?.bind(system) : placeholder(types[method]);
      }
      // Every step is one round trip, or none when the engine's lookahead planned it (a batch, StepPlanner),
      // whether or not the adapter combines them itself; close always stops the run.
      if (types['apply'] === 'function' && types['observe'] === 'function') Object.assign(members, { step: system.step.bind(system), [STEP_PLANNER]: system });
      members['close'] = system.close.bind(system);
      return members as unknown as PruningSystem;
    },
    drain: () => supervisor.drain(),
  };
}
