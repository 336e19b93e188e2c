import type { Adapter } from '../../src/adapters/Adapter.ts';
import { runtimeAdapter } from '../../src/adapters/runtimeAdapter.ts';
import type { Finding } from '../../src/check/Finding.ts';
import { EpisodeState } from '../../src/gen/runtime/EpisodeState.ts';
import type { InvariantId } from '../../src/model/invariants.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { ReferenceRuntime, RuntimeConfig } from '../../src/model/ReferenceRuntime.ts';
import type { FindingKind } from '../../src/check/FindingKind.ts';
import { claimsOf } from '../../src/run/runtime/checkAdapter.ts';
import { EpisodeDriver } from '../../src/run/runtime/EpisodeDriver.ts';

/** What driving a fixed trace found: the first claimed finding (and its 1-based step), and the driver. */
export interface Driven {
  readonly driver: EpisodeDriver;
  readonly finding: Finding | undefined;
  readonly step: number | undefined;
}

/**
 * Drives `adapter` through `ops` with the engine's own driver and checkers (as a generated run would), stopping
 * at the first claimed finding. `claims` narrows what the adapter claims.
 */
export async function drive(adapter: Adapter, ops: readonly Operation[], options: DriveOptions = {}): Promise<Driven> {
  const config = options.config ?? { capacity: 10_000 };
  const claimed = options.claims === undefined ? adapter : { ...adapter, capabilities: { ...adapter.capabilities, invariants: options.claims } };
  const system = await adapter.create(config);
  const driver = new EpisodeDriver(new EpisodeState(config), system, claimsOf(claimed), 5_000, undefined, options.recheckEvery);
  for (const op of ops) {
    const finding = await driver.step(op);
    if (finding !== undefined) return { driver, finding, step: driver.trace.length };
    if (driver.stopped) break;
  }
  const last = options.finish === true ? await driver.finish() : undefined;
  return { driver, finding: last, step: last === undefined ? undefined : driver.trace.length };
}

/** How `drive` runs: the config, what the adapter claims, the recheck interval, and whether the episode ends. */
export interface DriveOptions {
  readonly config?: RuntimeConfig;
  readonly claims?: readonly InvariantId[];
  /** Steps between rechecks (default the engine's, 16; 0: never). */
  readonly recheckEvery?: number;
  /** End the episode as a generated run does: a last recheck of everything it touched. */
  readonly finish?: boolean;
}

/** A built-in-style adapter for a runtime class written in a test. */
export function testRuntime(name: string, make: (config: RuntimeConfig) => ReferenceRuntime): Adapter {
  return runtimeAdapter(name, `test runtime ${name}`, make);
}

/** The finding's invariant, or 'none'. */
export const invariantOf = (driven: Driven): FindingKind | 'none' => driven.finding?.invariant ?? 'none';
