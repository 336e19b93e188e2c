import type { Scenario } from '../scenario/Scenario.ts';
import type { ScenarioRun, TimelineEntry } from '../scenario/ScenarioRun.ts';
import { terminalText } from '../util/terminalText.ts';

const MARK: Partial<Record<TimelineEntry['kind'], string>> = { failure: '✗', prevented: '✓', crash: '✗', 'window-full': '!' };

/**
 * The readable timeline of one run: per turn with something to say, the occupancy after the turn and what
 * happened (appends of named spans, passes, summaries, evictions with their tombstones, rejections, lookup
 * answers, the moment of failure or prevention). Routine turns are folded; bulk evictions and rejections are
 * folded into one line per turn. Ends with the verdict against the scenario's expectation.
 */
export function renderTimeline(scenario: Scenario, run: ScenarioRun): string[] {
  const unit = run.unit;
  const out = [
    `scenario ${scenario.name} on ${run.runtime}: ${scenario.title} (seed record ${scenario.record})`,
    `window ${run.capacity} tokens, pruning pass at ${Math.round(run.trigger * 100)}% occupancy; ${run.lastTurn} ${unit}s`,
    '',
  ];
  const byTurn = new Map<number, TimelineEntry[]>();
  for (const entry of run.entries) {
    const at = byTurn.get(entry.turn);
    if (at === undefined) byTurn.set(entry.turn, [entry]);
    else at.push(entry);
  }
  const occupancy = new Map<number, number>();
  for (const sample of run.occupancy) occupancy.set(sample.turn, sample.used);
  const pct = (turn: number): string => `${((100 * (occupancy.get(turn) ?? 0)) / run.capacity).toFixed(1)}%`.padStart(6);
  const last = run.crash?.turn ?? run.lastTurn;
  let quietFrom: number | undefined;
  const flushQuiet = (to: number): void => {
    if (quietFrom === undefined) return;
    const span = quietFrom === to ? `${unit} ${quietFrom}` : `${unit}s ${quietFrom}–${to}`;
    out.push(`${span.padEnd(16)} ${pct(to)}  routine work, nothing pruned`);
    quietFrom = undefined;
  };
  for (let turn = 1; turn <= last; turn += 1) {
    const entries = byTurn.get(turn);
    if (entries === undefined) {
      quietFrom ??= turn;
      continue;
    }
    flushQuiet(turn - 1);
    fold(entries).forEach((line, i) => out.push(`${(i === 0 ? `${unit} ${turn}` : '').padEnd(16)} ${i === 0 ? pct(turn) : '      '}  ${line}`));
  }
  flushQuiet(last);
  out.push('', `expectation (${run.expectationsOf}): ${run.met ? 'MET' : 'NOT MET'}`);
  for (const check of run.checks) out.push(`  ${check.met ? '✓' : '✗'} ${check.because}`);
  for (const probe of run.unexpected) out.push(`  ✗ unexpected ${probe.failure} at ${unit} ${probe.turn}: ${probe.detail}`);
  // Scenario files are the user's: what they say reaches a terminal escaped.
  return out.map((line) => terminalText(line));
}

/** Folds a turn's entries: evictions and tombstones into one line, runs of more than three rejections or re-scorings into one. */
function fold(entries: readonly TimelineEntry[]): string[] {
  const lines: string[] = [];
  let run: TimelineEntry[] = [];
  const flush = (): void => {
    const first = run[0];
    if (first !== undefined && run.length > 3 && first.kind === 'reject') {
      const ids = run.map((e) => /^prune (\S+)/.exec(e.text)?.[1] ?? '?');
      lines.push(`· reject      ${run.length} directives refused (${listIds(ids)}): ${first.text.replace(/^prune \S+ /, '')}`);
    } else if (first !== undefined && run.length > 3) {
      const ids = run.map((e) => /changed (\S+)'s/.exec(e.text)?.[1] ?? '?');
      lines.push(`· rescore     ${first.text.replace(/ changed .*/, '')} changed the retention scores of ${run.length} sources (${listIds(ids)})`);
    } else {
      for (const e of run) lines.push(`· ${e.kind.padEnd(11)} ${e.text}`);
    }
    run = [];
  };
  for (const entry of entries) {
    if (entry.kind === 'evict' || entry.kind === 'silent-evict' || entry.kind === 'tombstone') continue;
    if (entry.kind === 'reject' || entry.kind === 'rescore') {
      if (run.length > 0 && run[0]?.kind !== entry.kind) flush();
      run.push(entry);
      continue;
    }
    flush();
    lines.push(`${MARK[entry.kind] ?? '·'} ${entry.kind.padEnd(11)} ${entry.text}`);
  }
  flush();
  const evicts = entries.filter((e) => e.kind === 'evict' || e.kind === 'silent-evict');
  const tombstones = entries.filter((e) => e.kind === 'tombstone').length;
  if (evicts.length > 0) {
    const silent = evicts.filter((e) => e.kind === 'silent-evict').length;
    const ids = evicts.map((e) => e.text.split(' ')[0] ?? '?');
    const tokens = evicts.reduce((sum, e) => sum + Number(/\((\d+) tok\)/.exec(e.text)?.[1] ?? 0), 0);
    const modes = [...new Set(evicts.filter((e) => e.kind === 'evict').map((e) => e.text.split(' ').pop()))].join('/');
    const how = silent > 0 ? `${silent} silently (no eviction reported)` : `as ${modes}`;
    lines.push(`· evict       ${evicts.length} span${evicts.length === 1 ? '' : 's'} (${tokens} tok) ${how}: ${listIds(ids)}; ${tombstones === 0 ? 'NO tombstone written' : `${tombstones} external tombstone${tombstones === 1 ? '' : 's'} written`}`);
  }
  return lines;
}

function listIds(ids: readonly string[]): string {
  return ids.length <= 4 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} … ${ids[ids.length - 1]}`;
}
