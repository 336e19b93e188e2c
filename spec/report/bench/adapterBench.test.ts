import { describe, expect, it } from 'vitest';
import type { AdapterBenchReport, PathCost } from '../../../src/run/bench/AdapterBenchReport.ts';
import { judgeGrowth } from '../../../src/run/bench/judgeGrowth.ts';
import { renderAdapterBenchChart } from '../../../src/report/bench/adapterBenchChart.ts';
import { renderAdapterBenchMarkdown } from '../../../src/report/bench/adapterBenchMarkdown.ts';
import { renderAdapterBenchPretty } from '../../../src/report/bench/adapterBenchPretty.ts';
import { parseXml, type XmlElement } from '../../helpers/xml.ts';

const HOSTILE = 'evil<script>|\u001b[31mred\u0007';
const sizes = [1_000, 10_000, 100_000];
const cost = (role: PathCost['role'], subject: string, path: string, size: number, nsPerCall: number): PathCost => ({ role, subject, path, size, nsPerCall, samples: 5, calls: 5 });
const costs = [
  ...sizes.map((n) => cost('pruner', HOSTILE, 'lookup', n, n / 10)),
  ...sizes.map((n) => cost('reference', 'reference', 'lookup', n, 50)),
  ...sizes.map((n) => cost('floor', 'floor', 'floor-hash', n, 1_000)),
];

function sample(): AdapterBenchReport {
  return {
    format: 'prunecheck-bench-adapter/1',
    adapter: `cmd:${HOSTILE}`,
    name: HOSTILE,
    version: '1.0.0',
    mode: 'runtime',
    transport: 'cmd',
    reference: 'reference',
    seed: 9,
    sizes,
    clock: 'wall',
    command: "prunecheck bench --adapter 'cmd:x' --sizes 1000,10000,100000 --seed 9",
    startedAt: '2026-12-03T12:00:00.000Z',
    durationMs: 1_000,
    environment: { node: '20', platform: 'linux', arch: 'x64', cpu: 'cpu', cores: 2, loadAverage: { start: 1, end: 2 } },
    paths: [
      { id: 'lookup', label: 'lookup (resident)', unit: 'lookup', method: 'a lookup' },
      { id: 'floor-hash', label: 'floor: sha256 of one item', unit: 'hash', method: 'sha256' },
    ],
    costs,
    growth: judgeGrowth(costs),
    memory: [{ role: 'reference', subject: 'reference', size: 100_000, bytesPerItem: 2_000, contentBytesPerItem: 1_000, item: 'resident span' }],
    skipped: [{ role: 'pruner', subject: HOSTILE, path: 'claim-10', size: 1_000, reason: `answered <absent> ${HOSTILE}` }],
    notes: ['a note'],
  };
}

describe('the adapter bench renderers', () => {
  it('the terminal table gives ratios to the reference and the hash floor, the growth, the call-out, and prints no control character', () => {
    const text = renderAdapterBenchPretty(sample());
    expect(text).toContain('100 ns (2.00× ref, 0.100× hash)');
    expect(text).toContain('10.0 µs (200× ref, 10.0× hash)');
    expect(text).toMatch(/lookup \(resident\).*linear \(1\.00\)/);
    expect(text).toMatch(/ {2}reference.*flat \(0\.00\)/);
    expect(text).toContain('CALLED OUT: lookup: linear per call (exponent 1.00)');
    expect(text).toContain('2000 B per resident span');
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F]/);
  });

  it('the Markdown escapes outside strings, links the chart and states the thresholds', () => {
    const md = renderAdapterBenchMarkdown(sample(), 'chart.svg');
    expect(md).toContain('evil&lt;script&gt;\\|');
    expect(md).not.toContain('<script>');
    expect(md).toContain('![cost per call against size](chart.svg)');
    expect(md).toContain('`flat` below 0.5, `linear` below 1.5');
    expect(md).toContain('- **lookup**: linear per call');
    expect(md).toContain('answered &lt;absent&gt;');
    expect(md.endsWith('\n')).toBe(true);
  });

  it('the chart is valid SVG with the pruner solid, the reference dashed and the floor dotted', () => {
    const svg = parseXml(renderAdapterBenchChart(sample()));
    const lines: XmlElement[] = [];
    const walk = (e: XmlElement): void => {
      if (e.name === 'polyline') lines.push(e);
      for (const c of e.children) if (typeof c !== 'string') walk(c);
    };
    walk(svg);
    expect(lines.map((l) => l.attributes['stroke-dasharray'] ?? '')).toEqual(['', '8 5', '2 4']);
  });
});
