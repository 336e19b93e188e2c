import { fileURLToPath, pathToFileURL } from 'node:url';
import { listScenarios } from '../../scenario/scenarioFiles.ts';
import { writeFileAtomic } from '../../util/writeFileAtomic.ts';
import { BUILT_TRACES_URL, serializeBuiltTraces } from './builtScenarioTraces.ts';
import { builtTraceOf } from './explicitExamples.ts';

/**
 * Computes every built-in incident's trace and writes them where `scenarioExamples` looks for them. The build's
 * last step (`node dist/run/runtime/writeScenarioTraces.js`); `path` defaults to the file beside this module.
 * Answers the path written.
 */
export async function writeScenarioTraces(path: string = fileURLToPath(BUILT_TRACES_URL)): Promise<string> {
  const traces = await Promise.all(listScenarios().map((name) => builtTraceOf(name)));
  return writeFileAtomic(path, serializeBuiltTraces(traces));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await writeScenarioTraces();
  process.stdout.write(`prunecheck build: the recorded incidents' traces written to ${written}\n`);
}
