import { INVARIANT_IDS, type InvariantId } from '../model/invariants.ts';
import { FieldReader } from './FieldReader.ts';
import { FAILURE_KINDS, SCENARIO_FORMAT, type Expectation, type ModelSpec, type Scenario, type TimelineEvent, type WindowSpec } from './Scenario.ts';
import { readEvent } from './readEvent.ts';
import { safeExec } from './safeRegex.ts';

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RECORD = /^\d{3}_[0-9a-f]{16}\.txt$/;

/** Checks parsed JSON against the scenario format and answers a typed `Scenario`; throws `ScenarioError`. */
export function validateScenario(value: unknown, r: FieldReader, runtimes?: readonly string[]): Scenario {
  const top = r.object('$', value, ['format', 'name', 'title', 'record', 'reproduces', 'unit', 'seed', 'window', 'model', 'timeline', 'expect'], ['secondsPerTurn']);
  if (top['format'] !== SCENARIO_FORMAT) r.fail('BAD_VALUE', '$.format', `expected "${SCENARIO_FORMAT}", got ${JSON.stringify(top['format'])}`);
  const timeline = readTimeline(top, r);
  return {
    format: SCENARIO_FORMAT,
    name: r.string(top, '$', 'name', NAME, 'a lowercase name of letters, digits and dashes (the file stem)'),
    title: r.string(top, '$', 'title'),
    record: r.string(top, '$', 'record', RECORD, 'a seed record file name like "000_36edec7d51f0595b.txt"'),
    reproduces: r.strings(top, '$', 'reproduces', 1),
    unit: r.oneOf(top, '$', 'unit', ['turn', 'step'] as const),
    seed: r.number(top, '$', 'seed', 0, 2 ** 32 - 1, true),
    ...(top['secondsPerTurn'] === undefined ? {} : { secondsPerTurn: r.number(top, '$', 'secondsPerTurn', 1, 86_400, true) }),
    window: readWindow(top['window'], r),
    model: readModel(top['model'], r, timeline),
    timeline,
    expect: readExpect(top['expect'], r, runtimes),
  };
}

function readWindow(value: unknown, r: FieldReader): WindowSpec {
  const o = r.object('$.window', value, ['capacity', 'trigger', 'target'], ['storeDistinguishesAbsent']);
  const trigger = r.number(o, '$.window', 'trigger', 0.01, 1);
  const target = r.number(o, '$.window', 'target', 0, 1);
  if (target >= trigger) r.fail('BAD_VALUE', '$.window.target', `expected a fraction below the trigger (${trigger}), got ${target}`);
  const window: WindowSpec = { capacity: r.number(o, '$.window', 'capacity', 1, Number.MAX_SAFE_INTEGER, true), trigger, target };
  return o['storeDistinguishesAbsent'] === undefined ? window : { ...window, storeDistinguishesAbsent: r.boolean(o, '$.window', 'storeDistinguishesAbsent') };
}

function readModel(value: unknown, r: FieldReader, timeline: readonly TimelineEvent[]): ModelSpec {
  const p = '$.model';
  const o = r.object(p, value, ['pass', 'summaryTokens', 'summaryRelevance', 'keepRecent', 'jitter'], ['spanTurns', 'compactThreshold', 'fabricate']);
  const pass = r.oneOf(o, p, 'pass', ['summarize-span', 'compact'] as const);
  let model: ModelSpec = {
    pass,
    summaryTokens: r.number(o, p, 'summaryTokens', 1, Number.MAX_SAFE_INTEGER, true),
    summaryRelevance: r.number(o, p, 'summaryRelevance', 0),
    keepRecent: r.number(o, p, 'keepRecent', 0, 10_000, true),
    jitter: r.number(o, p, 'jitter', 0, 1),
  };
  if (pass === 'summarize-span' && o['spanTurns'] === undefined) r.fail('MISSING_FIELD', `${p}.spanTurns`, 'missing "spanTurns": pass "summarize-span" needs the length of the summarized run');
  if (pass === 'compact' && o['compactThreshold'] === undefined) r.fail('MISSING_FIELD', `${p}.compactThreshold`, 'missing "compactThreshold": pass "compact" needs the retention threshold');
  if (o['spanTurns'] !== undefined) model = { ...model, spanTurns: r.number(o, p, 'spanTurns', 1, 10_000, true) };
  if (o['compactThreshold'] !== undefined) model = { ...model, compactThreshold: r.number(o, p, 'compactThreshold', 0) };
  if (o['fabricate'] !== undefined) {
    const ids = spanIds(timeline);
    const fabricate = r.array(o, p, 'fabricate').map((item, i) => {
      const path = `${p}.fabricate[${i}]`;
      const f = r.object(path, item, ['about', 'claim']);
      const about = r.string(f, path, 'about');
      if (!ids.has(about)) r.fail('UNKNOWN_REF', `${path}.about`, `names span "${about}", which no timeline event creates`);
      return { about, claim: r.string(f, path, 'claim') };
    });
    model = { ...model, fabricate };
  }
  return model;
}

/** Most events a timeline may hold (the recorded incidents have a dozen). */
export const MAX_EVENTS = 10_000;

function readTimeline(top: Readonly<Record<string, unknown>>, r: FieldReader): TimelineEvent[] {
  const items = r.array(top, '$', 'timeline', 1);
  if (items.length > MAX_EVENTS) r.fail('BAD_VALUE', '$.timeline', `expected at most ${MAX_EVENTS} events, got ${items.length}`);
  const defined = new Set<string>();
  const events: TimelineEvent[] = [];
  let lastTurn = 1;
  items.forEach((item, i) => {
    const path = `$.timeline[${i}]`;
    const event = readEvent(item, path, r, defined);
    if (event.turn < lastTurn) r.fail('BAD_ORDER', `${path}.turn`, `events must be in non-decreasing turn order; turn ${event.turn} comes after turn ${lastTurn}`);
    lastTurn = event.turn;
    if (event.kind === 'need') {
      const source = events.find((e) => (e.kind === 'observe' || e.kind === 'derive') && e.id === event.id);
      if (source?.kind !== 'observe' && source?.kind !== 'derive') r.fail('UNKNOWN_REF', `${path}.id`, `a need must name an "observe" or "derive" span, whose content holds the identifier; "${event.id}" is not one`);
      let found;
      try {
        found = safeExec(event.pattern, source.content);
      } catch (error: unknown) {
        return r.fail('BAD_VALUE', `${path}.pattern`, error instanceof Error ? error.message : String(error));
      }
      if (found === null) r.fail('BAD_VALUE', `${path}.pattern`, `the pattern does not match the content of "${event.id}"; it must find the identifier the agent needs`);
    }
    if (event.kind === 'fix' && !events.some((e) => e.kind === 'need' && e.id === event.need)) {
      r.fail('UNKNOWN_REF', `${path}.need`, `expected the id of an earlier "need" event, got "${event.need}"`);
    }
    events.push(event);
  });
  return events;
}

function spanIds(timeline: readonly TimelineEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const e of timeline) {
    if (e.kind === 'observe' || e.kind === 'derive' || e.kind === 'summarize') ids.add(e.id);
    if (e.kind === 'filler') for (let t = e.turn; t <= e.to; t += 1) ids.add(`t${t}`);
  }
  return ids;
}

function readExpect(value: unknown, r: FieldReader, runtimes: readonly string[] | undefined): Record<string, readonly Expectation[]> {
  const o = r.object('$.expect', value, ['reference'], Object.keys(value !== null && typeof value === 'object' ? value : {}));
  const out: Record<string, readonly Expectation[]> = {};
  for (const runtime of Object.keys(o)) {
    const path = `$.expect.${runtime}`;
    if (!/^[a-z][a-z0-9-]*$/.test(runtime)) r.fail('BAD_VALUE', path, 'runtime names are lowercase letters, digits and dashes');
    if (runtimes !== undefined && !runtimes.includes(runtime)) {
      r.fail('UNKNOWN_RUNTIME', path, `no runtime named "${runtime}"; available: ${runtimes.join(', ')} (run another runtime with --runtime <path>)`);
    }
    out[runtime] = r.array(o, '$.expect', runtime, 1).map((item, i) => readExpectation(item, `${path}[${i}]`, r));
  }
  return out;
}

function readExpectation(value: unknown, path: string, r: FieldReader): Expectation {
  const o = r.object(path, value, ['failure', 'turn', 'outcome'], ['mechanism']);
  const expectation: Expectation = {
    failure: r.oneOf(o, path, 'failure', FAILURE_KINDS),
    turn: r.number(o, path, 'turn', 1, Number.MAX_SAFE_INTEGER, true),
    outcome: r.oneOf(o, path, 'outcome', ['occurs', 'prevented'] as const),
  };
  if (o['mechanism'] === undefined) return expectation;
  if (expectation.outcome !== 'prevented') r.fail('BAD_VALUE', `${path}.mechanism`, 'a mechanism is named only for an outcome "prevented"');
  return { ...expectation, mechanism: r.oneOf(o, path, 'mechanism', INVARIANT_IDS) as InvariantId };
}
