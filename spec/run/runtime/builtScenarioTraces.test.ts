import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readBuiltTraces, serializeBuiltTraces, type BuiltTrace } from '../../../src/run/runtime/builtScenarioTraces.ts';
import { scenarioExamplesFrom } from '../../../src/run/runtime/explicitExamples.ts';
import { writeScenarioTraces } from '../../../src/run/runtime/writeScenarioTraces.ts';
import { listScenarios } from '../../../src/scenario/loadScenario.ts';
import { scratch } from '../../helpers/faults.ts';

const dir = scratch('built-traces');

describe('the recorded incidents traced at build time', () => {
  it('reads back exactly what the engine computes for every built-in scenario (the round trip the build relies on)', async () => {
    const file = join(dir(), 'scenarioTraces.json');
    await writeScenarioTraces(file);
    const built = readBuiltTraces(pathToFileURL(file));
    expect([...built.keys()].sort()).toEqual(listScenarios());
    const computed = await scenarioExamplesFrom(new Map());
    const fromBuilt = await scenarioExamplesFrom(built);
    expect(fromBuilt).toStrictEqual(computed);
    expect(readFileSync(file, 'utf8')).toBe(serializeBuiltTraces([...built.values()]));
  });

  it('takes a stored trace only for the same scenario text: a stale hash is computed again', async () => {
    const file = join(dir(), 'scenarioTraces.json');
    await writeScenarioTraces(file);
    const built = readBuiltTraces(pathToFileURL(file));
    const [name] = listScenarios();
    const stored = built.get(name!)!;
    // A stand-in trace marks which path answered: the stored one is taken as is when its hash matches.
    const marked: BuiltTrace = { ...stored, trace: stored.trace.slice(0, 1) };
    const taken = await scenarioExamplesFrom(new Map([[name!, marked]]));
    expect(taken.find((e) => e.name === `scenario:${name}`)!.trace).toHaveLength(1);
    const stale = await scenarioExamplesFrom(new Map([[name!, { ...marked, sha256: '0'.repeat(64) }]]));
    expect(stale.find((e) => e.name === `scenario:${name}`)!.trace).toStrictEqual(stored.trace);
  });

  it.each([
    ['no file', undefined],
    ['not JSON', '{"format":'],
    ['another format', '{"format":"x","version":1,"traces":[]}'],
    ['a later version', '{"format":"prunecheck-scenario-traces","version":2,"traces":[]}'],
    ['an entry without its hash', '{"format":"prunecheck-scenario-traces","version":1,"traces":[{"name":"a","config":{"capacity":4},"trace":[]}]}'],
    ['a trace that is not a list of operations', '{"format":"prunecheck-scenario-traces","version":1,"traces":[{"name":"a","sha256":"x","config":{"capacity":4},"trace":[1]}]}'],
  ])('a file with %s is no file: nothing is taken from it', (_label, text) => {
    const file = join(dir(), 'scenarioTraces.json');
    if (text !== undefined) writeFileSync(file, text);
    expect(readBuiltTraces(pathToFileURL(file)).size).toBe(0);
  });
});
