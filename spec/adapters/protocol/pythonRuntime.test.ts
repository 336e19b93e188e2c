import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandAdapter, type CommandAdapter } from '../../../src/adapters/protocol/commandAdapter.ts';
import { RUNTIME_INVARIANT_IDS } from '../../../src/model/invariants.ts';
import { OPERATION_KINDS } from '../../../src/model/Operation.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';
import { diffAgainstReference } from './helpers/diffAgainstReference.ts';
import { randomEpisode } from './helpers/randomEpisode.ts';
import { SPEC11_EPISODE } from './helpers/spec11Episode.ts';

// The examples are run as a user would: `python3` from PATH (.ci/run checks it is there).
// Markers at the default 15 tokens a line, and at 6 in a window small enough for them to crowd it and fold (INV-29).
const CONFIGS = [{ capacity: 60 }, { capacity: 400, storeDistinguishesAbsent: false, frame: 'triage' }, { capacity: 48, markerTokens: 6 }] as const;
const SEEDS = ['p1', 'p2', 'p3', 'p4', 'p5'];

describe('examples/python over the line protocol', () => {
  let correct: CommandAdapter;
  let broken: CommandAdapter;
  let node: CommandAdapter;

  beforeAll(async () => {
    [correct, broken, node] = await Promise.all([
      commandAdapter('python3 examples/python/correct_runtime.py'),
      commandAdapter('python3 examples/python/broken_runtime.py'),
      commandAdapter('node --import tsx examples/node/reference_runtime.ts'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([correct.drain(), broken.drain(), node.drain()]);
  });

  it('the handshake names the runtime and claims every runtime invariant', () => {
    expect(correct.name).toBe('python-correct');
    expect([...correct.capabilities.invariants].sort()).toEqual([...RUNTIME_INVARIANT_IDS].sort());
    expect(correct.capabilities.operations).toEqual(OPERATION_KINDS);
    expect(broken.name).toBe('python-broken');
  });

  it('the Python port answers exactly as the reference on seeded episodes (outcomes, misuse codes, observations, ledger)', async () => {
    for (const seed of SEEDS) {
      for (const config of CONFIGS) {
        const difference = await diffAgainstReference(correct, config, randomEpisode(seed, 120));
        expect(difference, `seed ${seed}, capacity ${config.capacity}`).toBeUndefined();
      }
    }
  });

  it('the seeded episodes crowd the index: the reference folds markers into its gap marker on some of them (INV-29)', () => {
    const folds = SEEDS.flatMap((seed) => CONFIGS.map((config) => {
      const reference = new ReferenceRuntime(config);
      let folded = 0;
      for (const op of randomEpisode(seed, 120)) {
        try {
          reference.apply(op);
        } catch {
          continue;
        }
        folded += reference.folded.length;
      }
      return folded;
    }));
    expect(folds.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('the Python port answers exactly as the reference on the scripted SPEC 1.1 episode', async () => {
    for (const config of CONFIGS) expect(await diffAgainstReference(correct, config, SPEC11_EPISODE), `capacity ${config.capacity}`).toBeUndefined();
  });

  it('the reference served by serveProtocol is indistinguishable from the reference in-process', async () => {
    for (const seed of SEEDS.slice(0, 3)) {
      expect(await diffAgainstReference(node, CONFIGS[0], randomEpisode(seed, 120))).toBeUndefined();
    }
  });

  it('the broken Python runtime differs from the reference on a prune carrying claimSafe', async () => {
    const differences = [];
    for (const seed of SEEDS) differences.push(await diffAgainstReference(broken, CONFIGS[0], randomEpisode(seed, 120)));
    const found = differences.find((d) => d !== undefined);
    expect(found?.what).toBe('outcome of prune');
  });
});
