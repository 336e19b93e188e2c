import { ConservativeRuntime } from './ConservativeRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** The conservative runtime as an adapter: refuses every unverifiable prune, crashes at the ceiling. */
export const conservativeAdapter = runtimeAdapter(
  'conservative',
  'Refuses every prune it cannot verify, even lossy ones, and throws a context overflow at the hard ceiling',
  (config) => new ConservativeRuntime(config),
);

export default conservativeAdapter;
