import { describe, expect, it } from 'vitest';
import type { PythonSketchMeasurement, PythonSketchReport } from '../../../src/report/bench/BenchReport.ts';
import { renderBenchMarkdown } from '../../../src/report/bench/benchMarkdown.ts';
import { summarizeTargets } from '../../../src/report/bench/benchSummaries.ts';
import { computeTargets, PYTHON_SKETCH_SIZES, type TargetInputs } from '../../../src/report/bench/benchTargets.ts';
import { sampleBenchReport } from './sampleBenchReport.ts';

function row(size: number, reference: number, python: number): PythonSketchMeasurement {
  return { size, prunes: size, meanContentBytes: 256, referenceNsPerPrune: reference, pythonNsPerPrune: python, referenceRounds: [reference, reference], pythonRounds: [python, python], referenceWallNsPerPrune: reference, pythonWallNsPerPrune: python };
}

const inputs = (pythonSketch?: PythonSketchReport): TargetInputs => ({ sizes: [1_000, 10_000], measurements: [], memory: [], ...(pythonSketch === undefined ? {} : { pythonSketch }) });
const sketchTargets = (pythonSketch?: PythonSketchReport) => computeTargets(inputs(pythonSketch)).filter((t) => t.group === 'prune-vs-python');

describe('the seed-000 Python sketch target (issue 26)', () => {
  it('judges reference over Python per prune below 1 at 10³, 10⁴ and 10⁵, each size on its own', () => {
    const targets = sketchTargets({ python: '3.11.7', measurements: [row(1_000, 3_000, 1_500), row(10_000, 1_000, 2_000), row(100_000, 2_000, 2_000)], skipped: [] });
    expect(PYTHON_SKETCH_SIZES).toEqual([1_000, 10_000, 100_000]);
    expect(targets.map((t) => [t.id, t.status, t.measured])).toEqual([
      ['prune-vs-python@1000', 'missed', 2],
      ['prune-vs-python@10000', 'met', 0.5],
      ['prune-vs-python@100000', 'met', 1],
    ]);
    expect(targets[0]?.missBy).toBeCloseTo(1, 10);
    expect(targets[0]?.detail).toBe('reference 3.00 µs / Python 3.11.7 1.50 µs per prune (CPU, median of 2 and 2 rounds of 1,000 prunes, 256 B mean content)');
  });

  it('never drops a size: one the run did not cover, or a run without python3, is not measured and says why', () => {
    const quick = sketchTargets({ python: '3.11.7', measurements: [row(1_000, 1_000, 2_000), row(10_000, 1_000, 2_000)], skipped: ['seed-000 Python sketch at 10⁵ spans: not in this run'] });
    expect(quick.map((t) => t.status)).toEqual(['met', 'met', 'not-measured']);
    expect(quick[2]?.detail).toContain('not measured at 10⁵');
    const none = sketchTargets({ python: 'none', measurements: [], skipped: ['python3 could not be run (spawnSync python3 ENOENT): install Python 3 to measure the seed-000 sketch'] });
    expect(none.every((t) => t.status === 'not-measured' && t.detail.startsWith('python3 could not be run'))).toBe(true);
    expect(sketchTargets().every((t) => t.status === 'not-measured' && t.detail === 'the Python comparison was not run')).toBe(true);
  });

  it('summarizes the row with the figures of every size, and the report renders it', () => {
    const sketch: PythonSketchReport = { python: '3.11.7', measurements: [row(1_000, 3_000, 1_500), row(10_000, 1_000, 2_000)], skipped: [] };
    const summary = summarizeTargets(computeTargets(inputs(sketch)), inputs(sketch)).find((s) => s.group === 'prune-vs-python');
    expect(summary).toMatchObject({ status: 'missed', met: 1, missed: 1 });
    expect(summary?.reason).toContain('Per prune, CPU time: 3.00 µs against 1.50 µs at 10³, 1.00 µs against 2.00 µs at 10⁴ (Python 3.11.7');
    expect(summary?.reason).toContain('(1 of 3 ratios not measured in this run)');
    const report = { ...sampleBenchReport(), pythonSketch: sketch };
    const markdown = renderBenchMarkdown({ ...report, targets: computeTargets(report) });
    expect(markdown).toContain("| reversible prune faster than a plain Python sketch of seed 000's `prune` (which also hashes), same ~250 B content, at 10³, 10⁴ and 10⁵ (issue 26) | **missed** by 100 % (1 of 2) |");
  });
});
