import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonWithLines } from '../../src/scenario/parseJsonWithLines.ts';
import type { ModelSpec } from '../../src/scenario/Scenario.ts';
import { SimulatedModel, stripIdentifiers } from '../../src/scenario/SimulatedModel.ts';

const spec: ModelSpec = { pass: 'summarize-span', spanTurns: 2, summaryTokens: 20, summaryRelevance: 0.95, keepRecent: 1, jitter: 0.05, fabricate: [{ about: 'err-90', claim: 'handled rate limiting by backing off' }] };

describe('the simulated model', () => {
  it('is deterministic from its seed, and different seeds score differently', () => {
    const scores = (seed: number) => {
      const model = new SimulatedModel(seed, spec);
      return Array.from({ length: 20 }, () => model.score([0.3, 0.9]));
    };
    expect(scores(36)).toEqual(scores(36));
    expect(scores(36)).not.toEqual(scores(37));
    for (const s of scores(36)) expect(s).toBeGreaterThanOrEqual(0.25), expect(s).toBeLessThanOrEqual(0.95);
  });

  it('the gist summarizer keeps what happened and drops request ids, numbers, quoted and dotted names', () => {
    expect(stripIdentifiers('429 Too Many Requests request_id=req-7f3a9c retry_after=30 on "payouts" api.v1.post')).toBe('Too Many Requests on');
    const model = new SimulatedModel(1, spec);
    const summary = model.summarize([{ id: 'a', content: 'ERROR: violates check constraint "orders_total_cents_nonneg" on orders.total_cents', gist: undefined }], 'step 3');
    expect(summary).toBe('Summary of step 3: violates check constraint on.');
    expect(summary).not.toMatch(/orders/);
  });

  it('the fabricating summarizer adds its causal claim only to summaries of the span it is about', () => {
    const model = new SimulatedModel(1, spec);
    expect(model.summarize([{ id: 'err-90', content: 'x', gist: 'the upstream returned rate-limit errors' }], 'turns 90–101')).toBe('Summary of turns 90–101: the upstream returned rate-limit errors. The agent handled rate limiting by backing off.');
    expect(model.summarize([{ id: 'err-40', content: 'x', gist: 'an error' }], 'turn 40')).toBe('Summary of turn 40: an error.');
    expect(model.summaryScore()).toBe(0.95);
  });

  it('reconstructs one of the plausible candidates, deterministically', () => {
    const a = new SimulatedModel(5, spec).reconstruct(['x', 'y', 'z']);
    expect(['x', 'y', 'z']).toContain(a);
    expect(new SimulatedModel(5, spec).reconstruct(['x', 'y', 'z'])).toBe(a);
  });
});

describe('parseJsonWithLines', () => {
  it('parses exactly what JSON.parse parses (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseJsonWithLines(text).value).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a "__proto__" key as an own field, as JSON.parse does', () => {
    const { value } = parseJsonWithLines('{"__proto__": {"x": 1}}');
    expect(Object.keys(value as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('remembers the line of every member and element', () => {
    const { lines } = parseJsonWithLines('{\n  "a": [\n    1,\n    {"b": 2}\n  ],\n  "c": "\\u00e9"\n}');
    expect(Object.fromEntries(lines)).toEqual({ $: 1, '$.a': 2, '$.a[0]': 3, '$.a[1]': 4, '$.a[1].b': 4, '$.c': 6 });
  });
});
