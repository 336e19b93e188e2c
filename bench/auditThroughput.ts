import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { auditSessions } from '../src/run/audit/auditSessions.ts';
import { writeBenchSession } from './auditSessionFile.ts';
import { jsonText, writeReportSync } from '../src/util/writeReport.ts';

// Audit throughput against the floor, plain line-by-line JSON.parse of the same file (issue 23):
//   npm run bench:audit [-- --mb 200 --window-kb 600 --rounds 3] [-- --generate <file>: write the session only]
// A Claude Code session is generated on the fly (bench/auditSessionFile.ts, not committed): tool calls with
// results that carry request ids, error codes, paths and numbers, a compaction (compact_boundary and summary)
// every --window-kb, and after each compaction a question for something dropped. Each pass runs in a child
// process of its own, so its peak RSS is its own. The floor and the audit alternate, --rounds times each, and
// the machine's load average is recorded: on a shared machine the ratio of passes run side by side is the
// figure, and CPU seconds (all of the process's threads) are given beside wall seconds.

interface PassResult {
  readonly pass: 'parse' | 'audit';
  readonly seconds: number;
  /** User and system CPU seconds of the pass, every thread of the process (GC helpers included). */
  readonly cpuSeconds: number;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
  readonly lines: number;
  readonly compactions: number;
  readonly findings: number;
}

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** One pass, in this process: the floor (readline + JSON.parse of every line) or the whole audit. */
async function pass(kind: 'parse' | 'audit', file: string): Promise<PassResult> {
  // Peak RSS is the kernel's own high-water mark; the heap is sampled (a full memoryUsage() every 20 ms cost
  // the longer pass more than the shorter one).
  let peakHeap = 0;
  const sample = (): void => {
    peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
  };
  const timer = setInterval(sample, 50);
  const cpuStart = process.cpuUsage();
  const started = process.hrtime.bigint();
  let lines = 0;
  let compactions = 0;
  let findings = 0;
  if (kind === 'parse') {
    for await (const line of createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity })) {
      if (line === '') continue;
      const record = JSON.parse(line) as { subtype?: string };
      lines += 1;
      if (record.subtype === 'compact_boundary') compactions += 1;
    }
  } else {
    const report = await auditSessions([file]);
    lines = report.sessions[0]?.lines ?? 0;
    compactions = report.compactions;
    findings = report.findings.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(timer);
  sample();
  // maxRSS is in kilobytes.
  return { pass: kind, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssMb: process.resourceUsage().maxRSS / 1024, peakHeapMb: peakHeap / 2 ** 20, lines, compactions, findings };
}

function child(kind: 'parse' | 'audit', file: string): PassResult {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--pass', kind, '--file', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`the ${kind} pass failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as PassResult;
}

async function main(): Promise<void> {
  const passAt = process.argv.indexOf('--pass');
  if (passAt >= 0) {
    const file = process.argv[process.argv.indexOf('--file') + 1] as string;
    process.stdout.write(`${JSON.stringify(await pass(process.argv[passAt + 1] as 'parse' | 'audit', file))}\n`);
    return;
  }
  const mb = arg('mb', 200);
  const windowKb = arg('window-kb', 600);
  const generateOnly = process.argv.indexOf('--generate');
  if (generateOnly >= 0) {
    // Only write the session (to profile an audit of it by hand).
    await writeBenchSession(process.argv[generateOnly + 1] as string, mb, windowKb);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-audit-'));
  const file = join(dir, 'session.jsonl');
  try {
    process.stderr.write(`generating a ${mb} MB Claude Code session, a compaction every ${windowKb} KB…\n`);
    await writeBenchSession(file, mb, windowKb);
    const size = statSync(file).size / 2 ** 20;
    // Interleaved, --rounds times each; the fastest of each is the figure, and each round's own ratio (a floor
    // and an audit run one after the other, under about the same load) is given too.
    const rounds = arg('rounds', 3);
    const loadBefore = loadavg();
    const runs: PassResult[] = [];
    for (let i = 0; i < rounds; i += 1) runs.push(child('parse', file), child('audit', file));
    const loadAfter = loadavg();
    const of = (kind: 'parse' | 'audit'): PassResult[] => runs.filter((r) => r.pass === kind);
    const best = (kind: 'parse' | 'audit', by: 'seconds' | 'cpuSeconds'): PassResult => [...of(kind)].sort((a, b) => a[by] - b[by])[0] as PassResult;
    const parse = best('parse', 'seconds');
    const audit = best('audit', 'seconds');
    const perRound = of('parse').map((p, i) => p.seconds / (of('audit')[i] as PassResult).seconds).sort((a, b) => a - b);
    const round3 = (x: number): number => Number(x.toFixed(3));
    const result = {
      sessionMb: Number(size.toFixed(1)),
      windowKb,
      lines: audit.lines,
      compactions: audit.compactions,
      findings: audit.findings,
      parse: { seconds: Number(parse.seconds.toFixed(2)), cpuSeconds: Number(best('parse', 'cpuSeconds').cpuSeconds.toFixed(2)), mbPerSecond: Number((size / parse.seconds).toFixed(1)), peakRssMb: Math.round(parse.peakRssMb) },
      audit: { seconds: Number(audit.seconds.toFixed(2)), cpuSeconds: Number(best('audit', 'cpuSeconds').cpuSeconds.toFixed(2)), mbPerSecond: Number((size / audit.seconds).toFixed(1)), compactionsPerSecond: Number((audit.compactions / audit.seconds).toFixed(1)), peakRssMb: Math.round(Math.max(...of('audit').map((r) => r.peakRssMb))), peakHeapMb: Math.round(Math.max(...of('audit').map((r) => r.peakHeapMb))) },
      ratio: round3(parse.seconds / audit.seconds),
      ratioPerRound: { median: round3(perRound[Math.floor(perRound.length / 2)] as number), min: round3(perRound[0] as number), max: round3(perRound.at(-1) as number) },
      cpuRatio: round3(best('parse', 'cpuSeconds').cpuSeconds / best('audit', 'cpuSeconds').cpuSeconds),
      target: 'audit throughput at least 1/3 of line-by-line JSON.parse (ratio: fastest floor over fastest audit, wall seconds)',
      met: parse.seconds / audit.seconds >= 1 / 3,
      machine: { cpus: availableParallelism(), loadAverage1m: { before: round3(loadBefore[0] as number), after: round3(loadAfter[0] as number) } },
      node: process.version,
      runs,
    };
    const path = writeReportSync(join('reports', 'bench-audit.json'), jsonText(result));
    process.stdout.write(`${jsonText({ ...result, runs: undefined })}written to ${path}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
