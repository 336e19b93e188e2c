import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CHOOSER, type Chooser, type GateOption } from '../../src/model/Chooser.ts';
import { gateOptions } from '../../src/model/gateOptions.ts';
import type { Span } from '../../src/model/Span.ts';
import { applyAll, applyExpect, assertProperty, derived, episode, raw, SMALL_MARKERS } from '../helpers/model.ts';
import { Driver, opTemplates } from '../helpers/modelOps.ts';

/** A chooser that makes the other allowed choice wherever the spec leaves one, and records what it was offered. */
function contrary(): Chooser & { offered: GateOption[][] } {
  const offered: GateOption[][] = [];
  return {
    offered,
    gate: (_span, options) => {
      offered.push([...options]);
      const allowed = options.filter((o) => o.allowed);
      return (allowed.at(-1) ?? options[0])?.decision as GateOption['decision'];
    },
    compactionOrder: (candidates) => [...REFERENCE_CHOOSER.compactionOrder(candidates)].reverse(),
    refusal: (options) => options.at(-1) ?? (options[0] as never),
  };
}

const allowedOf = (options: readonly GateOption[]): string[] =>
  options.filter((o) => o.allowed).map((o) => (o.decision.kind === 'evict' ? `evict:${o.decision.mode}` : `reject:${o.decision.reason}`));
const ruleOf = (options: readonly GateOption[], decision: string): string | undefined => {
  const found = options.find((o) => (o.decision.kind === 'evict' ? `evict:${o.decision.mode}` : `reject:${o.decision.reason}`) === decision);
  return found === undefined || found.allowed ? undefined : (found.rule ?? 'none');
};

describe('choice points (SPEC.md §7)', () => {
  it('C-1: a persisted derived span may leave as derivable (the reference) or reversibly; lookups follow the choice', () => {
    const ops = [raw('src', 'the list', { persist: true }), derived('count', '3 items', ['src'], { persist: true })] as const;
    const reference = episode();
    applyAll(reference, ...ops);
    const span = reference.span('count') as Span;
    expect(allowedOf(gateOptions(reference, span, false, 'prune'))).toEqual(['evict:derivable', 'evict:reversible']);
    expect(applyExpect(reference, { kind: 'prune', spanId: 'count' }, 'evicted').mode).toBe('derivable');
    expect(reference.lookup('count').kind).toBe('derivable');

    const variant = episode();
    applyAll(variant, ...ops);
    expect(variant.apply({ kind: 'prune', spanId: 'count' }, contrary())).toMatchObject({ kind: 'evicted', mode: 'reversible' });
    expect(variant.lookup('count')).toMatchObject({ kind: 'recoverable', content: '3 items' });
    expect(variant.observe('count').index?.kind).toBe('handle');
  });

  it('C-2: which equal-score candidates a compaction evicts depends on its order, and both results are allowed', () => {
    // `sum` is derived from `src`; both score 0.1 and both have a copy. Oldest first evicts `src` first, after
    // which `sum` is no longer derivable but still leaves reversibly; newest first evicts `sum` as derivable.
    const ops = [raw('src', 'the list', { persist: true, score: 0.1 }), derived('sum', '3 items', ['src'], { score: 0.1 }), raw('keep', 'user: hi', { score: 0.1 })] as const;
    const reference = episode();
    applyAll(reference, ...ops);
    expect(applyExpect(reference, { kind: 'compact', threshold: 0.5 }, 'compacted')).toEqual({ kind: 'compacted', evicted: [{ spanId: 'src', mode: 'reversible' }], refused: ['sum', 'keep'] });

    const variant = episode();
    applyAll(variant, ...ops);
    expect(variant.apply({ kind: 'compact', threshold: 0.5 }, contrary())).toEqual({
      kind: 'compacted',
      evicted: [
        { spanId: 'sum', mode: 'derivable' },
        { spanId: 'src', mode: 'reversible' },
      ],
      refused: ['keep'],
    });
  });

  it('C-3: a summary with several refusals may answer any of them; the notice follows the one answered', () => {
    const ops = [raw('a', 'alpha'), raw('b', 'beta', { persist: true }), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'gist' }, { kind: 'prune', spanId: 'b' }] as const;
    const summarize = { kind: 'summarize', summaryId: 's2', sourceIds: ['b', 's'], content: 'gist of gist', tokens: 20_000 } as const;
    const reference = episode();
    applyAll(reference, ...ops);
    expect(reference.apply(summarize)).toEqual({ kind: 'rejected', spanId: 'b', reason: 'not-resident' });
    expect(reference.observe('s').index).toBeUndefined();

    const variant = episode();
    applyAll(variant, ...ops);
    expect(variant.apply(summarize, contrary())).toMatchObject({ kind: 'window-full', spanId: 's2' });
    const third = episode();
    applyAll(third, ...ops);
    const secondLast: Chooser = { ...REFERENCE_CHOOSER, refusal: (options) => options.at(-2) ?? (options[0] as never) };
    expect(third.apply(summarize, secondLast)).toEqual({ kind: 'rejected', spanId: 's', reason: 'already-derived' });
    expect(third.observe('s').index).toMatchObject({ kind: 'rejected', reason: 'already-derived' });
  });

  it('names the rule that forbids each answer the gate may not give', () => {
    const rt = episode();
    applyAll(rt, raw('r', 'raw fact'), derived('d', 'from r', ['r']), raw('p', 'persisted', { persist: true }), { kind: 'reframe', frame: 'explain' });
    const optionsOf = (id: string, acceptLossy = false, by: 'prune' | 'compact' = 'prune') => gateOptions(rt, rt.span(id) as Span, acceptLossy, by);
    expect(ruleOf(optionsOf('r'), 'evict:derivable')).toBe('INV-06');
    expect(ruleOf(optionsOf('r'), 'evict:reversible')).toBe('INV-03');
    expect(ruleOf(optionsOf('r'), 'evict:lossy')).toBe('INV-03');
    expect(ruleOf(optionsOf('r', true), 'evict:lossy')).toBeUndefined();
    expect(ruleOf(optionsOf('r', true, 'compact'), 'evict:lossy')).toBe('INV-07');
    expect(ruleOf(optionsOf('d'), 'evict:derivable')).toBe('INV-08');
    expect(ruleOf(optionsOf('d', false, 'compact'), 'evict:reversible')).toBe('INV-08');
    expect(ruleOf(optionsOf('p', true), 'evict:lossy')).toBe('INV-03');
    expect(ruleOf(optionsOf('p'), 'reject:not-reversible')).toBe('INV-03');
    // d was floored by the re-frame: accepting its loss is refused (D-20).
    expect(ruleOf(optionsOf('d', true), 'evict:lossy')).toBe('INV-08');
    expect(ruleOf(optionsOf('d', true), 'reject:not-reversible')).toBe('INV-08');
    expect(optionsOf('d', true).find((o) => o.allowed)?.decision).toMatchObject({ kind: 'reject', reason: 'floored' });
  });

  it('every choice a runtime may make keeps the window within capacity, and a compaction refuses only what could not leave', () => {
    assertProperty(
      'spec/model/choicePoints.test.ts',
      fc.property(opTemplates, fc.infiniteStream(fc.nat()), (templates, picks) => {
        const next = (): number => picks.next().value as number;
        const chooser: Chooser = {
          gate: (_span, options) => {
            const allowed = options.filter((o) => o.allowed);
            return (allowed[next() % allowed.length] as GateOption).decision;
          },
          compactionOrder: (candidates) => fc.sample(fc.shuffledSubarray([...candidates], { minLength: candidates.length }), { seed: next(), numRuns: 1 })[0] ?? [],
          refusal: (options) => options[next() % options.length] as never,
        };
        const driver = new Driver(episode(24, SMALL_MARKERS), chooser);
        for (const template of templates) {
          const outcome = driver.apply(driver.resolve(template));
          expect(driver.rt.window.used).toBeLessThanOrEqual(driver.rt.window.capacity);
          if (!(outcome instanceof Error) && outcome.kind === 'compacted') {
            for (const id of outcome.refused) {
              const span = driver.rt.window.get(id) as Span;
              expect(allowedOf(gateOptions(driver.rt, span, false, 'compact')).filter((d) => d.startsWith('evict'))).toEqual([]);
            }
          }
        }
      }),
    );
  });
});
