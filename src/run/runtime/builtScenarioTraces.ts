import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Operation } from '../../model/Operation.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { parseJsonData } from '../../util/parseJsonData.ts';

/**
 * The recorded incidents' traces as the build computed them (`npm run build` ends with
 * `node dist/run/runtime/writeScenarioTraces.js`), beside the compiled module. Every check runs the incidents
 * before its generated episodes; turning them into traces on the reference took about a fifth of a default
 * check's start-up, the same work in every process.
 */
export const BUILT_TRACES_URL = new URL('./scenarioTraces.json', import.meta.url);

/** One incident as built: which scenario text it was computed from (its SHA-256), the window and the trace. */
export interface BuiltTrace {
  readonly name: string;
  /** SHA-256 (hex) of the scenario file's text at build time: a trace is used only for the same text. */
  readonly sha256: string;
  readonly config: RuntimeConfig;
  readonly trace: readonly Operation[];
}

/** The file's shape: `format` and `version` name it, `traces` is sorted by name. */
export interface BuiltTraces {
  readonly format: 'prunecheck-scenario-traces';
  readonly version: 1;
  readonly traces: readonly BuiltTrace[];
}

/** The hash a built trace is keyed by. */
export function scenarioTextHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The file's text: 2-space JSON with a trailing newline. */
export function serializeBuiltTraces(traces: readonly BuiltTrace[]): string {
  const file: BuiltTraces = { format: 'prunecheck-scenario-traces', version: 1, traces: [...traces].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * The built traces by scenario name; empty when there is no file (run from the TypeScript sources, or a build
 * that did not write it) or it is not one this version wrote. A missing or stale trace is only slower: the
 * caller computes it, so nothing here throws.
 */
export function readBuiltTraces(url: URL = BUILT_TRACES_URL): ReadonlyMap<string, BuiltTrace> {
  let parsed: unknown;
  try {
    parsed = parseJsonData(readFileSync(url, 'utf8'));
  } catch {
    return new Map();
  }
  if (!isRecord(parsed) || parsed['format'] !== 'prunecheck-scenario-traces' || parsed['version'] !== 1 || !Array.isArray(parsed['traces'])) return new Map();
  const byName = new Map<string, BuiltTrace>();
  for (const entry of parsed['traces'] as unknown[]) {
    if (!isRecord(entry)) return new Map();
    const { name, sha256, config, trace } = entry;
    if (typeof name !== 'string' || typeof sha256 !== 'string' || !isRecord(config) || typeof config['capacity'] !== 'number' || !Array.isArray(trace)) return new Map();
    if (!trace.every(isRecord)) return new Map();
    byName.set(name, { name, sha256, config: config as unknown as RuntimeConfig, trace: trace as unknown as Operation[] });
  }
  return byName;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
