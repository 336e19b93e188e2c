import { SITUATION_NAMES } from '../../gen/runtime/situations.ts';
import { INVARIANT_IDS } from '../../model/invariants.ts';
import { OPERATION_KINDS } from '../../model/Operation.ts';
import { hasOwn } from '../../util/parseJsonData.ts';
import { preview } from '../../util/safeJson.ts';
import { chunkCount, chunkSize, shardChunks } from './partition.ts';

/** A field of a shard report that is not what `check --shard` writes: its path and what it must be. */
export type ShapeProblem = { readonly field: string; readonly problem: string };

type Rec = Record<string, unknown>;
const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const FINDINGS: readonly string[] = [...INVARIANT_IDS, 'DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'];
const VERDICTS: readonly string[] = ['conformant', 'violation', 'diverged', 'error', 'unknown'];
const STATUSES: readonly string[] = ['passed', 'violated', 'not-claimed', 'inconclusive'];
const SITUATIONS: readonly string[] = SITUATION_NAMES;
const INVARIANTS: readonly string[] = INVARIANT_IDS;
const OPERATIONS: readonly string[] = OPERATION_KINDS;

class Problem extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(`${field} ${problem}`);
  }
}

const fail = (field: string, problem: string): never => {
  throw new Problem(field, problem);
};
const got = (value: unknown): string => `, got ${preview(value, 80)}`;
const oneOf = (names: readonly string[]): string => (names.length <= 6 ? names.join(', ') : `${names.slice(0, 4).join(', ')} … (${names.length} in all)`);

function string(record: Rec, field: string, at: string, options: { readonly optional?: boolean; readonly of?: readonly string[] } = {}): void {
  const value = hasOwn(record, field) ? record[field] : undefined;
  if (value === undefined && options.optional === true) return;
  if (typeof value !== 'string') fail(`${at}${field}`, `must be a string${got(value)}`);
  if (options.of !== undefined && !options.of.includes(value as string)) fail(`${at}${field}`, `must be one of ${oneOf(options.of)}${got(value)}`);
}

function count(record: Rec, field: string, at: string, options: { readonly optional?: boolean; readonly min?: number } = {}): void {
  const value = hasOwn(record, field) ? record[field] : undefined;
  if (value === undefined && options.optional === true) return;
  if (!isCount(value) || value < (options.min ?? 0)) fail(`${at}${field}`, `must be a whole number${options.min === undefined ? '' : ` ≥ ${options.min}`}${got(value)}`);
}

function list(record: Rec, field: string, at: string, each: (item: unknown, where: string) => void): void {
  const value = hasOwn(record, field) ? record[field] : undefined;
  if (!Array.isArray(value)) fail(`${at}${field}`, `must be a list${got(value)}`);
  (value as unknown[]).forEach((item, i) => each(item, `${at}${field}[${i}]`));
}

function object(value: unknown, where: string, what: string): Rec {
  if (!isRecord(value)) fail(where, `must be ${what}${got(value)}`);
  return value as Rec;
}

/** A record of counts whose keys are known names (situations, invariants): an invented name is refused. */
function counts(record: Rec, field: string, at: string, names: readonly string[], what: string): void {
  const value = object(hasOwn(record, field) ? record[field] : undefined, `${at}${field}`, `an object of ${what} → count`);
  for (const key of Object.keys(value)) {
    if (!names.includes(key)) fail(`${at}${field}`, `names ${preview(key, 60)}, which is not a ${what} (known: ${oneOf(names)})`);
    count(value, key, `${at}${field}.`);
  }
}

function violation(item: unknown, where: string): void {
  const v = object(item, where, 'a finding {invariant, step, because, replay, counterexample, traceLength}');
  string(v, 'invariant', `${where}.`, { of: FINDINGS });
  count(v, 'step', `${where}.`);
  count(v, 'traceLength', `${where}.`);
  list(v, 'because', `${where}.`, (line, at) => void (typeof line === 'string' || fail(at, `must be a string${got(line)}`)));
  string(v, 'replay', `${where}.`);
  string(v, 'counterexample', `${where}.`);
}

function invariantResult(item: unknown, where: string): void {
  const r = object(item, where, 'an invariant result {invariant, status}');
  string(r, 'invariant', `${where}.`, { of: INVARIANTS });
  string(r, 'status', `${where}.`, { of: STATUSES });
  string(r, 'reason', `${where}.`, { optional: true });
  count(r, 'checked', `${where}.`, { optional: true });
}

function chunk(item: unknown, where: string): void {
  const c = object(item, where, 'a chunk record {chunk, totals, opsChecked}');
  count(c, 'chunk', `${where}.`);
  count(c, 'opsChecked', `${where}.`);
  count(c, 'failedRun', `${where}.`, { optional: true });
  const totals = object(c['totals'], `${where}.totals`, 'the chunk totals');
  for (const field of ['runs', 'runsComplete', 'runsCutShort', 'choicesAdopted', 'rechecks']) count(totals, field, `${where}.totals.`);
  counts(totals, 'situations', `${where}.totals.`, SITUATIONS, 'dangerous situation');
  counts(totals, 'checked', `${where}.totals.`, INVARIANTS, 'invariant id');
  const unclaimed = object(totals['unclaimed'], `${where}.totals.unclaimed`, 'an object of invariant id → {resumed, cutShort}');
  for (const key of Object.keys(unclaimed)) {
    if (!INVARIANTS.includes(key)) fail(`${where}.totals.unclaimed`, `names ${preview(key, 60)}, which is not an invariant id`);
    const entry = object(unclaimed[key], `${where}.totals.unclaimed.${key}`, '{resumed, cutShort}');
    count(entry, 'resumed', `${where}.totals.unclaimed.${key}.`);
    count(entry, 'cutShort', `${where}.totals.unclaimed.${key}.`);
  }
}

/** Its chunks are its own (`shardChunks`), none twice, and, for a shard that ran to its end, none missing. */
function chunksOfShard(shard: Rec): void {
  const [index, total, runs, size] = [shard['index'], shard['count'], shard['runsTotal'], shard['chunkSize']] as number[];
  if ((index as number) > (total as number)) fail('shard.index', `must be from 1 to shard.count (${total})${got(index)}`);
  if (size !== chunkSize(runs as number)) fail('shard.chunkSize', `must be ${chunkSize(runs as number)} for ${runs} runs (the partition's)${got(size)}`);
  const own = shardChunks({ index: index as number, count: total as number }, runs as number);
  const seen = new Set<number>();
  const chunks = shard['chunks'] as Rec[];
  chunks.forEach((c, i) => {
    const n = c['chunk'] as number;
    if (!own.includes(n)) fail(`shard.chunks[${i}].chunk`, `is chunk ${n}, which is not one of shard ${index}/${total}'s (${own.length === 0 ? 'it has none' : `${own.join(', ')} of ${chunkCount(runs as number)}`})`);
    if (seen.has(n)) fail(`shard.chunks[${i}].chunk`, `lists chunk ${n} a second time; its runs would count twice`);
    seen.add(n);
  });
  const ranToEnd = shard['stoppedEarly'] === false && chunks.every((c) => c['failedRun'] === undefined);
  const missing = own.filter((n) => !seen.has(n));
  if (ranToEnd && missing.length > 0) fail('shard.chunks', `lacks chunk ${missing.join(', ')} of shard ${index}/${total}, which neither stopped early nor failed: its runs would be lost`);
}

/**
 * Checks a parsed shard report has exactly the shape `check --shard` writes, before `merge` reads a field: the
 * types of every field it uses, findings and invariant results, known verdicts, situation and invariant
 * names, and the shard's chunks (its own, none twice, none missing). Answers the first problem, or undefined.
 */
export function shardReportProblem(data: Rec): ShapeProblem | undefined {
  try {
    for (const field of ['adapter', 'adapterVersion', 'prunecheckVersion', 'specVersion']) string(data, field, '');
    string(data, 'verdict', '', { of: VERDICTS });
    string(data, 'error', '', { optional: true });
    for (const field of ['seed', 'runs', 'opsChecked', 'durationMs']) count(data, field, '');
    if (!Number.isSafeInteger(data['seed'])) fail('seed', `must be an integer${got(data['seed'])}`);
    list(data, 'violations', '', violation);
    list(data, 'invariants', '', invariantResult);
    counts(data, 'situations', '', SITUATIONS, 'dangerous situation');
    if (data['examplesRun'] !== undefined) list(data, 'examplesRun', '', (name, at) => void (typeof name === 'string' || fail(at, `must be a string${got(name)}`)));
    const shard = object(data['shard'], 'shard', 'an object');
    count(shard, 'index', 'shard.', { min: 1 });
    count(shard, 'count', 'shard.', { min: 1 });
    count(shard, 'runsTotal', 'shard.', { min: 1 });
    count(shard, 'chunkSize', 'shard.', { min: 1 });
    count(shard, 'failedRun', 'shard.', { optional: true });
    if (typeof shard['stoppedEarly'] !== 'boolean') fail('shard.stoppedEarly', `must be true or false${got(shard['stoppedEarly'])}`);
    const check = object(shard['check'], 'shard.check', 'an object {maxSteps, long, recheckEvery, examples}');
    count(check, 'maxSteps', 'shard.check.');
    count(check, 'recheckEvery', 'shard.check.');
    for (const field of ['long', 'examples']) if (typeof check[field] !== 'boolean') fail(`shard.check.${field}`, `must be true or false${got(check[field])}`);
    list(shard, 'claimed', 'shard.', (id, at) => void (INVARIANTS.includes(id as string) || fail(at, `must be an invariant id${got(id)}`)));
    list(shard, 'operations', 'shard.', (kind, at) => void (OPERATIONS.includes(kind as string) || fail(at, `must be an operation kind (${oneOf(OPERATIONS)})${got(kind)}`)));
    list(shard, 'chunks', 'shard.', chunk);
    chunksOfShard(shard);
    return undefined;
  } catch (error: unknown) {
    if (error instanceof Problem) return { field: error.field, problem: error.problem };
    throw error;
  }
}
