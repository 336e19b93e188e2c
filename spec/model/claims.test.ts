import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClaimOp } from '../../src/model/Operation.ts';
import { applyAll, applyExpect, assertProperty, derived, episode, raw, SMALL_MARKERS } from '../helpers/model.ts';
import { assertOverEpisodes, Driver, opTemplates } from '../helpers/modelOps.ts';
import { ModelError } from '../../src/model/ModelError.ts';

const FILE = 'spec/model/claims.test.ts';

const claim = (requiredIds: string[], text = 'handled rate limiting by backing off'): ClaimOp => ({ kind: 'claim', claim: text, requiredIds });

/** Raw tool returns `r1` (resident), `r2` (recoverable), `lost` (lossy), `exp` (copy expired), derived `d`, summary `s`. */
function evidence() {
  const rt = episode();
  applyAll(
    rt,
    raw('r1', 'GET /a -> 429 retry-after 30'),
    raw('r2', 'GET /a -> 200', { persist: true }),
    raw('lost', 'GET /b -> 500'),
    raw('exp', 'GET /c -> 503', { persist: true }),
    derived('d', 'one retry', ['r1']),
    { kind: 'summarize', summaryId: 's', sourceIds: ['r1', 'r2'], content: 'handled rate limiting by backing off' },
    { kind: 'prune', spanId: 'r2' },
    { kind: 'prune', spanId: 'lost', acceptLossy: true },
    { kind: 'prune', spanId: 'exp' },
    { kind: 'rotate', spanIds: ['exp'] },
  );
  return rt;
}

describe('claims rest on raw evidence (INV-10)', () => {
  it('INV-10 a claim on resident and recoverable raw spans is substantiated', () => {
    const rt = evidence();

    expect(applyExpect(rt, claim(['r1', 'r2']), 'substantiated')).toEqual({ kind: 'substantiated', claim: 'handled rate limiting by backing off' });
  });

  it('INV-10 a self-authored summary alone does not substantiate: derived-only', () => {
    const rt = evidence();

    expect(rt.apply(claim(['s']))).toEqual({ kind: 'derived-only', claim: 'handled rate limiting by backing off', derivedIds: ['s'] });
    expect(rt.apply(claim(['r1', 'd', 's']))).toEqual({ kind: 'derived-only', claim: 'handled rate limiting by backing off', derivedIds: ['d', 's'] });
  });

  it('INV-10 a derived span evicted as derivable still supports only derived-only', () => {
    const rt = evidence();
    applyExpect(rt, { kind: 'prune', spanId: 'd' }, 'evicted');

    expect(rt.apply(claim(['d', 'r1']))).toMatchObject({ kind: 'derived-only', derivedIds: ['d'] });
  });

  it('INV-10 a tombstone is a gap, not evidence (D-01), lossy or expired', () => {
    const rt = evidence();

    expect(rt.apply(claim(['r1', 'lost', 'exp']))).toEqual({ kind: 'gap', claim: 'handled rate limiting by backing off', lostIds: ['lost', 'exp'] });
  });

  it('INV-10 once the raw sources are lost, the summary that survived them rests on a gap', () => {
    const rt = evidence();
    applyAll(rt, { kind: 'prune', spanId: 'r1', acceptLossy: true });

    expect(rt.apply(claim(['s', 'r1']))).toMatchObject({ kind: 'gap', lostIds: ['r1'] });
    expect(rt.apply(claim(['s']))).toMatchObject({ kind: 'derived-only' });
  });

  it('INV-10 a claim naming an id never seen is unfounded', () => {
    const rt = evidence();

    expect(rt.apply(claim(['r1', 'ghost']))).toEqual({ kind: 'unfounded', claim: 'handled rate limiting by backing off', unknownIds: ['ghost'] });
  });

  it('INV-10 precedence: gap over unfounded over derived-only', () => {
    const rt = evidence();

    expect(rt.apply(claim(['s', 'ghost', 'lost']))).toMatchObject({ kind: 'gap', lostIds: ['lost'] });
    expect(rt.apply(claim(['s', 'ghost']))).toMatchObject({ kind: 'unfounded', unknownIds: ['ghost'] });
  });

  it('INV-10 a claim is a query: it changes no span and is logged with its verdict', () => {
    const rt = evidence();
    const used = rt.window.used;

    const verdict = rt.apply(claim(['s']));

    expect(rt.window.used).toBe(used);
    expect(rt.log.at(-1)).toEqual({ step: rt.step, operation: claim(['s']), outcome: verdict });
  });
});

describe('claims under random operation sequences (INV-10)', () => {
  it('INV-10 under random operation sequences, substantiated only on resident or recoverable raw spans, and a lost id is always a gap', () => {
    assertProperty(
      FILE,
      fc.property(opTemplates, fc.uniqueArray(fc.nat({ max: 12 }), { minLength: 1, maxLength: 4 }), (templates, picks) => {
        const driver = new Driver(episode(24, SMALL_MARKERS));
        for (const template of templates) driver.apply(driver.resolve(template));
        const rt = driver.rt;
        const ids = [...new Set(picks.map((n) => driver.ids()[n % driver.ids().length] as string))];

        const verdict = rt.apply(claim(ids));

        const answers = ids.map((id) => rt.lookup(id).kind);
        const derivedOnly = ids.some((id) => rt.span(id)?.kind !== 'raw');
        const expected = answers.includes('tombstoned') ? 'gap' : answers.includes('absent') ? 'unfounded' : derivedOnly ? 'derived-only' : 'substantiated';
        expect(verdict.kind, JSON.stringify({ ids, answers })).toBe(expected);
        if (verdict.kind === 'substantiated') {
          for (const id of ids) {
            expect(rt.span(id)?.kind, id).toBe('raw');
            expect(['resident', 'recoverable'], id).toContain(rt.lookup(id).kind);
          }
        }
      }),
    );
  });
});

describe('negative claims (INV-28)', () => {
  it('INV-28 "no error occurred" is unfounded while an error observation is lost, whatever the window shows', () => {
    const rt = episode();
    applyAll(rt, raw('err', 'ERROR 23505 duplicate key', { rawKind: 'error' }), raw('t', 'GET /health 200', { rawKind: 'tool-output' }), { kind: 'prune', spanId: 'err', acceptLossy: true });

    expect(applyExpect(rt, { kind: 'claim', claim: 'no error occurred', requiredIds: [], negative: true, rawKinds: ['error'] }, 'unfounded')).toEqual({ kind: 'unfounded', claim: 'no error occurred', unknownIds: [], lostIds: ['err'] });
    expect(applyExpect(rt, { kind: 'claim', claim: 'nothing happened', requiredIds: [], negative: true }, 'unfounded').lostIds).toEqual(['err']);
    expect(applyExpect(rt, { kind: 'claim', claim: 'no user asked', requiredIds: [], negative: true, rawKinds: ['user'] }, 'substantiated').claim).toBe('no user asked');
  });

  it('INV-28 a negative claim is substantiated when every observation in scope is resident or recoverable, and unfounded once a copy expires', () => {
    const rt = episode();
    applyAll(rt, raw('err', 'ERROR 42', { rawKind: 'error', persist: true }), { kind: 'prune', spanId: 'err' });
    expect(applyExpect(rt, { kind: 'claim', claim: 'the error was handled', requiredIds: [], negative: true, rawKinds: ['error'] }, 'substantiated').kind).toBe('substantiated');

    rt.apply({ kind: 'rotate' });
    expect(applyExpect(rt, { kind: 'claim', claim: 'no error occurred', requiredIds: [], negative: true, rawKinds: ['error'] }, 'unfounded').lostIds).toEqual(['err']);
  });

  it('INV-28 a negative claim names no span, and rawKinds scopes only negative claims (misuse otherwise)', () => {
    const rt = episode();
    rt.apply(raw('a', 'alpha'));
    expect(() => rt.apply({ kind: 'claim', claim: 'x', requiredIds: ['a'], negative: true })).toThrow(/leave requiredIds empty/);
    expect(() => rt.apply({ kind: 'claim', claim: 'x', requiredIds: [], negative: true, rawKinds: ['bogus' as never] })).toThrow(/rawKinds must list/);
    expect(() => rt.apply({ kind: 'claim', claim: 'x', requiredIds: ['a'], rawKinds: ['error'] })).toThrow(/set negative: true/);
    expect(() => rt.apply({ kind: 'claim', claim: 'x', requiredIds: [] })).toThrow(ModelError);
  });

  it('INV-28 under random operation sequences, a negative claim is unfounded exactly when a raw observation seen is lost', () => {
    assertOverEpisodes(FILE, (driver) => {
      return (template) => {
        driver.apply(driver.resolve(template));
        const lost = driver.seen.filter((id) => driver.rt.span(id)?.kind === 'raw' && driver.rt.lookup(id).kind === 'tombstoned');
        const verdict = driver.rt.apply({ kind: 'claim', claim: 'nothing went wrong', requiredIds: [], negative: true });
        expect(verdict).toEqual(lost.length > 0 ? { kind: 'unfounded', claim: 'nothing went wrong', unknownIds: [], lostIds: lost } : { kind: 'substantiated', claim: 'nothing went wrong' });
      };
    });
  });
});

