import { INVARIANT_IDS } from '../model/invariants.ts';
import { OPERATION_KINDS } from '../model/Operation.ts';
import type { Adapter, PruningSystem } from './Adapter.ts';
import { AdapterLoadError } from './AdapterLoadError.ts';

/** Checks that a loaded module's default export is an adapter, naming the field that is wrong. */
export function validateAdapter(value: unknown, source: string): Adapter {
  const fail = (field: string, expected: string): never => {
    throw new AdapterLoadError('BAD_ADAPTER', `${source}: default export${field} ${expected} (see spec/ADAPTER.md)`);
  };
  if (value === undefined) {
    throw new AdapterLoadError('BAD_ADAPTER', `${source} has no default export; add \`export default adapter\`, where adapter is an object with name, version, capabilities and create() (see spec/ADAPTER.md)`);
  }
  if (typeof value !== 'object' || value === null) return fail('', `must be an adapter object with name, version, capabilities and create(), got ${value === null ? 'null' : typeof value}`);
  const adapter = value as Record<string, unknown>;
  if (typeof adapter['name'] !== 'string' || adapter['name'] === '') fail('.name', 'must be a non-empty string');
  if (typeof adapter['version'] !== 'string') fail('.version', 'must be a string');
  if (typeof adapter['create'] !== 'function') fail('.create', 'must be a function (config) => PruningSystem');
  const capabilities = adapter['capabilities'] as Record<string, unknown> | undefined;
  if (typeof capabilities !== 'object' || capabilities === null) return fail('.capabilities', 'must be { operations, invariants }');
  const operations = capabilities['operations'];
  if (!Array.isArray(operations)) fail('.capabilities.operations', 'must be an array of operation kinds');
  for (const op of operations as unknown[]) {
    if (!OPERATION_KINDS.includes(op as never)) fail('.capabilities.operations', `names unknown operation ${JSON.stringify(op)}; known: ${OPERATION_KINDS.join(', ')}`);
  }
  const invariants = capabilities['invariants'];
  if (!Array.isArray(invariants)) fail('.capabilities.invariants', 'must be an array of invariant ids');
  for (const id of invariants as unknown[]) {
    if (!INVARIANT_IDS.includes(id as never)) fail('.capabilities.invariants', `names unknown invariant ${JSON.stringify(id)}; known: ${INVARIANT_IDS.join(', ')}`);
  }
  return value as Adapter;
}

/**
 * Checks what an adapter's `create` answered before the harness calls into it: an object with `apply` and
 * `observe` functions (and `request`, `close` functions when present). Throws a TypeError naming what is wrong,
 * which the engine reports as an adapter error of `create`.
 */
export function validateSystem(value: unknown): PruningSystem {
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`create() must answer a system object with apply() and observe(), got ${value === null ? 'null' : typeof value}`);
  }
  const system = value as Record<string, unknown>;
  for (const method of ['apply', 'observe'] as const) {
    if (typeof system[method] !== 'function') throw new TypeError(`create() answered a system without ${method}(): its ${method} is ${typeof system[method]}, not a function (see spec/ADAPTER.md §1)`);
  }
  for (const method of ['request', 'step', 'plan', 'close'] as const) {
    if (system[method] !== undefined && typeof system[method] !== 'function') throw new TypeError(`create() answered a system whose ${method} is ${typeof system[method]}; leave it out or make it a function`);
  }
  return value as PruningSystem;
}
