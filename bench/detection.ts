import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Adapter } from '../src/adapters/Adapter.ts';
import { MINIMAL_TRACES } from '../src/subjects/zoo/minimalTraces.ts';
import { NONDETERMINISTIC_ZOO, ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../src/subjects/zoo/index.ts';
import { detected, nearMinimal, renderDetectionMarkdown, type DetectionRow, type DetectionSeed, type SituationReach } from '../src/report/detectionMarkdown.ts';
import { referenceAdapter } from '../src/subjects/reference.ts';
import { jsonText, REPORTS_DIR, writeReportSync } from '../src/util/writeReport.ts';
import { checkAdapter, DEFAULTS } from '../src/run/runtime/checkAdapter.ts';
import { BenchError } from './BenchError.ts';
import { existsSync, readFileSync } from 'node:fs';
import type { InvariantId } from '../src/model/invariants.ts';
import { BROKEN_POLICY_PRUNERS } from '../src/subjects/policy/broken/index.ts';
import { POLICY_ADAPTERS } from '../src/subjects/policy/index.ts';
import { policyTimeToDetect } from '../src/run/policy/timeToDetect.ts';
import { POLICY_DEFAULT_RUNS } from '../src/run/policy/policyDefaults.ts';
import { renderPolicyDetection, type PolicyDetectionRow } from '../src/report/policy/policyDetectionMarkdown.ts';

/** The most conversations the policy measurement runs per seed before it calls a finding missed. */
const POLICY_MAX_RUNS = 400;

/** Options of `npm run detection`: how many seeds (1…N), and which members (all by default). */
export interface DetectionOptions {
  readonly seeds: number;
  readonly only: readonly string[];
}

export const DETECTION_USAGE = 'Usage: npm run detection [-- --seeds N] [-- --only name,name]\n  --seeds N     seeds 1…N (default 36)\n  --only LIST   only these zoo members (comma-separated names)';

export function parseDetectionArgs(argv: readonly string[]): DetectionOptions {
  let seeds = 36;
  let only: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--seeds' && value !== undefined && /^[1-9]\d*$/.test(value)) {
      seeds = Number(value);
      i += 1;
    } else if (arg === '--only' && value !== undefined) {
      only = value.split(',').filter((n) => n !== '');
      i += 1;
    } else {
      throw new BenchError('BAD_ARGUMENT', `unknown or incomplete argument '${arg ?? ''}': --seeds takes a positive integer, --only a comma-separated list of zoo members\n${DETECTION_USAGE}`);
    }
  }
  const known = new Set([...ZOO_ADAPTERS.map((a) => a.name), ...NONDETERMINISTIC_ZOO.map(([a]) => a.name)]);
  const unknown = only.filter((n) => !known.has(n));
  if (unknown.length > 0) throw new BenchError('BAD_ARGUMENT', `--only: no zoo member named ${unknown.join(', ')}; see src/subjects/zoo/index.ts`);
  return { seeds, only };
}

/** One check of `adapter` at `seed`: when its first run failed (from the progress it reports), and what it reported. */
async function measureSeed(adapter: Adapter, invariant: string, seed: number, outDir: string): Promise<DetectionSeed> {
  const started = Date.now();
  let first: { runs: number; ms: number } | undefined;
  const report = await checkAdapter(adapter, {
    seed,
    outDir,
    examples: false,
    onProgress: (p) => {
      if (p.violations > 0 && first === undefined) first = { runs: p.runsDone, ms: p.elapsedMs };
    },
  });
  const found = report.violations.find((v) => v.invariant === invariant) ?? report.violations[0];
  return { seed, verdict: report.verdict, invariant: found?.invariant, runsToFirst: first?.runs, msToFirst: first?.ms, shrunk: found?.traceLength, totalMs: Date.now() - started };
}

/** Every zoo member (or those named) at seeds 1…N: the rows of reports/detection.md. */
export async function measureDetection(options: DetectionOptions, log: (line: string) => void): Promise<DetectionRow[]> {
  const members: [Adapter, string, 'violation' | 'diverged'][] = [
    ...ZOO_ADAPTERS.map((a): [Adapter, string, 'violation'] => [a, ZOO_EXPECTATIONS[a.name] ?? '', 'violation']),
    ...NONDETERMINISTIC_ZOO.map(([a, inv]): [Adapter, string, 'diverged'] => [a, inv, 'diverged']),
  ];
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-detection-'));
  const rows: DetectionRow[] = [];
  try {
    for (const [adapter, invariant, expected] of members) {
      if (options.only.length > 0 && !options.only.includes(adapter.name)) continue;
      const minimal = MINIMAL_TRACES[adapter.name]?.length;
      if (minimal === undefined) throw new BenchError('NO_MINIMAL_TRACE', `${adapter.name} has no entry in src/subjects/zoo/minimalTraces.ts: add its minimal trace length and why nothing shorter breaks it`);
      const seeds: DetectionSeed[] = [];
      for (let seed = 1; seed <= options.seeds; seed += 1) seeds.push(await measureSeed(adapter, invariant, seed, outDir));
      const row = { name: adapter.name, invariant, expected, minimal, seeds };
      const bad = seeds.filter((s) => !detected(row, s, DEFAULTS.runs) || !nearMinimal(row, s)).map((s) => s.seed);
      log(`${adapter.name}: shrunk ${seeds.map((s) => s.shrunk ?? '-').join(',')} (minimal ${minimal}), runs to first ${seeds.map((s) => s.runsToFirst ?? '-').join(',')}${bad.length === 0 ? '' : `; NOT as expected at seeds ${bad.join(', ')}`}`);
      rows.push(row);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return rows;
}

/** The reference at seeds 1…N with default runs: how many complete runs reached each dangerous situation. */
export async function measureSituationReach(seeds: number): Promise<SituationReach[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-situations-'));
  const reach = new Map<string, { seed: number; reached: number; runs: number }[]>();
  try {
    for (let seed = 1; seed <= seeds; seed += 1) {
      const report = await checkAdapter(referenceAdapter, { seed, outDir, examples: false });
      const runs = report.evidence?.runsComplete ?? report.runs;
      for (const [situation, reached] of Object.entries(report.situations)) reach.set(situation, [...(reach.get(situation) ?? []), { seed, reached, runs }]);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return [...reach].map(([situation, perSeed]) => ({ situation, perSeed }));
}

/**
 * The policy zoo and the shipped libraries at seeds 1…N: for each known finding (a broken pruner's invariant; each
 * finding reports/ecosystem.json lists for a library, when that report exists), the conversation at which it
 * first shows. A library whose package is not installed is skipped with a line in the log.
 */
export async function measurePolicyDetection(seeds: number, log: (line: string) => void): Promise<PolicyDetectionRow[]> {
  const members: { name: string; kind: 'zoo' | 'library'; sought: InvariantId[]; load: () => Promise<import('../src/adapters/policy/PolicyAdapter.ts').PolicyAdapter> }[] = [];
  const byName = new Map<string, InvariantId[]>();
  for (const b of BROKEN_POLICY_PRUNERS) byName.set(b.adapter.name, [...(byName.get(b.adapter.name) ?? []), b.caughtBy]);
  for (const [name, sought] of byName) members.push({ name, kind: 'zoo', sought, load: async () => (BROKEN_POLICY_PRUNERS.find((b) => b.adapter.name === name) as (typeof BROKEN_POLICY_PRUNERS)[number]).adapter });
  const ecosystem = join(REPORTS_DIR, 'ecosystem.json');
  const listed = existsSync(ecosystem) ? (JSON.parse(readFileSync(ecosystem, 'utf8')) as { reports: { adapter: string; violations: { invariant: string }[] }[] }).reports : [];
  for (const report of listed) {
    const entry = POLICY_ADAPTERS.find((e) => e.name === report.adapter);
    const sought = [...new Set(report.violations.map((v) => v.invariant).filter((id) => id.startsWith('INV-')))] as InvariantId[];
    if (entry !== undefined && sought.length > 0) members.push({ name: entry.name, kind: 'library', sought, load: () => entry.load() });
  }
  const rows: PolicyDetectionRow[] = [];
  for (const member of members) {
    let adapter;
    try {
      adapter = await member.load();
    } catch (error: unknown) {
      log(`${member.name}: skipped (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    const perSeed = [];
    for (let seed = 1; seed <= seeds; seed += 1) perSeed.push(await policyTimeToDetect(adapter, member.sought, seed, POLICY_MAX_RUNS));
    for (const invariant of member.sought) {
      const runsToFirst = perSeed.map((p) => p.runsToFirst[invariant]);
      rows.push({ name: member.name, kind: member.kind, invariant, runsToFirst, ms: perSeed.map((p) => p.ms) });
      log(`${member.name} ${invariant}: conversations to first ${runsToFirst.map((n) => n ?? '-').join(',')}`);
    }
  }
  return rows;
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseDetectionArgs(argv);
  const startedAt = new Date().toISOString();
  const start = Date.now();
  const load = loadavg()[0] ?? 0;
  const rows = await measureDetection(options, (line) => process.stdout.write(`${line}\n`));
  const reach = options.only.length > 0 ? [] : await measureSituationReach(options.seeds);
  const policy = options.only.length > 0 ? [] : await measurePolicyDetection(options.seeds, (line) => process.stdout.write(`${line}\n`));
  const meta = { command: `npm run detection${argv.length === 0 ? '' : ` -- ${argv.join(' ')}`}`, startedAt, durationMs: Date.now() - start, runs: DEFAULTS.runs, loadAverage: { start: load, end: loadavg()[0] ?? 0 }, cores: cpus().length };
  const policySection = renderPolicyDetection(policy, POLICY_DEFAULT_RUNS, POLICY_MAX_RUNS);
  const md = writeReportSync(join(REPORTS_DIR, 'detection.md'), `${renderDetectionMarkdown(rows, meta, reach)}${policySection.length === 0 ? '' : `${policySection.join('\n')}\n`}`);
  writeReportSync(join(REPORTS_DIR, 'detection.json'), jsonText({ ...meta, rows, situations: reach, policy: { defaultRuns: POLICY_DEFAULT_RUNS, maxRuns: POLICY_MAX_RUNS, rows: policy } }));
  process.stdout.write(`wrote ${md} and detection.json\n`);
  const ok = rows.every((r) => r.seeds.every((s) => detected(r, s, DEFAULTS.runs) && nearMinimal(r, s))) && policy.every((r) => r.runsToFirst.every((n) => n !== undefined && n <= POLICY_DEFAULT_RUNS));
  return ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`detection: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(error instanceof BenchError ? 2 : 3);
    },
  );
}
