import { describe, expect, it } from 'vitest';
import { medianOf, renderDetectionMarkdown, renderSituationReach, type DetectionRow, type DetectionSeed } from '../../src/report/detectionMarkdown.ts';

const meta = { command: 'npm run detection', startedAt: '2026-12-01T00:00:00.000Z', durationMs: 90_000, runs: 300, loadAverage: { start: 1.5, end: 2.25 }, cores: 2 };
const seed = (n: number, over: Partial<DetectionSeed> = {}): DetectionSeed => ({ seed: n, verdict: 'violation', invariant: 'INV-03', runsToFirst: n, msToFirst: n * 100, shrunk: 2, totalMs: 1_000, ...over });
const row = (seeds: DetectionSeed[], over: Partial<DetectionRow> = {}): DetectionRow => ({ name: 'trusts-safe-claim', invariant: 'INV-03', expected: 'violation', minimal: 2, seeds, ...over });

describe('reports/detection.md', () => {
  it('the median is the middle value (the lower middle for an even count)', () => {
    expect([medianOf([]), medianOf([3]), medianOf([5, 1, 3]), medianOf([4, 1, 3, 2])]).toEqual([undefined, 3, 3, 2]);
  });

  it('per member: found at how many seeds, runs and seconds to the first failure, shrunk against minimal', () => {
    const md = renderDetectionMarkdown([row([seed(1), seed(2, { shrunk: 3 }), seed(3)])], meta);
    expect(md).toContain('| trusts-safe-claim | INV-03 | 3/3 | 2 / 3 | 0.20 / 0.30 | 2 / 3 | 2 | 1.00 |');
    expect(md).toContain('**Every broken runtime was found** with its verdict and invariant within 300 runs at every seed; every shrunk counterexample is its minimal trace or one step longer.');
    expect(md).not.toContain('## Not');
    expect(md.endsWith('\n')).toBe(true);
  });

  it('names every seed where a member was missed, found on another invariant, too late, or shrunk too far from minimal', () => {
    const md = renderDetectionMarkdown(
      [row([seed(1), seed(2, { verdict: 'conformant', invariant: undefined, runsToFirst: undefined, msToFirst: undefined, shrunk: undefined }), seed(3, { invariant: 'INV-04' }), seed(4, { runsToFirst: 301 }), seed(5, { shrunk: 4 }), seed(6, { shrunk: 1 })])],
      meta,
    );
    expect(md).toContain('**Not every broken runtime was found**');
    expect(md).toContain('| trusts-safe-claim | INV-03 | 3/6 |');
    expect(md).toContain('- trusts-safe-claim at seed 2: conformant\n');
    expect(md).toContain('- trusts-safe-claim at seed 3: violation on INV-04 after 3 runs');
    expect(md).toContain('- trusts-safe-claim at seed 4: violation on INV-03 after 301 runs');
    expect(md).toContain('2 shrunk counterexamples are not within one step of minimal');
    expect(md).toContain('- trusts-safe-claim at seed 5: shrunk to 4, minimal 2');
    expect(md).toContain('- trusts-safe-claim at seed 6: shrunk to 1, minimal 2');
  });

  it('a nondeterministic member must be diverged', () => {
    const md = renderDetectionMarkdown([row([seed(1, { verdict: 'diverged' }), seed(2)], { name: 'stale-replica', expected: 'diverged' })], meta);
    expect(md).toContain('| stale-replica | INV-03 (diverged) | 1/2 |');
    expect(md).toContain('- stale-replica at seed 2: violation on INV-03 after 2 runs');
  });

  it('adds the share of default runs that reach each dangerous situation, and the seeds where some run does', () => {
    const lines = renderSituationReach([
      { situation: 'stale-copy-read', perSeed: [{ seed: 1, reached: 3, runs: 300 }, { seed: 2, reached: 0, runs: 300 }, { seed: 3, reached: 30, runs: 300 }] },
      { situation: 'tombstones-past-cache-bound', perSeed: [{ seed: 1, reached: 6, runs: 300 }] },
    ]).join('\n');
    expect(lines).toContain('## Dangerous situations: the share of default runs that reach each');
    expect(lines).toContain('| stale-copy-read | 1.0 % / 0.0 % | 2/3 | – (drawn) |');
    // Issue 22: the share of default runs planned for a situation, beside the share that reaches it.
    expect(lines).toContain('| tombstones-past-cache-bound | 2.0 % / 2.0 % | 1/1 | 2.5 % |');
    expect(lines).toContain('0.3 % of default runs are 500 to 600 steps long (the tail)');
    expect(renderSituationReach([])).toEqual([]);
  });
});
