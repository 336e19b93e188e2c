import type { Adapter } from '../../adapters/Adapter.ts';
import type { CheckReport, InvariantResult } from '../CheckReport.ts';
import { EvidenceTally } from '../runtime/EvidenceTally.ts';
import { reportBase } from '../runtime/reportBase.ts';
import { MergeInputError } from './MergeInputError.ts';
import type { ShardFile } from './readShardReport.ts';
import { addTotals, NO_TOTALS } from './TallyTotals.ts';

/** What must be the same in every shard of one check, and how to say it. */
const SAME: readonly { readonly field: string; readonly of: (r: ShardFile['report']) => unknown }[] = [
  { field: 'seed', of: (r) => r.seed },
  { field: 'adapter', of: (r) => r.adapter },
  { field: 'adapterVersion', of: (r) => r.adapterVersion },
  { field: 'specVersion', of: (r) => r.specVersion },
  { field: 'prunecheckVersion', of: (r) => r.prunecheckVersion },
  { field: 'shard.count', of: (r) => r.shard.count },
  { field: 'shard.runsTotal', of: (r) => r.shard.runsTotal },
  { field: 'shard.chunkSize', of: (r) => r.shard.chunkSize },
  { field: 'shard.check', of: (r) => r.shard.check },
  { field: 'shard.claimed', of: (r) => r.shard.claimed },
  { field: 'shard.operations', of: (r) => r.shard.operations },
];

/** Refuses shards of different checks, the same shard twice, a shard missing, or a chunk outside its shard. */
function checkWhole(files: readonly ShardFile[]): void {
  const [first] = files;
  if (first === undefined) throw new MergeInputError('MISSING_SHARD', 'merge: no shard reports given; e.g. prunecheck merge shard-1.json shard-2.json shard-3.json --out reports/merged.json');
  for (const other of files.slice(1)) {
    for (const { field, of } of SAME) {
      const [a, b] = [JSON.stringify(of(first.report)), JSON.stringify(of(other.report))];
      if (a !== b) throw new MergeInputError('MISMATCH', `merge: ${other.file}: ${field} is ${b}, but ${first.file} has ${a}; the shards of one check share seed, adapter, versions and options: run every shard with the same command but for --shard`);
    }
  }
  const count = first.report.shard.count;
  const byIndex = new Map<number, string>();
  for (const { file, report } of files) {
    const { index } = report.shard;
    if (index < 1 || index > count) throw new MergeInputError('NOT_A_REPORT', `merge: ${file}: shard.index is ${index}, outside 1…${count}`);
    const twin = byIndex.get(index);
    if (twin !== undefined) throw new MergeInputError('OVERLAP', `merge: ${file} and ${twin} are both shard ${index}/${count}: their runs overlap; pass each shard's report once`);
    byIndex.set(index, file);
    for (const chunk of report.shard.chunks) {
      if (chunk.chunk % count !== index - 1) throw new MergeInputError('OVERLAP', `merge: ${file}: shard.chunks holds chunk ${chunk.chunk}, which is not shard ${index}/${count}'s; pass the reports unchanged`);
    }
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) throw new MergeInputError('MISSING_SHARD', `merge: shard ${missing.map((i) => `${i}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing (got ${[...byIndex.keys()].sort((a, b) => a - b).map((i) => `${i}/${count}`).join(', ')}); merge needs the reports of all ${count} shards`);
}

/** Ranks a shard's findings: generated runs by their index, then a recorded incident's. */
const rank = (r: ShardFile['report']): number => r.shard.failedRun ?? Number.MAX_SAFE_INTEGER;

/**
 * Merges the JSON reports of `check --shard 1/n … n/n` into the report of the whole check, with the verdict
 * rules of a single check: the finding of the lowest failing run wins (the one a single check would have
 * stopped at), with every shard's counterexample kept after it; runs, operations and situations are summed over
 * the runs a single check would have counted (those below that failure); with no finding, the coverage gates
 * apply to the merged totals (a situation no shard reached makes it unknown).
 */
export function mergeShards(files: readonly ShardFile[]): CheckReport {
  checkWhole(files);
  const reports = files.map((f) => f.report).sort((a, b) => a.shard.index - b.shard.index);
  const [first] = reports;
  if (first === undefined) throw new MergeInputError('MISSING_SHARD', 'merge: no shard reports given');
  const failing = reports.filter((r) => r.violations.length > 0).sort((a, b) => rank(a) - rank(b) || a.shard.index - b.shard.index);
  const lead = failing[0];
  const stopAt = lead?.shard.failedRun === undefined ? Number.POSITIVE_INFINITY : Math.floor(lead.shard.failedRun / first.shard.chunkSize);
  const totals = reports.flatMap((r) => r.shard.chunks).filter((c) => c.chunk <= stopAt).reduce((sum, c) => addTotals(sum, c.totals), NO_TOTALS);
  const claims = { name: first.adapter, capabilities: { operations: first.shard.operations, invariants: first.shard.claimed } };
  const tally = new EvidenceTally(claims as Adapter);
  tally.absorb(totals);
  const opsChecked = reports.reduce((sum, r) => sum + r.opsChecked, 0);
  const durationMs = reports.reduce((sum, r) => sum + r.durationMs, 0);
  const examplesRun = [...new Set(reports.flatMap((r) => r.examplesRun ?? []))];
  const base = {
    ...reportBase(first, tally, opsChecked, durationMs),
    ...(examplesRun.length === 0 ? {} : { examplesRun }),
    mergedFrom: files.map((f) => f.file),
  };
  if (lead !== undefined) {
    // The lead shard's statuses and verdict, with the merged counts of operations judged.
    const invariants = lead.invariants.map((r): InvariantResult => (r.checked === undefined ? r : { ...r, checked: tally.checked.get(r.invariant) ?? 0 }));
    const violations = failing.flatMap((r) => r.violations);
    return { ...base, verdict: lead.verdict, invariants, violations, ...(lead.error === undefined ? {} : { error: lead.error }) };
  }
  const stopped = reports.filter((r) => r.shard.stoppedEarly).map((r) => `${r.shard.index}/${r.shard.count}`);
  const gaps = tally.gaps(first.seed);
  if (stopped.length > 0 && (gaps.length > 0 || tally.runs === 0)) {
    const reason = `no violation, but the time limit stopped shard ${stopped.join(', ')} after ${tally.runs} of ${first.shard.runsTotal} runs in all${gaps.length === 0 ? '' : `; ${gaps.join('; ')}`}; raise --time-limit`;
    return { ...base, verdict: 'unknown', invariants: tally.statuses('unknown', undefined, reason), violations: [], error: reason };
  }
  if (gaps.length > 0) {
    return { ...base, verdict: 'unknown', invariants: tally.statuses('unknown', undefined, `no violation, but the evidence is too thin for a verdict: ${gaps[0] ?? ''}`), violations: [], error: `no violation, but the evidence is too thin for a verdict: ${gaps.join('; ')}` };
  }
  return { ...base, verdict: 'conformant', invariants: tally.statuses('conformant'), violations: [] };
}
