import { describe, expect, it } from 'vitest';
import { protocolEpisode } from '../../bench/protocolEpisode.ts';
import { measureProtocolRoundTrip } from '../../bench/protocolRoundTrip.ts';
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
      'engine step, adapter module in its supervised process (--adapter ./module.ts, the default; one IPC round trip)',
    ]);
    for (const r of results) {
      expect(r.inProcessOpsPerSecond).toBeGreaterThan(0);
      expect(r.stdioOpsPerSecond).toBeGreaterThan(0);
      expect(r.ratio).toBeGreaterThan(0);
    }
  });
});
