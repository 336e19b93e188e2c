import { describe, expect, it } from 'vitest';
import { escapeXml, renderBenchChart } from '../../../src/report/bench/benchChart.ts';
import { parseXml, type XmlElement } from '../../helpers/xml.ts';
import { cell, sampleBenchReport } from './sampleBenchReport.ts';

function all(node: XmlElement, name: string): XmlElement[] {
  const here = node.name === name ? [node] : [];
  return [...here, ...node.children.flatMap((child) => (typeof child === 'string' ? [] : all(child, name)))];
}

function points(polyline: XmlElement): [number, number][] {
  return (polyline.attributes.points ?? '').split(' ').map((pair) => pair.split(',').map(Number) as [number, number]);
}

describe('renderBenchChart', () => {
  const svg = renderBenchChart(sampleBenchReport().measurements);
  const root = parseXml(svg);

  it('is a well-formed SVG document', () => {
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(svg.endsWith('</svg>\n')).toBe(true);
  });

  it('draws one line per multi-point series, naive dashed and ceilings dotted, with a legend entry for every series', () => {
    const lines = all(root, 'polyline');
    expect(lines).toHaveLength(5);
    const legend = all(root, 'text').map((t) => t.children.join(''));
    expect(legend).toContain('naive: lookup, resident');
    expect(legend).toContain('ceiling: Map get + set');
    const dashes = all(root, 'line').map((l) => l.attributes['stroke-dasharray']).filter((d) => d !== undefined);
    expect(dashes).toContain('8 5');
    expect(dashes).toContain('2 4');
  });

  it('places sizes left to right and costs bottom to top on log scales', () => {
    const prune = all(root, 'g').find((g) => g.children.some((c) => typeof c !== 'string' && c.name === 'title' && c.children.join('') === 'prune, reversible (persisted span)'));
    const line = prune === undefined ? undefined : all(prune, 'polyline')[0];
    expect(line).toBeDefined();
    const [[x1, y1], [x2, y2]] = points(line as XmlElement) as [[number, number], [number, number]];
    expect(x2).toBeGreaterThan(x1);
    expect(y2).toBeLessThan(y1);
    const reframe = renderBenchChart([cell('reference', 'reframe', 1_000, 10), cell('reference', 'reframe', 1_000_000, 100), cell('reference', 'lookup-resident', 1_000, 1_000)]);
    const [line10] = all(parseXml(reframe), 'polyline');
    const [[, ya], [, yb]] = points(line10 as XmlElement) as [[number, number], [number, number]];
    // 10 ns → 100 ns is one decade of the two the y axis spans (10 ns … 1 µs): half the plot height.
    expect(ya - yb).toBeCloseTo((490 - 50) / 2, 5);
  });

  it('escapes text and answers a placeholder chart when nothing was measured', () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe('&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;');
    const empty = renderBenchChart([]);
    expect(parseXml(empty).name).toBe('svg');
    expect(empty).toContain('no measurements');
  });
});
