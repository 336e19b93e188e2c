import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { auditSessions } from '../src/run/audit/auditSessions.ts';
import { jsonText, writeReportSync } from '../src/util/writeReport.ts';

// Audit throughput against the floor, plain line-by-line JSON.parse of the same file (issue 23):
//   npm run bench:audit [-- --mb 200 --window-kb 600] [-- --generate <file>: write the session only]
// A Claude Code session is generated on the fly (not committed): tool calls with results that carry request
// ids, error codes, paths and numbers, a compaction (compact_boundary and summary) every --window-kb, and after
// each compaction a question for something dropped and a re-issued call, so every rule has work. Each pass runs
// in a child process of its own, so its peak RSS is its own.

interface PassResult {
  readonly pass: 'parse' | 'audit';
  readonly seconds: number;
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

/** Writes the session: about `mb` megabytes, a compaction every `windowKb` kilobytes. */
async function generate(file: string, mb: number, windowKb: number): Promise<number> {
  const out = createWriteStream(file);
  const write = async (record: unknown): Promise<number> => {
    const line = `${JSON.stringify(record)}\n`;
    if (!out.write(line)) await once(out, 'drain');
    return line.length;
  };
  const base = { sessionId: 'bench', version: '2.1.0', cwd: '/work', isSidechain: false, timestamp: '2026-12-03T12:00:00.000Z' };
  let bytes = 0;
  let n = 0;
  let window = 0;
  let compactions = 0;
  const filler = 'lorem ipsum dolor sit amet '.repeat(80);
  while (bytes < mb * 1024 * 1024) {
    n += 1;
    const id = `toolu_${n}`;
    const req = `req_${(n * 7919).toString(36)}`;
    const tool = n % 5 === 0 ? 'Read' : 'Bash';
    const input = tool === 'Read' ? { file_path: `src/module${n % 97}/file${n}.ts` } : { command: `curl -s -X POST https://api.example/refunds?order=${1000 + n}` };
    let w = 0;
    w += await write({ ...base, type: 'assistant', uuid: `a${n}`, parentUuid: `u${n - 1}`, message: { id: `msg_${n}`, role: 'assistant', content: [{ type: 'tool_use', id, name: tool, input }] } });
    w += await write({ ...base, type: 'user', uuid: `u${n}`, parentUuid: `a${n}`, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: `{"request_id":"${req}","error":"E_TIMEOUT_${n % 600}","path":"billing/ledger/${n}.csv","amount":${n}.95} ${filler}` }] } });
    bytes += w;
    window += w;
    if (window >= windowKb * 1024) {
      compactions += 1;
      bytes += await write({ ...base, type: 'system', subtype: 'compact_boundary', uuid: `b${compactions}`, parentUuid: null, compactMetadata: { trigger: 'auto', preTokens: 150000 } });
      bytes += await write({ ...base, type: 'user', uuid: `s${compactions}`, parentUuid: `b${compactions}`, isCompactSummary: true, message: { role: 'user', content: `Summary: the user asked for refunds of orders up to ${1000 + n}. The last call returned error E_TIMEOUT_${n % 600}. The user asked to keep going.` } });
      bytes += await write({ ...base, type: 'assistant', uuid: `q${compactions}`, parentUuid: `s${compactions}`, message: { id: `mq${compactions}`, role: 'assistant', content: [{ type: 'text', text: 'What was the request id of the last refund?' }] } });
      window = 0;
    }
  }
  out.end();
  await once(out, 'finish');
  return compactions;
}

/** One pass, in this process: the floor (readline + JSON.parse of every line) or the whole audit. */
async function pass(kind: 'parse' | 'audit', file: string): Promise<PassResult> {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
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
  clearInterval(timer);
  sample();
  return { pass: kind, seconds, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20, lines, compactions, findings };
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
    await generate(process.argv[generateOnly + 1] as string, mb, windowKb);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-audit-'));
  const file = join(dir, 'session.jsonl');
  try {
    process.stderr.write(`generating a ${mb} MB Claude Code session, a compaction every ${windowKb} KB…\n`);
    await generate(file, mb, windowKb);
    const size = statSync(file).size / 2 ** 20;
    // Interleaved, twice each; the faster of each is kept (the machine is shared).
    const runs = [child('parse', file), child('audit', file), child('parse', file), child('audit', file)];
    const best = (kind: 'parse' | 'audit'): PassResult => runs.filter((r) => r.pass === kind).sort((a, b) => a.seconds - b.seconds)[0] as PassResult;
    const parse = best('parse');
    const audit = best('audit');
    const result = {
      sessionMb: Number(size.toFixed(1)),
      windowKb,
      lines: audit.lines,
      compactions: audit.compactions,
      findings: audit.findings,
      parse: { seconds: Number(parse.seconds.toFixed(2)), mbPerSecond: Number((size / parse.seconds).toFixed(1)), peakRssMb: Math.round(parse.peakRssMb) },
      audit: { seconds: Number(audit.seconds.toFixed(2)), mbPerSecond: Number((size / audit.seconds).toFixed(1)), compactionsPerSecond: Number((audit.compactions / audit.seconds).toFixed(1)), peakRssMb: Math.round(audit.peakRssMb), peakHeapMb: Math.round(audit.peakHeapMb) },
      ratio: Number((parse.seconds / audit.seconds).toFixed(3)),
      target: 'audit throughput at least 1/3 of line-by-line JSON.parse',
      met: parse.seconds / audit.seconds >= 1 / 3,
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
