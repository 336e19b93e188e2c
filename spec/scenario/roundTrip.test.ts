import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import { listScenarios, loadScenario, parseScenario, serializeScenario } from '../../src/scenario/loadScenario.ts';
import { FAILURE_KINDS, SCENARIO_FORMAT, type Expectation, type ModelSpec, type Scenario, type TimelineEvent, type WindowSpec } from '../../src/scenario/Scenario.ts';

const text = fc.string({ minLength: 1, maxLength: 12 });
const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const positive = fc.integer({ min: 1, max: 100_000 });

const step = fc.record({ kind: fc.nat(10), dt: fc.nat(3), str: text, n: fc.nat(50), rel: fraction, flag: fc.boolean(), optional: fc.boolean(), pick: fc.nat() });

/** Builds a valid timeline from raw choices: ids unique, references only to earlier spans, turns non-decreasing. */
type Step = { kind: number; dt: number; str: string; n: number; rel: number; flag: boolean; optional: boolean; pick: number };

function timeline(steps: readonly Step[]): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  const created: string[] = [];
  const observed: string[] = [];
  const needs: string[] = [];
  let turn = 1;
  steps.forEach((s, i) => {
    turn += s.dt;
    const pickOf = (ids: readonly string[]): string | undefined => ids[s.pick % Math.max(1, ids.length)];
    switch (s.kind) {
      case 0: {
        const ids = Array.from({ length: (s.n % 4) + 1 }, (_, k) => `t${turn + k}`);
        if (ids.some((id) => created.includes(id))) return;
        created.push(...ids);
        events.push({ kind: 'filler', turn, to: turn + ids.length - 1, tokens: s.n + 1, relevance: [s.rel / 2, s.rel], persist: s.flag });
        return;
      }
      case 1: {
        const id = `o${i}`;
        created.push(id);
        observed.push(id);
        const event = { kind: 'observe' as const, turn, id, rawKind: 'error' as const, content: `${s.str} id-${i}`, tokens: s.n + 1, relevance: s.rel, persist: s.flag };
        events.push(s.optional ? { ...event, gist: s.str } : event);
        return;
      }
      case 2:
        events.push(s.optional ? { kind: 'call', turn, signature: s.str, requestId: `r${i}`, retryAfter: s.n } : { kind: 'call', turn, signature: s.str, requestId: `r${i}` });
        return;
      case 3:
        events.push({ kind: 'retry', turn, signature: s.str, requestId: `r${i}` });
        return;
      case 4: {
        const source = pickOf(created);
        if (source === undefined) return;
        events.push({ kind: 'summarize', turn, id: `s${i}`, sources: [source], tokens: s.n + 1, prune: s.flag });
        created.push(`s${i}`);
        return;
      }
      case 5: {
        const id = pickOf(created);
        if (id !== undefined) events.push(s.optional ? { kind: 'prune', turn, id, acceptLossy: s.flag } : { kind: 'prune', turn, id });
        return;
      }
      case 6: {
        const id = pickOf(created);
        events.push(s.optional && id !== undefined ? { kind: 'rotate', turn, ids: [id] } : { kind: 'rotate', turn });
        return;
      }
      case 7:
        events.push({ kind: 'reframe', turn, frame: s.str });
        return;
      case 8: {
        const id = pickOf(observed);
        if (id === undefined) return;
        const event = { kind: 'need' as const, turn, id, pattern: 'id-\\d+', failure: s.flag ? ('never-existed' as const) : ('hallucinated-constraint' as const) };
        events.push(s.optional ? { ...event, candidates: [s.str] } : event);
        needs.push(id);
        return;
      }
      case 9:
        events.push({ kind: 'assert', turn, claim: s.str });
        return;
      default: {
        const need = pickOf(needs);
        if (need !== undefined) events.push({ kind: 'fix', turn, need, signature: `fix ${s.str} {value}` });
      }
    }
  });
  return events.length > 0 ? events : [{ kind: 'rotate', turn: 1 }];
}

const windowSpec = fc.record({ capacity: positive, trigger: fc.double({ min: 0.01, max: 1, noNaN: true }), f: fc.double({ min: 0, max: 0.99, noNaN: true }), store: fc.option(fc.boolean(), { nil: undefined }) }).map(({ capacity, trigger, f, store }): WindowSpec => {
  const spec = { capacity, trigger, target: trigger * f };
  return store === undefined ? spec : { ...spec, storeDistinguishesAbsent: store };
});

const model = fc.record({ compact: fc.boolean(), n: positive, rel: fraction, keep: fc.nat(20), jitter: fraction, both: fc.boolean() }).map(({ compact, n, rel, keep, jitter, both }): ModelSpec => {
  const base = { pass: compact ? ('compact' as const) : ('summarize-span' as const), summaryTokens: n, summaryRelevance: rel * 3, keepRecent: keep, jitter };
  const withPass = compact ? { ...base, compactThreshold: rel } : { ...base, spanTurns: (n % 12) + 1 };
  return both ? { ...withPass, spanTurns: 3, compactThreshold: 0.5 } : withPass;
});

const expectation = fc.record({ failure: fc.constantFrom(...FAILURE_KINDS), turn: positive, prevented: fc.boolean(), mechanism: fc.option(fc.constantFrom(...INVARIANT_IDS), { nil: undefined }) }).map(({ failure, turn, prevented, mechanism }): Expectation => {
  if (!prevented) return { failure, turn, outcome: 'occurs' };
  return mechanism === undefined ? { failure, turn, outcome: 'prevented' } : { failure, turn, outcome: 'prevented', mechanism };
});

const scenario = fc
  .record({
    name: fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,2}$/),
    title: text,
    record: fc.stringMatching(/^\d{3}_[0-9a-f]{16}\.txt$/),
    reproduces: fc.array(text, { minLength: 1, maxLength: 3 }),
    unit: fc.constantFrom('turn' as const, 'step' as const),
    seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    window: windowSpec,
    model,
    steps: fc.array(step, { maxLength: 25 }),
    reference: fc.array(expectation, { minLength: 1, maxLength: 3 }),
    others: fc.dictionary(fc.constantFrom('naive', 'conservative', 'my-runtime'), fc.array(expectation, { minLength: 1, maxLength: 2 })),
  })
  .map(({ steps, reference, others, ...rest }): Scenario => ({ format: SCENARIO_FORMAT, ...rest, timeline: timeline(steps), expect: { reference, ...others } }));

describe('scenario files round-trip', () => {
  it('a generated valid scenario serializes and loads back equal', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(parseScenario(serializeScenario(s), `scenarios/${s.name}.json`)).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });

  it('the shipped scenarios load, serialize and load back equal', () => {
    for (const name of listScenarios()) {
      const s = loadScenario(name);
      expect(parseScenario(serializeScenario(s), `${name}.json`)).toEqual(s);
    }
  });
});
