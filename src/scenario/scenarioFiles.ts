import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Apart from loadScenario.ts (which re-exports both), so a check can list the recorded incidents and read their
// text without loading the scenario parser and validator when the build already turned them into traces.

/** The scenarios prunecheck ships. */
export const SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios', import.meta.url));

/** The names of the built-in scenarios, sorted. */
export function listScenarios(dir = SCENARIOS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
}
