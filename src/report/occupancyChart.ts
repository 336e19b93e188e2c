import type { Scenario } from '../scenario/Scenario.ts';
import type { ScenarioRun, TimelineEntry } from '../scenario/ScenarioRun.ts';

const W = 960;
const LEFT = 64;
const RIGHT = 24;
const PLOT_H = 170;
const LANE_H = 15;
const LANES: readonly { readonly label: string; readonly kinds: readonly TimelineEntry['kind'][]; readonly color: string }[] = [
  { label: 'evicted', kinds: ['evict'], color: '#c0392b' },
  { label: 'silently', kinds: ['silent-evict'], color: '#8e44ad' },
  { label: 'tombstone', kinds: ['tombstone'], color: '#2c3e50' },
  { label: 'summary', kinds: ['summary'], color: '#2471a3' },
  { label: 'refused', kinds: ['reject', 'window-full'], color: '#d68910' },
];
const STRIP_H = 30;
const PANEL_H = 24 + STRIP_H + PLOT_H + 10 + LANES.length * LANE_H + 26;
const HEADER_H = 58;

/**
 * One SVG per scenario: a panel per runtime with occupancy (% of capacity) over turns, the capacity ceiling
 * and the pruning trigger, lanes of markers for evictions (reported and silent), external tombstones,
 * summaries and refusals, and a vertical line at each failure (red) and prevention (green). Hand-written
 * SVG, no chart dependency; deterministic output for the same runs.
 */
export function renderOccupancyChart(scenario: Scenario, runs: readonly ScenarioRun[]): string {
  const height = HEADER_H + runs.length * PANEL_H;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="11">`,
    `<rect width="${W}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="22" font-size="15" font-weight="bold">${esc(scenario.title)} — occupancy per ${scenario.unit}</text>`,
    `<text x="${LEFT}" y="40" fill="#555">${esc(`${scenario.name} · seed record ${scenario.record} · capacity ${scenario.window.capacity} tokens · pruning at ${Math.round(scenario.window.trigger * 100)}%`)}</text>`,
  ];
  runs.forEach((run, i) => parts.push(panel(run, HEADER_H + i * PANEL_H)));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function panel(run: ScenarioRun, top: number): string {
  const plotTop = top + 24 + STRIP_H;
  const plotW = W - LEFT - RIGHT;
  const domain = run.lastTurn + Math.max(0.5, run.lastTurn * 0.02);
  const x = (turn: number): number => LEFT + (turn / domain) * plotW;
  const y = (used: number): number => plotTop + PLOT_H - (Math.min(used, run.capacity) / run.capacity) * PLOT_H;
  const out: string[] = [];
  const verdict = run.met ? 'meets its expectation' : 'does NOT meet its expectation';
  out.push(`<text x="${LEFT}" y="${top + 18}" font-size="13" font-weight="bold">${esc(run.runtime)}</text>`);
  out.push(`<text x="${LEFT + 8 + run.runtime.length * 8}" y="${top + 18}" fill="${run.met ? '#1e8449' : '#c0392b'}">${esc(`${verdict} (${run.expectationsOf})`)}</text>`);
  out.push(`<rect x="${LEFT}" y="${plotTop}" width="${plotW}" height="${PLOT_H}" fill="#fbfbfb" stroke="#bbb"/>`);
  for (const p of [0, 25, 50, 75, 100]) {
    const yy = y((p / 100) * run.capacity);
    out.push(`<line x1="${LEFT - 4}" x2="${LEFT}" y1="${yy}" y2="${yy}" stroke="#888"/><text x="${LEFT - 7}" y="${yy + 4}" text-anchor="end" fill="#555">${p}%</text>`);
  }
  out.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${y(run.capacity)}" y2="${y(run.capacity)}" stroke="#c0392b" stroke-width="1.5"/>`);
  out.push(`<text x="${LEFT + 4}" y="${y(run.capacity) + 12}" fill="#c0392b">capacity</text>`);
  const trig = y(run.trigger * run.capacity);
  out.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${trig}" y2="${trig}" stroke="#d68910" stroke-dasharray="5 4"/>`);
  out.push(`<text x="${LEFT + 4}" y="${trig + 12}" fill="#d68910">pruning trigger ${Math.round(run.trigger * 100)}%</text>`);
  for (const t of ticks(run.lastTurn)) {
    out.push(`<line x1="${x(t)}" x2="${x(t)}" y1="${plotTop + PLOT_H}" y2="${plotTop + PLOT_H + 4}" stroke="#888"/>`);
  }
  // A step function: occupancy changes at a turn and holds until the next one.
  const points = [`${x(0)},${y(0)}`];
  let previous = 0;
  for (const sample of run.occupancy) {
    const xx = x(sample.turn).toFixed(1);
    points.push(`${xx},${y(previous).toFixed(1)}`, `${xx},${y(sample.used).toFixed(1)}`);
    previous = sample.used;
  }
  if (run.crash === undefined) points.push(`${x(Math.min(run.lastTurn + 1, domain)).toFixed(1)},${y(previous).toFixed(1)}`);
  out.push(...worldEvents(run, plotTop, x));
  out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="#1f618d" stroke-width="1.6" stroke-linejoin="round"/>`);
  out.push(...lanes(run, plotTop + PLOT_H + 10, x));
  const axisY = plotTop + PLOT_H + 10 + LANES.length * LANE_H + 14;
  for (const t of ticks(run.lastTurn)) out.push(`<text x="${x(t)}" y="${axisY}" text-anchor="middle" fill="#555">${t}</text>`);
  out.push(`<text x="${LEFT - 7}" y="${axisY}" text-anchor="end" fill="#555" font-style="italic">${run.unit}</text>`);
  out.push(...moments(run, plotTop, x, y));
  return out.join('\n');
}

function lanes(run: ScenarioRun, laneTop: number, x: (turn: number) => number): string[] {
  const out: string[] = [];
  // Found once: looking through every entry for each summary's turn was quadratic in a long scenario.
  const fabricatedAt = new Set(run.entries.filter((e) => e.kind === 'summary' && e.text.includes('FABRICATED')).map((e) => e.turn));
  LANES.forEach((lane, i) => {
    const cy = laneTop + i * LANE_H + LANE_H / 2;
    out.push(`<text x="${LEFT - 7}" y="${cy + 4}" text-anchor="end" fill="${lane.color}" font-size="10">${lane.label}</text>`);
    out.push(`<line x1="${LEFT}" x2="${W - RIGHT}" y1="${cy}" y2="${cy}" stroke="#eee"/>`);
    const counts = new Map<number, number>();
    for (const e of run.entries) if (lane.kinds.includes(e.kind)) counts.set(e.turn, (counts.get(e.turn) ?? 0) + 1);
    for (const [turn, count] of counts) {
      const cx = x(turn);
      out.push(marker(lane.label, cx, cy, lane.color));
      const fabricated = lane.label === 'summary' && fabricatedAt.has(turn);
      if (fabricated) out.push(`<circle cx="${cx}" cy="${cy}" r="7.5" fill="none" stroke="#c0392b" stroke-width="1.5"/><text x="${cx - 10}" y="${cy + 4}" text-anchor="end" font-size="9" fill="#c0392b">fabricated claim</text>`);
      if (count > 1) out.push(`<text x="${cx + (fabricated ? 10 : 6)}" y="${cy + 4}" font-size="9" fill="${lane.color}">${count}</text>`);
    }
    const evictions = run.entries.filter((e) => e.kind === 'evict' || e.kind === 'silent-evict').length;
    if (lane.label === 'tombstone' && counts.size === 0 && evictions > 0) {
      out.push(`<text x="${LEFT + 4}" y="${cy + 4}" font-size="10" font-style="italic" fill="#c0392b">${evictions === 1 ? 'no tombstone written for its eviction' : `no tombstone written for any of its ${evictions} evictions`}</text>`);
    }
  });
  return out;
}

function marker(kind: string, cx: number, cy: number, color: string): string {
  if (kind === 'summary') return `<path d="M${cx},${cy - 5} L${cx + 5},${cy} L${cx},${cy + 5} L${cx - 5},${cy} Z" fill="${color}"/>`;
  if (kind === 'tombstone') return `<rect x="${cx - 3.5}" y="${cy - 3.5}" width="7" height="7" fill="${color}"/>`;
  if (kind === 'refused') return `<path d="M${cx - 4},${cy - 4} L${cx + 4},${cy + 4} M${cx + 4},${cy - 4} L${cx - 4},${cy + 4}" stroke="${color}" stroke-width="2"/>`;
  if (kind === 'silently') return `<path d="M${cx - 5},${cy - 4} L${cx + 5},${cy - 4} L${cx},${cy + 5} Z" fill="none" stroke="${color}" stroke-width="1.5"/>`;
  return `<path d="M${cx - 5},${cy - 4} L${cx + 5},${cy - 4} L${cx},${cy + 5} Z" fill="${color}"/>`;
}

/** Failure (red) and prevention (green) lines; one label per failure kind and status, stacked to avoid overlap. */
function moments(run: ScenarioRun, plotTop: number, x: (turn: number) => number, y: (used: number) => number): string[] {
  const out: string[] = [];
  const labelled = new Set<string>();
  let row = 0;
  for (const p of run.probes) {
    if (p.status !== 'failed' && p.status !== 'prevented') continue;
    const failed = p.status === 'failed';
    const color = failed ? '#c0392b' : '#1e8449';
    const xx = x(p.turn);
    const key = `${p.failure}/${p.status}`;
    if (labelled.has(key)) {
      // Repeats (a window-full every turn at the ceiling) get a tick, not another full line.
      out.push(`<line x1="${xx}" x2="${xx}" y1="${plotTop}" y2="${plotTop + 8}" stroke="${color}" stroke-width="1.2"/>`);
      continue;
    }
    labelled.add(key);
    out.push(`<line x1="${xx}" x2="${xx}" y1="${plotTop - STRIP_H + 4 + 14 * (row % 2)}" y2="${plotTop + PLOT_H}" stroke="${color}" stroke-width="${failed ? 2 : 1.4}"${failed ? '' : ' stroke-dasharray="4 3"'} opacity="0.85"/>`);
    const text = failed ? `✗ ${p.failure} (${run.unit} ${p.turn})` : `✓ ${p.failure} prevented by ${p.mechanisms.join(', ')} (${run.unit} ${p.turn})`;
    const anchorEnd = xx > W / 2;
    const ty = plotTop - STRIP_H + 14 + 14 * (row % 2);
    row += 1;
    out.push(`<text x="${anchorEnd ? xx - 8 : xx + 8}" y="${ty}" text-anchor="${anchorEnd ? 'end' : 'start'}" fill="${color}" font-weight="bold">${esc(text)}</text>`);
  }
  if (run.crash !== undefined) {
    const last = run.occupancy[run.occupancy.length - 1]?.used ?? run.capacity;
    const cx = x(run.crash.turn);
    const cy = y(last);
    out.push(`<path d="M${cx - 7},${cy - 7} L${cx + 7},${cy + 7} M${cx + 7},${cy - 7} L${cx - 7},${cy + 7}" stroke="#c0392b" stroke-width="3"/>`);
    out.push(`<text x="${cx - 12}" y="${cy + 24}" text-anchor="end" fill="#c0392b" font-weight="bold">crash: the runtime threw; the episode ends here</text>`);
  }
  return out;
}

/** Backing-store rotations and re-frames: world events the model does not see, as grey lines. */
function worldEvents(run: ScenarioRun, plotTop: number, x: (turn: number) => number): string[] {
  const out: string[] = [];
  for (const e of run.entries) {
    if (e.kind !== 'rotate' && e.kind !== 'reframe') continue;
    const xx = x(e.turn);
    const label = e.kind === 'rotate' ? 'backing store rotated' : 'task re-framed';
    out.push(`<line x1="${xx}" x2="${xx}" y1="${plotTop}" y2="${plotTop + PLOT_H}" stroke="#7f8c8d" stroke-dasharray="2 3"/>`);
    out.push(`<text x="${xx - 4}" y="${plotTop + PLOT_H - 6}" text-anchor="end" fill="#7f8c8d" font-size="10">${label} (${run.unit} ${e.turn})</text>`);
  }
  return out;
}

function ticks(last: number): number[] {
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => last / s <= 12) ?? Math.ceil(last / 10);
  const out: number[] = [];
  for (let t = step; t <= last; t += step) out.push(t);
  return out;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
