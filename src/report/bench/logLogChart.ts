import { xmlAttr, xmlText } from '../../util/xmlEscape.ts';
import { formatNs, formatSize } from './benchFormat.ts';

/** One line of a log–log chart. `dash` is an SVG dash pattern ('' for solid). */
export interface ChartSeries {
  readonly label: string;
  readonly color: string;
  readonly dash: string;
  readonly points: readonly { readonly size: number; readonly ns: number }[];
}

export interface ChartText {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
}

const WIDTH = 980;
const PLOT = { left: 80, top: 50, right: 600, bottom: 490 } as const;
const LEGEND_X = 620;

/** Colours far enough apart to tell twelve lines apart. */
export const CHART_PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#393b79', '#637939'];

/**
 * A hand-written SVG line chart of cost per call against size, both axes log-scale, one line per series with a
 * legend; every label escaped. Deterministic for its input.
 */
export function renderLogLogChart(series: readonly ChartSeries[], text: ChartText): string {
  const drawn = series.map((s) => ({ ...s, points: s.points.filter((p) => p.ns > 0 && p.size > 0) })).filter((s) => s.points.length > 0);
  const height = Math.max(560, PLOT.top + drawn.length * 18 + 40);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PLOT.left}" y="28" font-size="16" font-weight="bold">${xmlText(text.title)}</text>`,
  ];
  if (drawn.length === 0) {
    out.push(`<text x="${PLOT.left}" y="${(PLOT.top + PLOT.bottom) / 2}">no measurements</text>`, '</svg>');
    return `${out.join('\n')}\n`;
  }
  const sizes = [...new Set(drawn.flatMap((s) => s.points.map((p) => p.size)))].sort((a, b) => a - b);
  const costs = drawn.flatMap((s) => s.points.map((p) => p.ns));
  const lo = Math.log10(sizes[0] as number);
  const hi = Math.log10(sizes[sizes.length - 1] as number);
  const pad = hi > lo ? (hi - lo) * 0.05 : 0.5;
  const xDomain: [number, number] = [lo - pad, hi + pad];
  const yDomain: [number, number] = [Math.floor(Math.log10(Math.min(...costs))), Math.ceil(Math.log10(Math.max(...costs)))];
  if (yDomain[1] === yDomain[0]) yDomain[1] += 1;
  const scale = (v: number, d: readonly [number, number], from: number, to: number): number => from + ((v - d[0]) / (d[1] - d[0])) * (to - from);
  const x = (size: number): string => scale(Math.log10(size), xDomain, PLOT.left, PLOT.right).toFixed(1);
  const y = (ns: number): string => scale(Math.log10(ns), yDomain, PLOT.bottom, PLOT.top).toFixed(1);

  out.push('<g stroke="#dddddd" stroke-width="1">');
  for (let e = yDomain[0]; e <= yDomain[1]; e += 1) out.push(`<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${y(10 ** e)}" y2="${y(10 ** e)}"/>`);
  for (const size of sizes) out.push(`<line x1="${x(size)}" x2="${x(size)}" y1="${PLOT.top}" y2="${PLOT.bottom}"/>`);
  out.push('</g>', '<g fill="#333333">');
  for (let e = yDomain[0]; e <= yDomain[1]; e += 1) out.push(`<text x="${PLOT.left - 8}" y="${(Number(y(10 ** e)) + 4).toFixed(1)}" text-anchor="end">${xmlText(formatNs(10 ** e))}</text>`);
  for (const size of sizes) out.push(`<text x="${x(size)}" y="${PLOT.bottom + 18}" text-anchor="middle">${xmlText(formatSize(size))}</text>`);
  out.push(
    `<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 40}" text-anchor="middle">${xmlText(text.xLabel)}</text>`,
    `<text transform="translate(18 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle">${xmlText(text.yLabel)}</text>`,
    '</g>',
    `<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#333333"/>`,
  );
  drawn.forEach((s, i) => {
    const dash = s.dash === '' ? '' : ` stroke-dasharray="${xmlAttr(s.dash)}"`;
    const color = xmlAttr(s.color);
    out.push(`<g stroke="${color}" fill="${color}">`, `<title>${xmlText(s.label)}</title>`);
    if (s.points.length > 1) out.push(`<polyline points="${s.points.map((p) => `${x(p.size)},${y(p.ns)}`).join(' ')}" fill="none" stroke-width="2"${dash}/>`);
    for (const p of s.points) out.push(`<circle cx="${x(p.size)}" cy="${y(p.ns)}" r="3"/>`);
    out.push('</g>');
    const top = PLOT.top + i * 18;
    out.push(`<line x1="${LEGEND_X}" x2="${LEGEND_X + 28}" y1="${top}" y2="${top}" stroke="${color}" stroke-width="2"${dash}/>`, `<text x="${LEGEND_X + 34}" y="${top + 4}">${xmlText(s.label)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
