import { readFileSync } from 'node:fs';
import type { CheckReport } from '../CheckReport.ts';
import { MergeInputError } from './MergeInputError.ts';
import type { ShardInfo } from './ShardInfo.ts';

/** A shard report as read from disk, with the file it came from (errors name it). */
export interface ShardFile {
  readonly file: string;
  readonly report: CheckReport & { readonly shard: ShardInfo };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Reads one JSON shard report (`check --shard i/n --reporter json`), checking the fields `merge` relies on; the
 * error names the file and the field, and how to get a report that has it.
 */
export function readShardReport(file: string): ShardFile {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error: unknown) {
    const why = error instanceof SyntaxError ? `is not JSON (${error.message})` : `cannot be read (${error instanceof Error ? error.message : String(error)})`;
    throw new MergeInputError('NOT_A_REPORT', `merge: ${file} ${why}; pass the JSON reports of 'prunecheck check --shard i/n --out shard-i.json'`, { cause: error });
  }
  const bad = (field: string, what: string): never => {
    throw new MergeInputError('NOT_A_REPORT', `merge: ${file}: ${field} ${what}; pass the JSON reports of 'prunecheck check --shard i/n --out shard-i.json', unchanged`);
  };
  if (!isRecord(data)) return bad('the file', 'is not a JSON report object');
  for (const field of ['adapter', 'adapterVersion', 'prunecheckVersion', 'specVersion', 'verdict'] as const) if (typeof data[field] !== 'string') bad(field, 'is missing or not a string');
  for (const field of ['seed', 'runs', 'opsChecked', 'durationMs'] as const) if (!Number.isSafeInteger(data[field])) bad(field, 'is missing or not an integer');
  for (const field of ['violations', 'invariants'] as const) if (!Array.isArray(data[field])) bad(field, 'is missing or not a list');
  const shard = data['shard'];
  if (shard === undefined) {
    throw new MergeInputError('NOT_A_SHARD', `merge: ${file} has no shard field: it is the report of a whole check, not of one shard; write shard reports with 'prunecheck check --shard i/n --out shard-i.json'`);
  }
  if (!isRecord(shard)) return bad('shard', 'is not an object');
  for (const field of ['index', 'count', 'runsTotal', 'chunkSize'] as const) if (!isCount(shard[field])) bad(`shard.${field}`, 'is missing or not a whole number');
  if (!Array.isArray(shard['chunks'])) bad('shard.chunks', 'is missing or not a list');
  if (!isRecord(shard['check'])) bad('shard.check', 'is missing or not an object');
  for (const field of ['claimed', 'operations'] as const) if (!Array.isArray(shard[field])) bad(`shard.${field}`, 'is missing or not a list');
  (shard['chunks'] as unknown[]).forEach((chunk, i) => {
    if (!isRecord(chunk) || !isCount(chunk['chunk']) || !isCount(chunk['opsChecked']) || !isRecord(chunk['totals'])) bad(`shard.chunks[${i}]`, 'is not a chunk record (chunk, totals, opsChecked)');
    const totals = (chunk as Record<string, unknown>)['totals'] as Record<string, unknown>;
    for (const field of ['runs', 'runsComplete', 'runsCutShort', 'choicesAdopted', 'rechecks'] as const) if (!isCount(totals[field])) bad(`shard.chunks[${i}].totals.${field}`, 'is missing or not a whole number');
    for (const field of ['situations', 'checked', 'unclaimed'] as const) if (!isRecord(totals[field])) bad(`shard.chunks[${i}].totals.${field}`, 'is missing or not an object');
  });
  return { file, report: data as unknown as ShardFile['report'] };
}
