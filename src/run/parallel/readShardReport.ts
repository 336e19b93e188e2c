import { readFileSync } from 'node:fs';
import type { CheckReport } from '../CheckReport.ts';
import { parseJsonData } from '../../util/parseJsonData.ts';
import { MergeInputError } from './MergeInputError.ts';
import type { ShardInfo } from './ShardInfo.ts';
import { shardReportProblem } from './shardReportShape.ts';

/** A shard report as read from disk, with the file it came from (errors name it). */
export interface ShardFile {
  readonly file: string;
  readonly report: CheckReport & { readonly shard: ShardInfo };
}

const HOW = "pass the JSON reports of 'prunecheck check --shard i/n --out shard-i.json'";

/**
 * Reads one JSON shard report (`check --shard i/n --reporter json`) and checks its whole shape before `merge`
 * uses any of it (`shardReportShape.ts`): parsed prototype-free (a `__proto__` key is data), a wrong type, an
 * unknown verdict, situation or invariant, a chunk listed twice or missing is an error naming the file and the
 * field, and how to get a report that has it. Nothing is written before every shard has been read.
 */
export function readShardReport(file: string): ShardFile {
  let data: unknown;
  try {
    data = parseJsonData(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error: unknown) {
    const why = error instanceof SyntaxError ? `is not JSON (${error.message})` : `cannot be read (${(error as { code?: string } | null)?.code ?? String(error)})`;
    throw new MergeInputError('NOT_A_REPORT', `merge: ${file} ${why}; ${HOW}`, { cause: error });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new MergeInputError('NOT_A_REPORT', `merge: ${file} is not a JSON report object; ${HOW}`);
  const record = data as Record<string, unknown>;
  if (record['shard'] === undefined) {
    throw new MergeInputError('NOT_A_SHARD', `merge: ${file} has no shard field: it is the report of a whole check, not of one shard; write shard reports with 'prunecheck check --shard i/n --out shard-i.json'`);
  }
  const problem = shardReportProblem(record);
  if (problem !== undefined) throw new MergeInputError('NOT_A_REPORT', `merge: ${file}: field '${problem.field}' ${problem.problem}; ${HOW}, unchanged`);
  return { file, report: record as unknown as ShardFile['report'] };
}
