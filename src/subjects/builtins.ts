import type { Adapter } from '../adapters/Adapter.ts';
import { conservativeAdapter } from './conservative/conservative.ts';
import { naiveAdapter } from './naive/naive.ts';
import { referenceAdapter } from './reference.ts';
import { LEGAL_VARIANTS } from './variants/index.ts';
import { NONDETERMINISTIC_ZOO, ZOO_ADAPTERS } from './zoo/index.ts';

/**
 * The adapters prunecheck ships, by the bare name `prunecheck check --adapter <name>` accepts.
 * Add a built-in by adding it here.
 */
export const BUILTIN_ADAPTERS: readonly Adapter[] = [
  referenceAdapter,
  naiveAdapter,
  conservativeAdapter,
  ...LEGAL_VARIANTS,
  ...ZOO_ADAPTERS,
  ...NONDETERMINISTIC_ZOO.map(([adapter]) => adapter),
];

export function findBuiltin(name: string): Adapter | undefined {
  return BUILTIN_ADAPTERS.find((adapter) => adapter.name === name);
}
