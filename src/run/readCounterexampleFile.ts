import { readFile } from 'node:fs/promises';
import { OPERATION_KINDS } from '../model/Operation.ts';
import { CounterexampleFileError } from './CounterexampleFileError.ts';

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

/**
 * Reads a counterexample and checks the fields replay depends on before anything runs, so a hand-edited or
 * truncated file is an error naming the file and the field, not a crash halfway through the trace.
 */
export async function readCounterexampleFile(file: string): Promise<CounterexampleFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error: unknown) {
    throw new CounterexampleFileError('NOT_FOUND', file, `cannot read the file (${(error as { code?: string }).code ?? String(error)}); pass the path of a file under reports/counterexamples/`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error: unknown) {
    throw new CounterexampleFileError('NOT_JSON', file, `not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad(file, '(top level)', 'must be a JSON object');
  const record = data as Record<string, unknown>;
  const format = record['format'];
  const mode = typeof format === 'string' ? FORMATS[format] : undefined;
  if (mode === undefined) throw bad(file, 'format', `must be one of ${Object.keys(FORMATS).join(', ')}, got ${JSON.stringify(format)}`);
  for (const field of ['adapter', 'adapterRef', 'invariant']) {
    if (typeof record[field] !== 'string' || record[field] === '') throw bad(file, field, 'must be a non-empty string');
  }
  if (!Number.isInteger(record['seed'])) throw bad(file, 'seed', `must be an integer, got ${JSON.stringify(record['seed'])}`);
  const because = record['because'];
  if (!Array.isArray(because) || !because.every((line) => typeof line === 'string')) throw bad(file, 'because', 'must be an array of strings');
  if (mode === 'runtime') checkRuntimeFields(file, record);
  else if (typeof record['case'] !== 'object' || record['case'] === null) throw bad(file, 'case', 'must be the generated conversation (an object)');
  return { mode, adapterRef: record['adapterRef'] as string, data: record };
}

function checkRuntimeFields(file: string, record: Record<string, unknown>): void {
  const config = record['config'];
  if (typeof config !== 'object' || config === null) throw bad(file, 'config', 'must be the runtime configuration (an object with capacity)');
  const capacity = (config as Record<string, unknown>)['capacity'];
  if (!Number.isInteger(capacity) || (capacity as number) <= 0) throw bad(file, 'config.capacity', `must be a positive integer, got ${JSON.stringify(capacity)}`);
  const trace = record['trace'];
  // Empty when the adapter failed to create a system: the replay then re-runs `create` alone.
  if (!Array.isArray(trace)) throw bad(file, 'trace', 'must be an array of operations');
  trace.forEach((op: unknown, i) => {
    const kind = typeof op === 'object' && op !== null ? (op as Record<string, unknown>)['kind'] : undefined;
    if (!(OPERATION_KINDS as readonly unknown[]).includes(kind)) throw bad(file, `trace[${i}].kind`, `must be one of ${OPERATION_KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
  });
  if (!Array.isArray(record['outcomes'])) throw bad(file, 'outcomes', 'must be an array (the outcomes recorded step by step)');
  const step = record['step'];
  if (!Number.isInteger(step) || (step as number) < 0 || (step as number) > trace.length) throw bad(file, 'step', `must be an integer from 0 to the trace length ${trace.length}, got ${JSON.stringify(step)}`);
}

function bad(file: string, field: string, message: string): CounterexampleFileError {
  return new CounterexampleFileError('BAD_FIELD', file, `field '${field}' ${message}; re-create the file with the check that found it, or fix the field`);
}
