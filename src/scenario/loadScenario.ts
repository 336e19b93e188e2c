import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { FieldReader } from './FieldReader.ts';
import { JsonSyntaxIssue, parseJsonWithLines } from './parseJsonWithLines.ts';
import type { Scenario } from './Scenario.ts';
import { ScenarioError } from './ScenarioError.ts';
import { validateScenario } from './validateScenario.ts';
import { listScenarios, SCENARIOS_DIR } from './scenarioFiles.ts';

/** The largest scenario file read: the recorded incidents are a few kilobytes. */
export const MAX_SCENARIO_BYTES = 4 * 1024 * 1024;

export { listScenarios, SCENARIOS_DIR };

/** How to load: where built-in names live, and which runtime names `expect` may use (default: any). */
export interface LoadOptions {
  readonly dir?: string;
  readonly runtimes?: readonly string[];
}

/** Parses and validates scenario text; `file` is how errors name it. */
export function parseScenario(text: string, file: string, runtimes?: readonly string[]): Scenario {
  let located;
  try {
    located = parseJsonWithLines(text);
  } catch (error: unknown) {
    if (error instanceof JsonSyntaxIssue) {
      throw new ScenarioError('SYNTAX', file, undefined, error.line, `invalid JSON at column ${error.column}: ${error.message}`);
    }
    throw error;
  }
  const scenario = validateScenario(located.value, new FieldReader(file, located.lines), runtimes);
  const stem = basename(file).replace(/\.json$/, '');
  if (file.endsWith('.json') && stem !== scenario.name) {
    throw new ScenarioError('BAD_VALUE', file, '$.name', located.lines.get('$.name'), `expected the file stem "${stem}", got "${scenario.name}" (rename one of them)`);
  }
  return scenario;
}


/**
 * Loads a scenario by built-in name (`turn-90-duplicate-side-effect`) or by path (anything with a slash or a
 * `.json` suffix). Throws `ScenarioError` naming the file, field and line.
 */
export function loadScenario(ref: string, options: LoadOptions = {}): Scenario {
  const dir = options.dir ?? SCENARIOS_DIR;
  const isPath = ref.includes('/') || ref.includes('\\') || ref.endsWith('.json');
  const path = isPath ? resolve(ref) : join(dir, `${ref}.json`);
  // A path is named as the user wrote it (relative to a working directory the message cannot know otherwise).
  const shown = isPath ? ref : relative(process.cwd(), path) || path;
  if (!existsSync(path)) {
    const known = listScenarios(dir);
    throw new ScenarioError('NOT_FOUND', shown, undefined, undefined, isPath ? `no such file; check the path, or name a built-in scenario: ${known.join(', ') || '(none)'}` : `no scenario named "${ref}"; available: ${known.join(', ') || '(none)'}`);
  }
  let text: string;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new ScenarioError('UNREADABLE', shown, undefined, undefined, 'is not a regular file; name a scenario .json file');
    if (stat.size > MAX_SCENARIO_BYTES) throw new ScenarioError('UNREADABLE', shown, undefined, undefined, `is ${stat.size} bytes, over the ${MAX_SCENARIO_BYTES}-byte limit for a scenario; a scenario holds a timeline of events, not the episode's text`);
    text = readFileSync(path, 'utf8');
  } catch (error: unknown) {
    if (error instanceof ScenarioError) throw error;
    throw new ScenarioError('UNREADABLE', shown, undefined, undefined, `cannot read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseScenario(text, shown, options.runtimes);
}

/** The canonical text of a scenario: 2-space JSON with a trailing newline. */
export function serializeScenario(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}
