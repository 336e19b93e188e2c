import { open } from 'node:fs/promises';
import { FAKE_BEHAVIOURS } from '../gen/policy/fakeModel.ts';
import { buildConversation } from '../gen/policy/buildConversation.ts';
import type { PolicyCase } from '../gen/policy/PolicyCase.ts';
import { INVARIANT_IDS } from '../model/invariants.ts';
import { ModelError } from '../model/ModelError.ts';
import { OPERATION_KINDS, type Operation } from '../model/Operation.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../model/ReferenceRuntime.ts';
import { CounterexampleFileError } from './CounterexampleFileError.ts';
import { describeThrown, preview } from '../util/safeJson.ts';
import { hasOwn, parseJsonData } from '../util/parseJsonData.ts';
import { findingIdentity, traceHash } from './writeCounterexample.ts';

/** Which engine a counterexample file belongs to, read from its `format` (policy files also say `mode`). */
export type CounterexampleMode = 'runtime' | 'policy';

export interface CounterexampleFile {
  readonly mode: CounterexampleMode;
  readonly adapterRef: string;
  readonly data: Readonly<Record<string, unknown>>;
}

const FORMATS: Readonly<Record<string, CounterexampleMode>> = {
  'prunecheck-counterexample/1': 'runtime',
  'prunecheck-policy-counterexample/1': 'policy',
};

/** Findings a counterexample can record: an invariant, or one of the harness's own kinds. */
const FINDING_KINDS: readonly string[] = [...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'];

/** The largest counterexample file read (prunecheck's own are bounded far below this). */
export const MAX_COUNTEREXAMPLE_BYTES = 256 * 1024 * 1024;
/** Bounds on what a file may ask replay to do. */
const MAX_TRACE = 100_000;
const MAX_TURNS = 10_000;

/**
 * Reads a counterexample and checks everything replay depends on before anything runs, so a hand-edited,
 * truncated or hostile file is an error naming the file and the field (exit 2), never a crash halfway through
 * the trace: its shape, every operation (each is run on a fresh reference model first: an operation the model
 * refuses, such as one naming an id never appended, names its index), the recorded outcomes, and the hash of
 * the trace (a trace edited after the check wrote it is refused).
 */
export async function readCounterexampleFile(file: string, expected?: CounterexampleMode): Promise<CounterexampleFile> {
  const text = await readBounded(file);
  let data: unknown;
  try {
    // Prototype-free: a "__proto__" or "constructor" key in a shared file is its data, never a lookup's answer.
    data = parseJsonData(text.replace(/^\uFEFF/, ''));
  } catch (error: unknown) {
    throw new CounterexampleFileError('NOT_JSON', file, `not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad(file, '(top level)', 'must be a JSON object');
  const record = data as Record<string, unknown>;
  const format = record['format'];
  const mode = typeof format === 'string' && hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
  if (mode === undefined) throw bad(file, 'format', `must be one of ${Object.keys(FORMATS).join(', ')}, got ${show(format)}`);
  if (expected !== undefined && mode !== expected) {
    const wanted = Object.keys(FORMATS).find((f) => FORMATS[f] === expected) ?? expected;
    throw bad(file, 'format', `must be '${wanted}' here, got ${show(format)} (a ${mode}-mode counterexample)`);
  }
  for (const field of ['adapter', 'adapterRef', 'invariant']) {
    if (typeof record[field] !== 'string' || record[field] === '') throw bad(file, field, `must be a non-empty string, got ${show(record[field])}`);
  }
  if (!FINDING_KINDS.includes(record['invariant'] as string)) throw bad(file, 'invariant', `must be an invariant id (INV-01…) or DIFFERENTIAL, ADAPTER-ERROR or TIMEOUT, got ${show(record['invariant'])}`);
  if (!Number.isSafeInteger(record['seed'])) throw bad(file, 'seed', `must be an integer, got ${show(record['seed'])}`);
  const because = record['because'];
  if (!Array.isArray(because) || !because.every((line) => typeof line === 'string')) throw bad(file, 'because', 'must be an array of strings');
  if (mode === 'runtime') checkRuntimeFields(file, record);
  else checkPolicyFields(file, record);
  return { mode, adapterRef: record['adapterRef'] as string, data: record };
}

async function readBounded(file: string): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error: unknown) {
    throw new CounterexampleFileError('NOT_FOUND', file, `cannot read the file (${(error as { code?: string }).code ?? String(error)}); pass the path of a file under reports/counterexamples/`, { cause: error });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new CounterexampleFileError('NOT_FOUND', file, 'is not a regular file; pass the path of a counterexample file under reports/counterexamples/');
    if (stat.size > MAX_COUNTEREXAMPLE_BYTES) throw new CounterexampleFileError('BAD_FIELD', file, `is ${stat.size} bytes, more than any counterexample prunecheck writes (${MAX_COUNTEREXAMPLE_BYTES}); it is not one`);
    return await handle.readFile('utf8');
  } catch (error: unknown) {
    if (error instanceof CounterexampleFileError) throw error;
    throw new CounterexampleFileError('NOT_FOUND', file, `cannot read the file (${(error as { code?: string }).code ?? String(error)})`, { cause: error });
  } finally {
    await handle.close();
  }
}

function checkRuntimeFields(file: string, record: Record<string, unknown>): void {
  const config = record['config'];
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw bad(file, 'config', 'must be the runtime configuration (an object with capacity)');
  const capacity = (config as Record<string, unknown>)['capacity'];
  if (!Number.isSafeInteger(capacity) || (capacity as number) <= 0) throw bad(file, 'config.capacity', `must be a positive integer, got ${show(capacity)}`);
  const trace = record['trace'];
  // Empty when the adapter failed to create a system: the replay then re-runs `create` alone.
  if (!Array.isArray(trace)) throw bad(file, 'trace', 'must be an array of operations');
  if (trace.length > MAX_TRACE) throw bad(file, 'trace', `holds ${trace.length} operations, more than the ${MAX_TRACE} a check ever records`);
  trace.forEach((op: unknown, i) => {
    const kind = typeof op === 'object' && op !== null ? (op as Record<string, unknown>)['kind'] : undefined;
    if (!(OPERATION_KINDS as readonly unknown[]).includes(kind)) throw bad(file, `trace[${i}].kind`, `must be one of ${OPERATION_KINDS.join(', ')}, got ${show(kind)}`);
  });
  const hash = record['traceHash'];
  if (hash !== undefined) {
    if (typeof hash !== 'string') throw bad(file, 'traceHash', `must be the sha256 of the trace (a hex string), got ${show(hash)}`);
    if (hash !== traceHash(trace as Operation[])) {
      throw new CounterexampleFileError('BAD_FIELD', file, `field 'traceHash' does not match the trace: the trace was changed after the check wrote the file, so it is not the counterexample that was found; re-create the file with the check that found it (or, to replay an edited trace on purpose, delete the traceHash field)`);
    }
  }
  dryRun(file, config as RuntimeConfig, trace as Operation[]);
  const outcomes = record['outcomes'];
  if (!Array.isArray(outcomes)) throw bad(file, 'outcomes', 'must be an array (the outcomes recorded step by step)');
  if (outcomes.length > trace.length) throw bad(file, 'outcomes', `holds ${outcomes.length} outcomes for ${trace.length} operations; one per operation at most`);
  outcomes.forEach((outcome: unknown, i) => {
    const kind = typeof outcome === 'object' && outcome !== null && !Array.isArray(outcome) ? (outcome as Record<string, unknown>)['kind'] : undefined;
    if (typeof kind !== 'string') throw bad(file, `outcomes[${i}]`, `must be an outcome object with a string kind, got ${show(outcome)}`);
  });
  const step = record['step'];
  if (!Number.isSafeInteger(step) || (step as number) < 0 || (step as number) > trace.length) throw bad(file, 'step', `must be an integer from 0 to the trace length ${trace.length}, got ${show(step)}`);
  const every = record['recheckEvery'];
  if (every !== undefined && (!Number.isSafeInteger(every) || (every as number) < 0 || (every as number) > 100_000)) throw bad(file, 'recheckEvery', `must be an integer from 0 to 100000 (the check's --recheck-every), got ${show(every)}`);
}

/** Runs the trace on a fresh reference model: an operation it refuses as malformed names its index. */
function dryRun(file: string, config: RuntimeConfig, trace: readonly Operation[]): void {
  let reference: ReferenceRuntime;
  try {
    reference = new ReferenceRuntime(structuredClone(config));
  } catch (error: unknown) {
    throw bad(file, 'config', `is not a configuration the reference model accepts: ${describeThrown(error, 300)}`);
  }
  trace.forEach((op, i) => {
    try {
      reference.apply(structuredClone(op));
    } catch (error: unknown) {
      if (error instanceof ModelError) throw bad(file, `trace[${i}]`, `is an operation the reference model refuses: ${describeThrown(error, 300)}`);
      throw bad(file, `trace[${i}]`, `cannot be run: ${describeThrown(error, 300)}`);
    }
  });
}

function checkPolicyFields(file: string, record: Record<string, unknown>): void {
  const c = record['case'];
  if (typeof c !== 'object' || c === null || Array.isArray(c)) throw bad(file, 'case', 'must be the generated conversation (an object with system, turns, rounds, script, config)');
  const value = c as Record<string, unknown>;
  if (typeof value['system'] !== 'boolean') throw bad(file, 'case.system', `must be true or false, got ${show(value['system'])}`);
  const turns = value['turns'];
  if (!Array.isArray(turns) || turns.length === 0 || turns.length > MAX_TURNS) throw bad(file, 'case.turns', `must be an array of 1 to ${MAX_TURNS} turns`);
  turns.forEach((turn: unknown, i) => {
    if (typeof turn !== 'object' || turn === null || Array.isArray(turn) || typeof (turn as Record<string, unknown>)['kind'] !== 'string') {
      throw bad(file, `case.turns[${i}]`, `must be a turn object with a string kind, got ${show(turn)}`);
    }
  });
  if (!Number.isSafeInteger(value['rounds']) || (value['rounds'] as number) < 1 || (value['rounds'] as number) > turns.length + 1) {
    throw bad(file, 'case.rounds', `must be an integer from 1 to ${turns.length + 1}, got ${show(value['rounds'])}`);
  }
  const script = value['script'];
  if (!Array.isArray(script) || script.length === 0) throw bad(file, 'case.script', `must be a non-empty array of fake-model behaviours (${FAKE_BEHAVIOURS.join(', ')})`);
  script.forEach((behaviour: unknown, i) => {
    if (!(FAKE_BEHAVIOURS as readonly unknown[]).includes(behaviour)) throw bad(file, `case.script[${i}]`, `must be one of ${FAKE_BEHAVIOURS.join(', ')}, got ${show(behaviour)}`);
  });
  const config = value['config'];
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw bad(file, 'case.config', 'must be an object with triggerMessages and keepMessages');
  for (const field of ['triggerMessages', 'keepMessages']) {
    const n = (config as Record<string, unknown>)[field];
    if (!Number.isSafeInteger(n) || (n as number) < 0 || (n as number) > 100_000) throw bad(file, `case.config.${field}`, `must be an integer from 0 to 100000, got ${show(n)}`);
  }
  // The token budgets (issue 27) are optional: files written before them have none.
  for (const field of ['triggerTokens', 'keepTokens']) {
    const n = (config as Record<string, unknown>)[field];
    if (n !== undefined && (!Number.isSafeInteger(n) || (n as number) < 0 || (n as number) > 10_000_000)) throw bad(file, `case.config.${field}`, `must be an integer from 0 to 10000000 when present, got ${show(n)}`);
  }
  const hash = record['caseHash'];
  if (hash !== undefined && hash !== findingIdentity(c)) {
    throw new CounterexampleFileError('BAD_FIELD', file, `field 'caseHash' does not match the case: the case was changed after the check wrote the file, so it is not the counterexample that was found; re-create the file with the check that found it (or, to replay an edited case on purpose, delete the caseHash field)`);
  }
  try {
    buildConversation(c as unknown as PolicyCase);
  } catch (error: unknown) {
    throw bad(file, 'case', `cannot be built into a conversation: ${describeThrown(error, 300)}`);
  }
  if (!Number.isSafeInteger(record['round']) || (record['round'] as number) < 0) throw bad(file, 'round', `must be a round number (an integer ≥ 0), got ${show(record['round'])}`);
}

/** A value as a message shows it: JSON, bounded, and a number JSON cannot hold said as such (1e999 → Infinity). */
function show(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return `${value} (a number too large to represent, such as 1e999)`;
  return preview(value, 120);
}

function bad(file: string, field: string, message: string): CounterexampleFileError {
  return new CounterexampleFileError('BAD_FIELD', file, `field '${field}' ${message}; re-create the file with the check that found it, or fix the field`);
}
