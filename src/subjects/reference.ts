import { ReferenceRuntime } from '../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../adapters/runtimeAdapter.ts';

/** The reference runtime of spec/SPEC.md, as an adapter: conformant by definition. */
export const referenceAdapter = runtimeAdapter(
  'reference',
  'The reference runtime of spec/SPEC.md',
  (config) => new ReferenceRuntime(config),
);

export default referenceAdapter;
