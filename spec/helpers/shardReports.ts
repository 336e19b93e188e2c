import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { checkRuns } from '../../src/run/parallel/checkRuns.ts';

/** The JSON of the shard reports of one small check (`check --shard i/3`), as objects to break in one place. */
export async function shardReports(dir: string, adapter = 'reference', options: { readonly seed?: number; readonly runs?: number } = {}): Promise<Record<string, unknown>[]> {
  const reports: Record<string, unknown>[] = [];
  for (let index = 1; index <= 3; index += 1) {
    const report = await checkRuns(findBuiltin(adapter) as Adapter, { seed: options.seed ?? 1, runs: options.runs ?? 48, reruns: 0, examples: false, outDir: join(dir, `cx-${index}`), shard: { index, count: 3 } });
    reports.push(JSON.parse(JSON.stringify(report)) as Record<string, unknown>);
  }
  return reports;
}

/** Writes shard reports as `merge` reads them; answers their paths. */
export function writeShards(dir: string, reports: readonly unknown[], prefix = 'shard'): string[] {
  mkdirSync(dir, { recursive: true });
  return reports.map((report, i) => {
    const file = join(dir, `${prefix}-${i + 1}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    return file;
  });
}
