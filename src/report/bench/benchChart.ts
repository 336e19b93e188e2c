import { BENCH_PATHS, benchPath, type BenchMeasurement, type BenchSubject } from './BenchReport.ts';
import { formatNs, formatSize } from './benchFormat.ts';

const WIDTH = 980;
const HEIGHT = 560;
const PLOT = { left: 80, top: 50, right: 640, bottom: 490 } as const;
const LEGEND_X = 660;

// Fourteen paths at most; hues far enough apart to tell the lines apart.
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#393b79', '#637939', '#000000', '#843c39'];
const DASH: Readonly<Record<BenchSubject, string>> = { reference: '', naive: '8 5', ceiling: '2 4' };
const SUBJECT_ORDER: readonly BenchSubject[] = ['reference', 'naive', 'ceiling'];

interface Series {
  readonly subject: BenchSubject;
  readonly label: string;
  readonly color: string;
  readonly points: readonly { readonly size: number; readonly ns: number }[];
}

/**
 * A hand-written SVG line chart of cost per operation against window size, both axes log-scale: one line per
 * measured (subject, path), reference solid, naive dashed, ceilings dotted. Deterministic for its input.
 */
export function renderBenchChart(measurements: readonly BenchMeasurement[]): string {
  const series = buildSeries(measurements);
  const sizes = [...new Set(measurements.map((m) => m.size))].sort((a, b) => a - b);
  const costs = measurements.map((m) => m.nsPerOp).filter((ns) => ns > 0);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${PLOT.left}" y="28" font-size="16" font-weight="bold">Cost per operation against resident spans (log–log)</text>`,
  ];
  if (series.length === 0 || costs.length === 0) {
    out.push(`<text x="${PLOT.left}" y="${(PLOT.top + PLOT.bottom) / 2}">no measurements</text>`, '</svg>');
    return `${out.join('\n')}\n`;
  }
  const xDomain = paddedDomain(Math.log10(sizes[0] as number), Math.log10(sizes[sizes.length - 1] as number));
  const yDomain: [number, number] = [Math.floor(Math.log10(Math.min(...costs))), Math.ceil(Math.log10(Math.max(...costs)))];
  if (yDomain[1] === yDomain[0]) yDomain[1] += 1;
  const x = (size: number): number => scale(Math.log10(size), xDomain, PLOT.left, PLOT.right);
  const y = (ns: number): number => scale(Math.log10(ns), yDomain, PLOT.bottom, PLOT.top);

  out.push(...axes(sizes, yDomain, x, y));
  for (const s of series) out.push(...line(s, x, y));
  out.push(...legend(series), '</svg>');
  return `${out.join('\n')}\n`;
}

function buildSeries(measurements: readonly BenchMeasurement[]): Series[] {
  const series: Series[] = [];
  for (const subject of SUBJECT_ORDER) {
    BENCH_PATHS.forEach((path, index) => {
      const points = measurements
        .filter((m) => m.subject === subject && m.path === path.id && m.nsPerOp > 0)
        .map((m) => ({ size: m.size, ns: m.nsPerOp }))
        .sort((a, b) => a.size - b.size);
      if (points.length === 0) return;
      const label = subject === 'naive' ? `naive: ${benchPath(path.id).label}` : path.label;
      series.push({ subject, label, color: PALETTE[index % PALETTE.length] as string, points });
    });
  }
  return series;
}

function axes(sizes: readonly number[], yDomain: readonly [number, number], x: (n: number) => number, y: (n: number) => number): string[] {
  const out = [`<g stroke="#dddddd" stroke-width="1">`];
  for (let exp = yDomain[0]; exp <= yDomain[1]; exp += 1) out.push(`<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${fixed(y(10 ** exp))}" y2="${fixed(y(10 ** exp))}"/>`);
  for (const size of sizes) out.push(`<line x1="${fixed(x(size))}" x2="${fixed(x(size))}" y1="${PLOT.top}" y2="${PLOT.bottom}"/>`);
  out.push('</g>', `<g fill="#333333">`);
  for (let exp = yDomain[0]; exp <= yDomain[1]; exp += 1) {
    out.push(`<text x="${PLOT.left - 8}" y="${fixed(y(10 ** exp) + 4)}" text-anchor="end">${escapeXml(formatNs(10 ** exp))}</text>`);
  }
  for (const size of sizes) out.push(`<text x="${fixed(x(size))}" y="${PLOT.bottom + 18}" text-anchor="middle">${escapeXml(formatSize(size))}</text>`);
  out.push(
    `<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 40}" text-anchor="middle">resident spans in the window</text>`,
    `<text transform="translate(18 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle">time per operation (re-frame: per span)</text>`,
    '</g>',
    `<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#333333"/>`,
  );
  return out;
}

function line(s: Series, x: (n: number) => number, y: (n: number) => number): string[] {
  const dash = DASH[s.subject] === '' ? '' : ` stroke-dasharray="${DASH[s.subject]}"`;
  const points = s.points.map((p) => `${fixed(x(p.size))},${fixed(y(p.ns))}`).join(' ');
  const out = [`<g stroke="${s.color}" fill="${s.color}">`];
  out.push(`<title>${escapeXml(s.label)}</title>`);
  if (s.points.length > 1) out.push(`<polyline points="${points}" fill="none" stroke-width="2"${dash}/>`);
  for (const p of s.points) out.push(`<circle cx="${fixed(x(p.size))}" cy="${fixed(y(p.ns))}" r="3"/>`);
  out.push('</g>');
  return out;
}

function legend(series: readonly Series[]): string[] {
  const out = ['<g>'];
  series.forEach((s, i) => {
    const top = PLOT.top + i * 18;
    const dash = DASH[s.subject] === '' ? '' : ` stroke-dasharray="${DASH[s.subject]}"`;
    out.push(
      `<line x1="${LEGEND_X}" x2="${LEGEND_X + 28}" y1="${top}" y2="${top}" stroke="${s.color}" stroke-width="2"${dash}/>`,
      `<text x="${LEGEND_X + 34}" y="${top + 4}">${escapeXml(s.label)}</text>`,
    );
  });
  out.push('</g>');
  return out;
}

function paddedDomain(min: number, max: number): [number, number] {
  const pad = max > min ? (max - min) * 0.05 : 0.5;
  return [min - pad, max + pad];
}

function scale(value: number, domain: readonly [number, number], from: number, to: number): number {
  return from + ((value - domain[0]) / (domain[1] - domain[0])) * (to - from);
}

function fixed(value: number): string {
  return value.toFixed(1);
}

/** Escapes the five XML special characters. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
