import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainArbitrary, type EpisodeDomain } from '../../../src/gen/runtime/EpisodeDomain.ts';
import { EpisodeState } from '../../../src/gen/runtime/EpisodeState.ts';
import { lookalike, lookalikeForms } from '../../../src/gen/runtime/identifiers.ts';
import type { OpTemplate } from '../../../src/gen/runtime/OpTemplate.ts';
import { resolveTemplate } from '../../../src/gen/runtime/resolveTemplate.ts';
import { templateArbitrary } from '../../../src/gen/runtime/templateArbitrary.ts';
import { OPERATION_KINDS, type Operation } from '../../../src/model/Operation.ts';
import { estimateTokens } from '../../../src/model/Span.ts';

/** Every operation a sequence of templates resolves to, played on the reference (as a generated run does). */
function play(templates: readonly OpTemplate[], domain: EpisodeDomain = { signatures: 4 }, capacity = 5_000): Operation[] {
  const state = new EpisodeState({ capacity }, domain);
  const ops: Operation[] = [];
  for (const template of templates) {
    const op = resolveTemplate(template, state);
    if (op === undefined) continue;
    ops.push(op);
    state.note(op, state.reference.apply(op));
  }
  return ops;
}

/** Operations of many generated episodes: what the generator reaches, whatever one seed does. */
function sampleOps(numRuns: number, seed: number, maxLength = 60): Operation[] {
  const episodes = fc.sample(fc.tuple(fc.array(templateArbitrary(OPERATION_KINDS), { minLength: maxLength / 2, maxLength }), domainArbitrary), { numRuns, seed });
  return episodes.flatMap(([templates, domain]) => play(templates, domain));
}

const contents = (ops: readonly Operation[]): string[] =>
  ops.flatMap((op) => (op.kind === 'append' ? [op.span.content] : op.kind === 'edit' || op.kind === 'overwrite' || op.kind === 'summarize' ? [op.content] : []));

describe('the whole input domain (issue 11)', () => {
  const ops = sampleOps(400, 11);

  it('content: non-ASCII BMP, astral, combining marks, NFC/NFD pairs, edge whitespace, very long and near-empty', () => {
    const all = contents(ops);
    const has = (what: string, test: (c: string) => boolean) => expect(all.some(test), what).toBe(true);
    has('non-ASCII BMP', (c) => /[\u0080-\uffff]/.test(c.replace(/[\ud800-\udfff]/g, '')));
    has('astral', (c) => /[\ud800-\udbff][\udc00-\udfff]/.test(c));
    has('combining marks', (c) => /\p{M}/u.test(c));
    has('NFD content', (c) => c.normalize('NFC') !== c);
    has('trailing newline', (c) => c.endsWith('\n'));
    has('leading whitespace', (c) => /^\s/.test(c));
    has('very long (≥ 8,000 characters)', (c) => c.length >= 8_000);
    has('near-empty (one character)', (c) => [...c].length === 1);
    has('whitespace only', (c) => c.trim() === '');
    const nfc = new Set(all.map((c) => c.normalize('NFC')));
    const pair = [...nfc].some((key) => new Set(all.filter((c) => c.normalize('NFC') === key)).size > 1);
    expect(pair, 'two contents that are canonically equivalent and differ in bytes').toBe(true);
  });

  it('every span kind and raw kind, tied and extreme scores, token counts past any window', () => {
    const appends = ops.flatMap((op) => (op.kind === 'append' ? [op.span] : []));
    expect(new Set(appends.map((s) => s.kind))).toEqual(new Set(['raw', 'derived']));
    expect(ops.some((op) => op.kind === 'summarize')).toBe(true);
    expect(new Set(appends.flatMap((s) => (s.rawKind === undefined ? [] : [s.rawKind])))).toEqual(new Set(['tool-output', 'user', 'identifier', 'error', 'other']));
    const scores = appends.map((s) => s.score);
    for (const extreme of [0, Number.MIN_VALUE, 1e6, Number.MAX_VALUE]) expect(scores, String(extreme)).toContain(extreme);
    expect(scores.filter((s) => s === 0.5).length).toBeGreaterThan(1);
    expect(Math.max(...appends.map((s) => s.tokens ?? 0))).toBeGreaterThan(700);
    expect(Math.min(...appends.map((s) => s.tokens ?? estimateTokens(s.content)))).toBe(1);
    expect(ops.some((op) => op.kind === 'setVersion')).toBe(true);
  });

  it('defaults both left out and spelled out (tokens, score, rawKind, status, an `at` equal to the clock)', () => {
    const appends = ops.flatMap((op) => (op.kind === 'append' ? [op.span] : []));
    const summaries = ops.flatMap((op) => (op.kind === 'summarize' ? [op] : []));
    const calls = ops.flatMap((op) => (op.kind === 'callTool' ? [op] : []));
    expect(appends.some((s) => s.tokens === undefined), 'an append without tokens').toBe(true);
    expect(appends.some((s) => s.score === undefined), 'an append without a score').toBe(true);
    expect(appends.some((s) => s.kind === 'raw' && s.rawKind === undefined), 'a raw append without rawKind').toBe(true);
    expect(appends.some((s) => s.rawKind === 'other'), "a raw append with rawKind 'other' spelled out").toBe(true);
    expect(summaries.some((s) => s.tokens === undefined), 'a summary without tokens').toBe(true);
    expect(summaries.some((s) => s.score === undefined), 'a summary without a score').toBe(true);
    expect(calls.some((c) => c.status === 'accepted'), "status 'accepted' spelled out").toBe(true);
    expect(calls.some((c) => c.at === 0), 'at: 0 (the clock at the start)').toBe(true);
  });

  it('negative claims scoped to every raw kind; claims resting on ids never seen', () => {
    const claims = ops.flatMap((op) => (op.kind === 'claim' ? [op] : []));
    expect(new Set(claims.flatMap((c) => c.rawKinds ?? []))).toEqual(new Set(['tool-output', 'user', 'identifier', 'error', 'other']));
    expect(claims.some((c) => c.requiredIds.some((id) => id.startsWith('ghost-')))).toBe(true);
  });

  it('span ids: look-alikes of earlier ids by case, whitespace and normalization, each a distinct span', () => {
    const ids = ops.flatMap((op) => (op.kind === 'append' ? [op.span.id] : []));
    const byFold = new Map<string, Set<string>>();
    for (const id of ids) {
      const fold = id.trim().toLowerCase().normalize('NFC');
      byFold.set(fold, (byFold.get(fold) ?? new Set()).add(id));
    }
    const twins = [...byFold.values()].filter((set) => set.size > 1).flatMap((set) => [...set]);
    expect(twins.some((id) => id !== id.trim()), 'by whitespace').toBe(true);
    expect(twins.some((id) => id !== id.toLowerCase()), 'by case').toBe(true);
    expect(twins.some((id) => id !== id.normalize('NFC')), 'by normalization').toBe(true);
  });

  it('signatures: pools of 1 to 300, look-alikes by case, whitespace and normalization', () => {
    const signaturesIn = (signatures: number): Set<string> => {
      const templates = fc.sample(fc.array(templateArbitrary(['callTool']), { minLength: 400, maxLength: 400 }), { numRuns: 1, seed: signatures })[0] ?? [];
      // A look-alike spelling is another signature of the same index: its request id is `req-<index>v<form>`.
      return new Set(play(templates, { signatures }).flatMap((op) => (op.kind === 'callTool' ? [op.requestId.split('v')[0] ?? ''] : [])));
    };
    expect(signaturesIn(1).size).toBe(1);
    expect(signaturesIn(300).size).toBeGreaterThan(50);
    const signatures = ops.flatMap((op) => (op.kind === 'callTool' ? [op.signature] : []));
    const lookalikes = signatures.filter((s) => signatures.some((t) => t !== s && t.trim().toLowerCase().normalize('NFC') === s.trim().toLowerCase().normalize('NFC')));
    expect(lookalikes.some((s) => signatures.some((t) => t !== s && t.toLowerCase() === s))).toBe(true);
    expect(lookalikes.some((s) => s !== s.trim() || s.includes('  '))).toBe(true);
    expect(lookalikes.some((s) => s !== s.normalize('NFC'))).toBe(true);
  });

  it('look-alike forms differ from the id only by case, whitespace, normalization or padding', () => {
    fc.assert(
      fc.property(fc.nat({ max: 999 }), fc.nat(), (n, pick) => {
        for (const id of [`s${n}`, `\u00e9${n}`, `sum${n}`]) {
          const twin = lookalike(id, pick);
          expect(twin).not.toBe(id);
          for (const form of lookalikeForms(id)) expect(form.trim().toLowerCase().normalize('NFC')).toBe(id.toLowerCase().normalize('NFC'));
        }
      }),
      { seed: 3 },
    );
  });
});

describe('targets by stable identity', () => {
  const kinds = ['append', 'persist', 'prune', 'lookup', 'summarize', 'edit'] as const;
  const templates = fc.array(templateArbitrary([...kinds]).filter((t) => t.kind !== 'append' || t.lookalikeOf === undefined), { minLength: 2, maxLength: 40 });

  it('deleting the append of a span no step names changes no other step', () => {
    fc.assert(
      fc.property(templates, fc.nat(), (drawn, at) => {
        const before = play(drawn, { signatures: 4 }, 1e9);
        const appends = drawn.flatMap((t, i) => (t.kind === 'append' ? [i] : []));
        if (appends.length === 0) return;
        const index = appends[at % appends.length] as number;
        const op = play(drawn.slice(0, index + 1), { signatures: 4 }, 1e9).at(-1);
        if (op?.kind !== 'append') return;
        const id = op.span.id;
        const others = before.filter((o) => o !== before.find((b) => b.kind === 'append' && b.span.id === id));
        if (others.some((o) => JSON.stringify(o).includes(JSON.stringify(id).slice(1, -1)))) return;
        const after = play([...drawn.slice(0, index), ...drawn.slice(index + 1)], { signatures: 4 }, 1e9);
        expect(after).toEqual(others);
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});
