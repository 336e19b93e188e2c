import { describe, expect, it } from 'vitest';
import { summarizeTiming } from '../../mutation/summarizeTiming.ts';

const lines = (...l: object[]): string => `${l.map((x) => JSON.stringify(x)).join('\n')}\n`;

describe('summarizeTiming', () => {
  it("answers one worker's time per mutant from the initial run's end to the last result", () => {
    const text = lines(
      { id: 'dry-run', status: 'net 4200.5 ms, overhead 3000 ms', at: 1_000 },
      { id: '3', status: 'Ignored', at: 1_000 },
      { id: '1', status: 'Killed', at: 4_000 },
      { id: '2', status: 'Survived', at: 9_000 },
      { id: '4', status: 'Timeout', at: 13_000 },
    );
    expect(summarizeTiming(text, 2)).toEqual({ concurrency: 2, dryRunMs: 4201, wallMs: 12_000, mutantsRun: 3, meanMsPerMutant: 8_000 });
  });

  it('answers unknowns, not zeros, when nothing was timed', () => {
    expect(summarizeTiming('', 1)).toEqual({ concurrency: 1, dryRunMs: undefined, wallMs: undefined, mutantsRun: 0, meanMsPerMutant: undefined });
  });
});
