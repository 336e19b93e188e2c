import { describe, expect, it } from 'vitest';
import { combineRounds, type RoundResult } from '../../bench/combineRounds.ts';

const round = (nsPerOp: number, samples = 10): RoundResult => ({ nsPerOp, wallNsPerOp: nsPerOp * 3, meanNs: nsPerOp * 1.1, rmePercent: 5, samples, ops: samples * 100 });

describe('combineRounds', () => {
  it('keeps the lowest round median and every round, and sums batches and operations', () => {
    const m = combineRounds('reference', 'lookup-resident', 1_000, [round(300), round(120, 4), round(180)]);
    expect(m).toMatchObject({ subject: 'reference', path: 'lookup-resident', size: 1_000, nsPerOp: 120, wallNsPerOp: 360, meanNs: 132, rounds: [300, 120, 180], samples: 24, ops: 2_400 });
  });

  it('refuses an empty list of rounds', () => {
    expect(() => combineRounds('naive', 'claim-10', 10, [])).toThrow(RangeError);
  });
});
