import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SUPERVISED_CLI_WORKLOAD } from '../src/report/bench/supervisedCost.ts';
import { median } from '../src/report/bench/StartUpMeasurement.ts';
import type { RoundTripResult } from './protocolRoundTrip.ts';
import { tracedCheck } from './tracedCheck.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The quick start's runtime adapter: a user's TypeScript module that imports prunecheck by its package name. */
export const CLI_BOUNDARY_ADAPTER = 'examples/quickstart/runtime-adapter.ts';

/** One check process: its checked operations and the wall clock from its start to its exit mark. */
async function timedCheck(dir: string, seed: number, inProcess: boolean): Promise<{ ops: number; seconds: number }> {
  const out = join(dir, 'check.json');
  const { exit } = await tracedCheck('supervised boundary bench', ['--adapter', join(ROOT, CLI_BOUNDARY_ADAPTER), '--seed', String(seed), '--out', out, ...(inProcess ? ['--in-process'] : [])], dir);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { opsChecked: number };
  return { ops: report.opsChecked, seconds: exit.wallMs / 1000 };
}

/**
 * The supervised boundary as a user meets it: `prunecheck check --adapter examples/quickstart/runtime-adapter.ts`
 * (bin/prunecheck.js, a default check) against the same command with `--in-process`, each a process of its own,
 * alternated round by round with the order swapped; wall clock from the process's start to its exit, so the
 * adapter process's start (tsx, the module and the package it imports) and both processes' JIT warm-up are in it,
 * as they are for a user, where the per-step rows above measure a warm engine. The median of the rounds' ratios.
 */
export async function measureCliBoundary(options: { readonly seed: number; readonly rounds: number }): Promise<RoundTripResult> {
  const dir = mkdtempSync(join(tmpdir(), 'prunecheck-bench-cli-boundary-'));
  try {
    const rounds: { supervised: { ops: number; seconds: number }; inProcess: { ops: number; seconds: number } }[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      const costs: Partial<(typeof rounds)[number]> = {};
      for (const inProcess of order) costs[inProcess ? 'inProcess' : 'supervised'] = await timedCheck(dir, options.seed, inProcess);
      rounds.push(costs as (typeof rounds)[number]);
    }
    const rate = (side: 'supervised' | 'inProcess') => median(rounds.map((r) => r[side].ops / r[side].seconds)) ?? 0;
    const ratio = median(rounds.map((r) => r.supervised.seconds / r.inProcess.seconds)) ?? 0;
    return { workload: `${SUPERVISED_CLI_WORKLOAD} (seed ${options.seed}; ${rounds.map((r) => `${r.supervised.seconds.toFixed(2)} s against ${r.inProcess.seconds.toFixed(2)} s`).join(', ')})`, inProcessOpsPerSecond: Math.round(rate('inProcess')), stdioOpsPerSecond: Math.round(rate('supervised')), ratio: Math.round(ratio * 100) / 100 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx bench/cliBoundary.ts [seed] [rounds]`: this measurement alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [seed = 42, rounds = 5] = process.argv.slice(2).map(Number);
  process.stdout.write(`${JSON.stringify(await measureCliBoundary({ seed, rounds }), null, 2)}\n`);
}
