import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import type { Capabilities } from '../Adapter.ts';
import { AdapterLoadError } from '../AdapterLoadError.ts';
import { supervisedPolicy, type SupervisedPolicyAdapter } from './supervisedPolicy.ts';
import { supervisedRuntime, type SupervisedAdapter } from './supervisedRuntime.ts';
import { Supervisor, type SuperviseOptions } from './Supervisor.ts';
import type { ExpectedMode } from './wire.ts';

/** A module's adapter, loaded in a supervised process: a runtime adapter or a policy adapter. */
export type SupervisedModule = { readonly mode: 'runtime'; readonly adapter: SupervisedAdapter } | { readonly mode: 'policy'; readonly adapter: SupervisedPolicyAdapter };

/**
 * Loads an adapter module (`--adapter ./theirs.ts`) in a process of its own that prunecheck supervises, and
 * answers an adapter that forwards every call to it. The checker's process runs none of the module's code.
 * A missing module or a default export that is no adapter is an `AdapterLoadError` (exit 2), as in-process; a
 * module that exits, crashes or hangs while it loads is a `SubjectLoadFailure`, which a check reports as a verdict.
 */
export async function loadSupervised(ref: string, expected: ExpectedMode, options: SuperviseOptions = {}): Promise<SupervisedModule> {
  const path = resolve(ref);
  if (!existsSync(path)) throw new AdapterLoadError('MODULE_NOT_FOUND', `adapter module ${path} does not exist; check the --adapter path`);
  const supervisor = new Supervisor(ref, path, expected, options);
  const descriptor = await supervisor.start();
  if (descriptor.mode === 'policy') return { mode: 'policy', adapter: supervisedPolicy(supervisor, descriptor.adapter) };
  const { name, version, description, capabilities } = descriptor.adapter;
  return { mode: 'runtime', adapter: supervisedRuntime(supervisor, { name, version, ...(description === undefined ? {} : { description }), capabilities: capabilities as Capabilities }) };
}
