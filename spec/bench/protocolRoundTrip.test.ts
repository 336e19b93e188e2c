import { describe, expect, it } from 'vitest';
import { protocolEpisode } from '../../bench/protocolEpisode.ts';
import { measureProtocolRoundTrip } from '../../bench/protocolRoundTrip.ts';
import { supervisedCost, SUPERVISED_CHECK_LIMIT, SUPERVISED_CLI_WORKLOAD } from '../../src/report/bench/supervisedCost.ts';
import { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';

describe('protocol round-trip benchmark', () => {
  it('draws valid, seeded episodes: every operation is accepted by the reference, and the same seed gives the same episode', () => {
    const episode = protocolEpisode('s', 300, 4096);
    const reference = new ReferenceRuntime({ capacity: 4096 });
    for (const op of episode) expect(() => reference.apply(op)).not.toThrow();
    expect(protocolEpisode('s', 300, 4096)).toEqual(episode);
    expect(new Set(episode.map((op) => op.kind)).size).toBeGreaterThanOrEqual(10);
  });

  it('measures every workload in-process and over stdio (no timing is asserted)', async () => {
    const results = await measureProtocolRoundTrip({ episodes: 2, episodeLength: 30, rounds: 1 });
    expect(results.map((r) => r.workload)).toEqual([
      'apply only',
      'apply only, runtime that does nothing (floor)',
      'apply only, adapter module in its supervised process',
      'engine step, protocol 1.1 (one step round trip)',
      'engine step, protocol 1.0 (observe, then apply with the observations after)',
      'engine step, protocol 1.1 (one step round trip), runtime that does nothing (floor)',
      'engine step, adapter module in its supervised process, one IPC round trip per step (unbatched)',
      "engine step, adapter module in its supervised process, batched (--adapter ./module.ts, the default: the engine's lookahead sends a run's steps in one IPC message)",
    ]);
    for (const r of results) {
      expect(r.inProcessOpsPerSecond).toBeGreaterThan(0);
      expect(r.stdioOpsPerSecond).toBeGreaterThan(0);
      expect(r.ratio).toBeGreaterThan(0);
    }
  });

  it('states the supervised cost per step and per check, and whether the check met its limit and by how much it missed', () => {
    const row = (workload: string, inProcess: number, boundary: number) => ({ workload, inProcessOpsPerSecond: inProcess, stdioOpsPerSecond: boundary, ratio: Math.round((inProcess / boundary) * 10) / 10 });
    const rows = [
      row("engine step, adapter module in its supervised process, batched (--adapter ./module.ts, the default: the engine's lookahead sends a run's steps in one IPC message)", 100_000, 50_000),
      row('engine step, adapter module in its supervised process, one IPC round trip per step (unbatched)', 100_000, 10_000),
      row('checkAdapter, adapter module in its supervised process (100 runs, seed 42)', 2_000, 1_000),
      row('checkAdapter, adapter module in its supervised process (100 runs, seed 42), CPU time of both processes (ops per CPU second)', 4_000, 2_000),
      row('checkAdapter, adapter module in its supervised process (100 runs, seed 42), unbatched (one IPC round trip per step)', 2_000, 400),
      row('checkAdapter, adapter module in its supervised process (100 runs, seed 42), unbatched, CPU time of both processes (ops per CPU second)', 4_000, 1_000),
      row('a default check (the recorded incidents, then the runs), adapter module in its supervised process (100 runs, seed 42)', 2_000, 800),
      row('a default check (the recorded incidents, then the runs), adapter module in its supervised process (100 runs, seed 42), CPU time of both processes (ops per CPU second)', 4_000, 1_000),
      row(`${SUPERVISED_CLI_WORKLOAD} (seed 42; 1.30 s against 0.80 s)`, 9_000, 6_000),
    ];
    expect(supervisedCost(rows)).toEqual([
      'supervised boundary: an engine step, batched, 2× the in-process step (+10.0 µs per step)',
      'supervised boundary: an engine step, one round trip each, 10× the in-process step (+90.0 µs per step)',
      `supervised boundary: a whole check, 2× in-process wall clock (+500.0 µs per checked step; target ≤ ${SUPERVISED_CHECK_LIMIT}×: missed by 0.50×), 2× in-process CPU time (both processes; +250.0 CPU µs per checked step)`,
      'supervised boundary: a default check (the recorded incidents included), 2.5× in-process wall clock (+750.0 µs per checked step), 4× CPU time (both processes)',
      "supervised boundary: a default check from the command line, 1.5× the same check --in-process in wall clock, process start to exit (the adapter process's start and both processes' JIT warm-up included, as a user meets them)",
      'supervised boundary: the same check unbatched (one round trip per step), 5× in-process wall clock, 4× CPU time',
    ]);
    expect(supervisedCost([{ ...(rows[2] as ReturnType<typeof row>), ratio: 1.2 }])).toEqual([expect.stringMatching(/target ≤ 1\.5×: met\)$/)]);
  });
});
