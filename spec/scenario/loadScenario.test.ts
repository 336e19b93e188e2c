import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario, parseScenario } from '../../src/scenario/loadScenario.ts';
import { ScenarioError } from '../../src/scenario/ScenarioError.ts';
import { tinyScenario } from '../helpers/faults.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-scenario-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small valid scenario, as plain JSON data to break in one place at a time (shared with the fault tests). */
const valid = tinyScenario;

/** The 1-based line of the first line containing `needle` in `text`. */
function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((line) => line.includes(needle)) + 1;
}

function failure(text: string, file = 'scenarios/tiny.json'): ScenarioError {
  try {
    parseScenario(text, file);
  } catch (error: unknown) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

describe('loadScenario: valid input', () => {
  it('parses the tiny scenario and keeps absent optional fields absent', () => {
    const scenario = parseScenario(JSON.stringify(valid(), null, 2), 'scenarios/tiny.json');
    expect(scenario.window).toEqual({ capacity: 1000, trigger: 0.85, target: 0.6 });
    expect(scenario.timeline[2]).toEqual({ turn: 3, kind: 'need', id: 'block_7', pattern: 'req-\\d+', failure: 'never-existed' });
  });
});

describe('loadScenario: malformed files name the file, the field, its line and what is expected', () => {
  const cases: [string, (s: Record<string, any>) => void, string, string, string, RegExp][] = [
    // [case, mutation, code, JSON path, needle on the offending line, message]
    ['a missing required field', (s) => delete s['seed'], 'MISSING_FIELD', '$.seed', '{', /missing required field "seed"/],
    ['an unknown field (a typo)', (s) => (s['window']['trigger_at'] = 0.85), 'UNKNOWN_FIELD', '$.window.trigger_at', '"trigger_at"', /unknown field "trigger_at"; expected only "capacity", "trigger", "target", "storeDistinguishesAbsent"/],
    ['a wrong type', (s) => (s['timeline'][1]['tokens'] = 'fifty'), 'BAD_TYPE', '$.timeline[1].tokens', '"fifty"', /expected an integer ≥ 1, got "fifty"/],
    ['a fraction out of range', (s) => (s['window']['trigger'] = 85), 'BAD_TYPE', '$.window.trigger', '"trigger": 85', /expected a number in \[0\.01, 1\], got 85/],
    ['a target above the trigger', (s) => (s['window']['target'] = 0.9), 'BAD_VALUE', '$.window.target', '"target": 0.9', /expected a fraction below the trigger \(0\.85\), got 0\.9/],
    ['an unknown event kind', (s) => (s['timeline'][1]['kind'] = 'observation'), 'UNKNOWN_EVENT', '$.timeline[1].kind', '"observation"', /unknown event kind "observation"; expected one of filler, observe, derive, call, retry/],
    ['a reused span id', (s) => (s['timeline'][1]['id'] = 't2'), 'DUPLICATE_ID', '$.timeline[1].id', '"id": "t2"', /span id "t2" is already created by an earlier event/],
    ['a reference to a span no earlier event creates', (s) => (s['timeline'][2]['id'] = 'block_8'), 'UNKNOWN_REF', '$.timeline[2].id', '"block_8"', /names span "block_8", which no earlier event creates/],
    ['events out of turn order', (s) => (s['timeline'][1]['turn'] = 5), 'BAD_ORDER', '$.timeline[2].turn', '"turn": 3,', /non-decreasing turn order; turn 3 comes after turn 5/],
    ['a pattern that does not compile', (s) => (s['timeline'][2]['pattern'] = 'req-(\\d+'), 'BAD_VALUE', '$.timeline[2].pattern', '"pattern"', /expected a JavaScript regular expression/],
    ['a pattern that misses the identifier', (s) => (s['timeline'][2]['pattern'] = 'job-\\d+'), 'BAD_VALUE', '$.timeline[2].pattern', '"pattern"', /does not match the content of "block_7"/],
    ['an unknown failure kind', (s) => (s['expect']['reference'][0]['failure'] = 'confabulation'), 'BAD_VALUE', '$.expect.reference[0].failure', '"confabulation"', /expected one of "duplicate-side-effect", "never-existed"/],
    ['an unknown invariant', (s) => (s['expect']['reference'][0]['mechanism'] = 'INV-99'), 'BAD_VALUE', '$.expect.reference[0].mechanism', '"INV-99"', /expected one of "INV-01", "INV-02"/],
    ['a mechanism on a failure that occurs', (s) => (s['expect']['reference'][0]['outcome'] = 'occurs'), 'BAD_VALUE', '$.expect.reference[0].mechanism', '"mechanism"', /a mechanism is named only for an outcome "prevented"/],
    ['no reference expectation', (s) => (s['expect'] = { naive: s['expect']['reference'] }), 'MISSING_FIELD', '$.expect.reference', '"expect"', /missing required field "reference"/],
    ['a pass without its parameter', (s) => delete s['model']['spanTurns'], 'MISSING_FIELD', '$.model.spanTurns', '"model"', /pass "summarize-span" needs the length of the summarized run/],
    ['a seed record that is not a record file', (s) => (s['record'] = 'seed-000'), 'BAD_TYPE', '$.record', '"seed-000"', /a seed record file name like "000_36edec7d51f0595b\.txt"/],
    ['a wrong format tag', (s) => (s['format'] = 'prunecheck-scenario/2'), 'BAD_VALUE', '$.format', '"format"', /expected "prunecheck-scenario\/1"/],
    ['a filler relevance that is not a pair', (s) => (s['timeline'][0]['relevance'] = [0.6, 0.4]), 'BAD_TYPE', '$.timeline[0].relevance', '"relevance": [', /a pair \[lo, hi\] of numbers with 0 ≤ lo ≤ hi/],
    ['a call status the world never answers', (s) => s['timeline'].push({ turn: 3, kind: 'call', signature: 'POST /x', requestId: 'r1', status: 'maybe' }), 'BAD_VALUE', '$.timeline[3].status', '"maybe"', /expected one of "accepted", "failed", "unknown"/],
    ['a retry probe watching for an unknown failure', (s) => s['timeline'].push({ turn: 3, kind: 'retry', signature: 'POST /x', requestId: 'r1', failure: 'too-late' }), 'BAD_VALUE', '$.timeline[3].failure', '"too-late"', /expected one of "duplicate-side-effect", "ignored-retry-after", "retry-refused"/],
    ['a rank probe naming evidence no event creates', (s) => s['timeline'].push({ turn: 3, kind: 'rank', claim: 'backed off', evidence: 'err-9' }), 'UNKNOWN_REF', '$.timeline[3].evidence', '"err-9"', /names span "err-9", which no earlier event creates/],
    ['a clock that does not advance', (s) => (s['secondsPerTurn'] = 0), 'BAD_TYPE', '$.secondsPerTurn', '"secondsPerTurn": 0', /expected an integer in \[1, 86400\], got 0/],
    ['rawKinds on a claim that is not negative', (s) => s['timeline'].push({ turn: 3, kind: 'assert', claim: 'nothing failed', rawKinds: ['error'] }), 'BAD_VALUE', '$.timeline[3].rawKinds', '"rawKinds"', /rawKinds scopes a negative claim/],
    ['a derived span naming a source no earlier event creates', (s) => s['timeline'].push({ turn: 3, kind: 'derive', id: 'd-3', sources: ['block_7', 'ghost'], content: 'a count', tokens: 10, relevance: 0.4 }), 'UNKNOWN_REF', '$.timeline[3].sources[1]', '"ghost"', /names span "ghost", which no earlier event creates/],
    ['a fix signature without its placeholder', (s) => s['timeline'].push({ turn: 3, kind: 'fix', need: 'block_7', signature: 'fix it' }), 'BAD_VALUE', '$.timeline[3].signature', '"fix it"', /containing "\{value\}"/],
  ];

  it.each(cases)('%s', (_case, mutate, code, path, needle, message) => {
    const scenario = valid();
    mutate(scenario);
    const text = JSON.stringify(scenario, null, 2);
    const error = failure(text);
    expect(error.code).toBe(code);
    expect(error.path).toBe(path);
    expect(error.line).toBe(lineOf(text, needle));
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`scenarios/tiny.json:${error.line}: ${path}: `)).toBe(true);
  });

  it('invalid JSON: names the line and column of the syntax error', () => {
    const text = JSON.stringify(valid(), null, 2).replace('"seed": 7,', '"seed": 7,,');
    const error = failure(text);
    expect(error).toMatchObject({ code: 'SYNTAX', line: lineOf(text, '"seed": 7,,'), path: undefined });
    expect(error.message).toBe(`scenarios/tiny.json:${error.line}: invalid JSON at column 13: unexpected ","; expected a "key"`);
  });

  it.each([
    ['{\n  "a": [1, 2\n}', 3, /column 1: unexpected "}"; expected ',' or ']'/],
    ['{"a": "x\ny"}', 1, /invalid string \(unterminated, a raw control character or a bad escape\)/],
    ['', 1, /unexpected end of input; expected a JSON value/],
    ['{"a": tru}', 1, /column 7: unexpected "t"; expected a JSON value/],
  ])('invalid JSON %j is reported at line %i', (text, line, message) => {
    expect(failure(text)).toMatchObject({ code: 'SYNTAX', line });
    expect(failure(text).message).toMatch(message);
  });

  it('a duplicate key is a syntax error, not a silent override', () => {
    const text = JSON.stringify(valid(), null, 2).replace('"seed": 7,', '"seed": 7,\n  "seed": 8,');
    expect(failure(text)).toMatchObject({ code: 'SYNTAX', line: lineOf(text, '"seed": 8') });
    expect(failure(text).message).toMatch(/duplicate key "seed"/);
  });

  it('a file whose name differs from its stem', () => {
    const text = JSON.stringify(valid(), null, 2);
    expect(failure(text, 'scenarios/other.json')).toMatchObject({ code: 'BAD_VALUE', path: '$.name', line: lineOf(text, '"name"') });
  });

  it('an unknown scenario name lists the available ones; a missing path says so', () => {
    expect(() => loadScenario('turn-91')).toThrow(/no scenario named "turn-91"; available: overflow-inverse, reframe-derived-flip, reframe-hallucinated-constraint, rotated-log-identifier-loss, turn-90-duplicate-side-effect/);
    expect(() => loadScenario(join(dir, 'nope.json'))).toThrow(/nope\.json: no such file/);
  });

  it('an expectation for a runtime that is not available lists the available ones, when the caller names them', () => {
    const scenario = valid();
    scenario['expect']['naiv'] = scenario['expect']['reference'];
    const text = JSON.stringify(scenario, null, 2);
    expect(parseScenario(text, 'scenarios/tiny.json').expect['naiv']).toHaveLength(1);
    let error: unknown;
    try {
      parseScenario(text, 'scenarios/tiny.json', ['reference', 'naive', 'conservative']);
    } catch (caught: unknown) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'UNKNOWN_RUNTIME', path: '$.expect.naiv', line: lineOf(text, '"naiv"') });
    expect((error as Error).message).toMatch(/no runtime named "naiv"; available: reference, naive, conservative/);
  });

  it('loads a scenario from a path', () => {
    const path = join(dir, 'tiny.json');
    writeFileSync(path, JSON.stringify(valid(), null, 2));
    expect(loadScenario(path).name).toBe('tiny');
  });
});
