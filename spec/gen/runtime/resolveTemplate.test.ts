import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EpisodeState } from '../../../src/gen/runtime/EpisodeState.ts';
import { configArbitrary, swarmArbitrary } from '../../../src/gen/runtime/episodeArbitraries.ts';
import { lookalike, resolveTemplate } from '../../../src/gen/runtime/resolveTemplate.ts';
import { templateArbitrary } from '../../../src/gen/runtime/templateArbitrary.ts';
import { ModelError } from '../../../src/model/ModelError.ts';
import { OPERATION_KINDS, type Operation } from '../../../src/model/Operation.ts';
import type { RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';

type Template = Parameters<typeof resolveTemplate>[0];

/** Resolves `templates` in turn on a fresh episode of `config`, each operation applied to its reference after `visit` sees it. */
function resolveEach(config: RuntimeConfig, templates: readonly Template[], visit: (op: Operation, template: Template) => void): void {
  const state = new EpisodeState(config);
  for (const template of templates) {
    const op = resolveTemplate(template, state);
    if (op === undefined) continue;
    visit(op, template);
    state.note(op, state.reference.apply(op));
  }
}

describe('resolveTemplate', () => {
  it('only ever produces well-formed operations: the reference never throws ModelError on a generated episode', () => {
    fc.assert(
      fc.property(configArbitrary, fc.array(templateArbitrary(OPERATION_KINDS), { maxLength: 80 }), (config, templates) => {
        resolveEach(config, templates, (op, template) => expect(op.kind).toBe(template.kind));
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it('answers operations frozen all the way down (every object reachable through any own key), as deepFreeze would leave them', () => {
    const unfrozen = (value: unknown, path: string): string | undefined => {
      if (typeof value !== 'object' || value === null) return undefined;
      if (!Object.isFrozen(value)) return path;
      for (const key of Reflect.ownKeys(value)) {
        const found = unfrozen((value as Record<string | symbol, unknown>)[key], `${path}.${String(key)}`);
        if (found !== undefined) return found;
      }
      return undefined;
    };
    const seen = new Set<string>();
    fc.assert(
      fc.property(configArbitrary, fc.array(templateArbitrary(OPERATION_KINDS), { maxLength: 80 }), (config, templates) => {
        resolveEach(config, templates, (op) => {
          seen.add(op.kind);
          expect(unfrozen(op, op.kind)).toBeUndefined();
        });
      }),
      { numRuns: 200, seed: 4 },
    );
    expect([...seen].sort()).toEqual([...OPERATION_KINDS].sort());
  });

  it("spells a re-frame's scores and derivations as plain objects holding only the ids they name", () => {
    let reframes = 0;
    fc.assert(
      fc.property(fc.array(templateArbitrary(OPERATION_KINDS), { minLength: 40, maxLength: 80 }), (templates) => {
        const state = new EpisodeState({ capacity: 400 });
        for (const template of templates) {
          const op = resolveTemplate(template, state);
          if (op === undefined) continue;
          if (op.kind === 'reframe') {
            reframes += 1;
            for (const record of [op.scores ?? {}, op.derivations ?? {}]) {
              expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
              // Only ids the episode has seen: nothing the object was made with is left in it.
              expect(Reflect.ownKeys(record).filter((key) => typeof key !== 'string' || !state.ids.includes(key))).toEqual([]);
              expect(JSON.parse(JSON.stringify(record))).toEqual({ ...record });
            }
          }
          state.note(op, state.reference.apply(op));
        }
      }),
      { numRuns: 100, seed: 5 },
    );
    expect(reframes).toBeGreaterThan(30);
  });

  it('resolves every target against spans that exist when the step runs', () => {
    fc.assert(
      fc.property(fc.array(templateArbitrary(OPERATION_KINDS), { maxLength: 60 }), (templates) => {
        const state = new EpisodeState({ capacity: 400 });
        for (const template of templates) {
          const op = resolveTemplate(template, state);
          if (op === undefined) continue;
          // A target that is not resident (a restore's: resident) is a stray pick, answered as the spec says.
          const stray =
            op.kind === 'prune' || op.kind === 'edit' || op.kind === 'persist' ? !state.reference.window.has(op.spanId)
            : op.kind === 'summarize' ? op.sourceIds.some((id) => !state.reference.window.has(id))
            : op.kind === 'restore' ? state.reference.window.has(op.spanId)
            : false;
          const outcome = state.reference.apply(op);
          if (stray && op.kind === 'restore') expect(outcome).toMatchObject({ kind: 'rejected', reason: 'not-recoverable' });
          else if (stray && op.kind !== 'summarize') expect(outcome).toMatchObject({ kind: 'rejected', reason: 'not-resident' });
          else if (stray) expect(['rejected', 'window-full']).toContain(outcome.kind);
          state.note(op, outcome);
        }
      }),
      { numRuns: 200, seed: 2 },
    );
  });

  it('makes look-alike ids that the generator never creates', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.boolean(), fc.nat(), (n, summary, pick) => {
        const id = summary ? `sum${n + 1}` : `s${n + 1}`;
        const twin = lookalike(id, pick);
        expect(twin).not.toBe(id);
        expect(/^(s|sum)[1-9]\d*$/.test(twin)).toBe(false);
      }),
      { seed: 3 },
    );
  });

  it('swarm testing keeps appends and switches other kinds off per run', () => {
    fc.assert(
      fc.property(swarmArbitrary(OPERATION_KINDS), (enabled) => {
        expect(enabled.has('append')).toBe(true);
        expect(enabled.size).toBeGreaterThanOrEqual(4);
      }),
      { seed: 4 },
    );
    const sizes = fc.sample(swarmArbitrary(OPERATION_KINDS), { numRuns: 200, seed: 5 }).map((s) => s.size);
    expect(Math.min(...sizes)).toBeLessThan(OPERATION_KINDS.length);
  });

  it('never throws ModelError for any template on an empty episode', () => {
    fc.assert(
      fc.property(templateArbitrary(OPERATION_KINDS), (template) => {
        const state = new EpisodeState({ capacity: 100 });
        const op = resolveTemplate(template, state);
        if (op !== undefined) expect(() => state.reference.apply(op)).not.toThrow(ModelError);
      }),
      { seed: 6 },
    );
  });

  it('an overwrite varies its edit (issue 22): a whole other text, one character changed, other bytes of the same length, a suffix', () => {
    const state = new EpisodeState({ capacity: 10_000 });
    const content = 'tool: GET /users/42 -> {"id":42} (request req-2)';
    for (const op of [{ kind: 'append', span: { id: 'a', kind: 'raw', content, persist: true } }, { kind: 'prune', spanId: 'a' }] as const) state.note(op, state.reference.apply(op));
    const written = [0, 1, 2, 3].map((contentPick) => {
      const op = resolveTemplate({ kind: 'overwrite', pick: 1, contentPick, shape: 0 }, state);
      return op?.kind === 'overwrite' ? op.content : '';
    });
    const [whole, oneChar, sameLength, suffixed] = written as [string, string, string, string];
    expect(whole.length).not.toBe(content.length);
    expect([...oneChar].filter((c, i) => c !== [...content][i])).toHaveLength(1);
    expect(oneChar.length).toBe(content.length);
    expect(sameLength).not.toBe(content);
    expect(sameLength.length).toBe(content.length);
    expect(suffixed.startsWith(content) && suffixed.length > content.length).toBe(true);
  });
});
