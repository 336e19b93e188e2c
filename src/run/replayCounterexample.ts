import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { resolveAdapter, type ResolvedAdapter } from '../subjects/resolveAdapter.ts';
import { isPolicyAdapter } from '../adapters/policy/validatePolicyAdapter.ts';
import type { AnyAdapter } from './checkAdapter.ts';
import { replayPolicyCounterexample, type PolicyReplayResult } from './policy/replayPolicyCounterexample.ts';
import { readCounterexampleFile } from './readCounterexampleFile.ts';
import { assertMayLoad } from './replayTrust.ts';
import { terminalText } from '../util/terminalText.ts';
import { replayCounterexample as replayRuntimeCounterexample, type ReplayResult } from './runtime/replayCounterexample.ts';

/** What `replayCounterexample` answers for either kind of counterexample file, told apart by `mode`. */
export type AdapterReplayResult = (ReplayResult & { readonly mode: 'runtime' }) | (PolicyReplayResult & { readonly mode: 'policy' });

export interface ReplayOptions {
  /** The adapter to replay against; default: the one the file names (`adapterRef`). */
  readonly adapter?: AnyAdapter;
  /** Per-operation timeout for runtime-mode replays, in ms. */
  readonly opTimeoutMs?: number;
  /**
   * Without `adapter`, load the adapter the file names even when it is a module or a `cmd:` command: replaying
   * then runs code the file names. Default false: only a built-in runs by name (`UntrustedAdapterError`).
   */
  readonly trust?: boolean;
}

/**
 * Replays any counterexample file (runtime or policy mode, as `prunecheck replay` does): against
 * `options.adapter`, or the adapter the file names. An adapter that cannot be loaded, or one of the other mode,
 * is an `AdapterLoadError` saying how to name the right one.
 */
export async function replayCounterexample(file: string, options: ReplayOptions = {}): Promise<AdapterReplayResult> {
  const { mode, adapterRef } = await readCounterexampleFile(file);
  // A supervised module's calls are bounded by the replay's own timeout, not the default.
  const load = options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs };
  let resolved: ResolvedAdapter;
  if (options.adapter === undefined) {
    assertMayLoad(file, adapterRef, options.trust === true);
    try {
      resolved = await resolveAdapter(adapterRef, load);
    } catch (error: unknown) {
      if (!(error instanceof AdapterLoadError) || error.code !== 'UNKNOWN_ADAPTER') throw error;
      throw new AdapterLoadError('UNKNOWN_ADAPTER', `${file} names adapter '${terminalText(adapterRef)}', which is neither a built-in nor a module path; name the adapter's module: npx prunecheck replay ${file} --adapter ./path/to/adapter.ts (from code: replayCounterexample(file, { adapter }))`, { cause: error });
    }
  } else if (typeof options.adapter === 'string') {
    resolved = await resolveAdapter(options.adapter, load);
  } else {
    resolved = isPolicyAdapter(options.adapter) ? { mode: 'policy', adapter: options.adapter } : { mode: 'runtime', adapter: options.adapter };
  }
  if (resolved.mode !== mode) throw new AdapterLoadError('BAD_ADAPTER', `${file} is a ${mode}-mode counterexample but ${resolved.adapter.name} is a ${resolved.mode}-mode adapter; replay it with an adapter of the same mode`);
  if (resolved.mode === 'policy') return { mode: 'policy', ...(await replayPolicyCounterexample(file, { adapter: resolved.adapter, ...load })) };
  return { mode: 'runtime', ...(await replayRuntimeCounterexample(file, { adapter: resolved.adapter, ...(options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs }) })) };
}
