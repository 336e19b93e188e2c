import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measurePythonSketch, SEED_PRUNE_SCRIPT } from '../../bench/pythonSketch.ts';

const hasPython = spawnSync('python3', ['--version']).status === 0;

describe('the seed-000 Python sketch bench (issue 26)', () => {
  it.runIf(hasPython)('prunes every span it is given and reports each measured round, warm-up left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-prune-test-'));
    try {
      const file = join(dir, 'in.json');
      writeFileSync(file, JSON.stringify({ ids: ['a', 'b', 'c'], contents: ['x', 'y', 'é'], order: ['c', 'a', 'b'], warmup: 1, rounds: 2, policyVersion: 'p', score: 0.5 }));
      const child = spawnSync('python3', [SEED_PRUNE_SCRIPT, file], { encoding: 'utf8' });
      expect(child.status, child.stderr).toBe(0);
      const answer = JSON.parse(child.stdout) as { prunes: number; cpuNsPerPrune: number[]; wallNsPerPrune: number[] };
      expect(answer.prunes).toBe(3);
      expect(answer.cpuNsPerPrune).toHaveLength(2);
      expect(answer.wallNsPerPrune).toHaveLength(2);
      // The transcription keeps the seed's refusal of an unknown span.
      writeFileSync(file, JSON.stringify({ ids: ['a'], contents: ['x'], order: ['a', 'a'], warmup: 0, rounds: 1, policyVersion: 'p', score: 0.5 }));
      const twice = spawnSync('python3', [SEED_PRUNE_SCRIPT, file], { encoding: 'utf8' });
      expect(twice.status).not.toBe(0);
      expect(twice.stderr).toContain('ContextProjectionError: unknown span a');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(hasPython)('measures both sides on the same content at the sizes the run covers and names the ones it skips (no timing asserted)', () => {
    const lines: string[] = [];
    const report = measurePythonSketch({ seed: 7, sizes: [1_000], blocks: 2, warmupPrunes: 0, rounds: 1 }, (line) => lines.push(line));
    expect(report.python).toMatch(/^3\./);
    expect(report.measurements.map((m) => [m.size, m.prunes, m.referenceRounds.length, m.pythonRounds.length])).toEqual([[1_000, 1_000, 2, 2]]);
    const [m] = report.measurements;
    expect(m?.referenceNsPerPrune).toBeGreaterThan(0);
    expect(m?.pythonNsPerPrune).toBeGreaterThan(0);
    expect(m?.meanContentBytes).toBeGreaterThan(200);
    expect(m?.meanContentBytes).toBeLessThan(300);
    expect(report.skipped).toHaveLength(2);
    expect(report.skipped[0]).toContain('10⁴');
    expect(lines).toHaveLength(1);
  });

  it('reports a missing interpreter instead of failing the bench', () => {
    const report = measurePythonSketch({ seed: 7, sizes: [1_000], blocks: 1, warmupPrunes: 0, rounds: 1, python: 'python3-that-does-not-exist' }, () => undefined);
    expect(report).toMatchObject({ python: 'none', measurements: [] });
    expect(report.skipped[0]).toContain('install Python 3');
  });
});
