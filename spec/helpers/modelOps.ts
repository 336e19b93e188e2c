import fc from 'fast-check';
import { ModelError } from '../../src/model/ModelError.ts';
import type { Chooser } from '../../src/model/Chooser.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { Outcome } from '../../src/model/Outcome.ts';
import type { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { SMALL_MARKERS, assertProperty, episode } from './model.ts';

/**
 * Random operation sequences for property tests. Generated operations name ids by placeholder: `#n` is the
 * n-th id the episode has seen (mod their count), `@` is a fresh id. `Driver.resolve` turns them into real
 * operations, so most operations hit live spans: sources go missing, copies rotate and the window fills.
 * Counterexamples stay printable data.
 */
const ref = fc.nat({ max: 9 }).map((n) => `#${n}`);
const refs = (min: number, max: number) => fc.uniqueArray(ref, { minLength: min, maxLength: max });
const content = fc.constantFrom('x', 'alpha', 'ORD-55821-X failed', 'a longer tool output, about twenty tokens of it');
const score = fc.double({ min: 0, max: 1, noNaN: true });
const tokens = fc.integer({ min: 1, max: 8 });
const w = (weight: number, arbitrary: fc.Arbitrary<unknown>) => ({ weight, arbitrary });
const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

export const SIGNATURES = ['POST /charge#1', 'POST /email#2'] as const;

const appendRaw = fc.record({ kind: fc.constant('append'), span: fc.record({ id: fc.constant('@'), kind: fc.constant('raw'), content, tokens, score, persist: fc.boolean() }) });

const wellFormed = fc.oneof(
  w(6, appendRaw),
  w(4, fc.record({ kind: fc.constant('append'), span: fc.record({ id: fc.constant('@'), kind: fc.constant('derived'), content, tokens, sources: refs(1, 2), persist: fc.boolean() }) })),
  w(1, fc.record({ kind: fc.constant('append'), span: fc.record({ id: fc.constant('@'), kind: fc.constant('derived'), content, score }) })),
  w(3, fc.record({ kind: fc.constant('persist'), spanId: ref })),
  w(1, fc.record({ kind: fc.constant('rotate'), spanIds: opt(refs(1, 3)) })),
  w(2, fc.record({ kind: fc.constant('edit'), spanId: ref, content })),
  w(1, fc.record({ kind: fc.constant('overwrite'), spanId: ref, content })),
  w(6, fc.record({ kind: fc.constant('prune'), spanId: ref, acceptLossy: fc.boolean(), claimSafe: fc.boolean() })),
  w(3, fc.record({ kind: fc.constant('summarize'), summaryId: fc.constant('@'), sourceIds: refs(1, 3), content, tokens: opt(tokens), score: opt(score), escalate: fc.boolean() })),
  w(1, fc.record({ kind: fc.constant('reframe'), frame: fc.constantFrom('fix the migration', 'explain the failure'), scores: fc.dictionary(ref, score, { maxKeys: 2 }), derivations: fc.dictionary(ref, refs(1, 2), { maxKeys: 2 }) })),
  w(2, fc.record({ kind: fc.constant('compact'), threshold: fc.double({ min: 0, max: 1.5, noNaN: true }) })),
  w(3, fc.record({ kind: fc.constant('restore'), spanId: ref })),
  w(1, fc.record({ kind: fc.constant('lookup'), spanId: fc.oneof(ref, fc.constant('never-seen')) })),
  w(1, fc.record({ kind: fc.constant('claim'), claim: fc.constant('the order failed'), requiredIds: refs(1, 3) })),
  w(2, fc.record({ kind: fc.constant('callTool'), signature: fc.constantFrom(...SIGNATURES), requestId: fc.constantFrom('r1', 'r2'), retryAfter: opt(fc.integer({ min: 0, max: 30 })), status: opt(fc.constantFrom('accepted', 'failed', 'unknown')), advance: opt(fc.constantFrom(0, 5, 30)), idempotencyKey: opt(fc.constantFrom('k1', 'k2')) })),
  w(1, fc.record({ kind: fc.constant('setVersion'), modelVersion: fc.constantFrom('model-2', 'model-3') })),
);

/** Operations that are misuse whatever the state: each must throw `ModelError` and change nothing. */
export const malformedOp = fc.oneof(
  fc.constant({ kind: 'append', span: { id: '@', kind: 'raw', content: '' } }),
  fc.constant({ kind: 'append', span: { id: '#0', kind: 'raw', content: 'reused id' } }),
  fc.constant({ kind: 'append', span: { id: '@', kind: 'raw', content: 'x', score: Number.NaN } }),
  fc.constant({ kind: 'append', span: { id: '@', kind: 'raw', content: 'x', score: -1 } }),
  fc.constant({ kind: 'append', span: { id: '@', kind: 'raw', content: 'x', tokens: 0 } }),
  fc.constant({ kind: 'append', span: { id: '@', kind: 'derived', content: 'x', sources: ['never-seen'] } }),
  fc.constant({ kind: 'summarize', summaryId: '#1', sourceIds: ['#0'], content: 'reused id' }),
  fc.constant({ kind: 'prune', spanId: 'never-seen', acceptLossy: true }),
  fc.constant({ kind: 'reframe', frame: '  ' }),
  fc.constant({ kind: 'claim', claim: 'x', requiredIds: [] }),
  fc.constant({ kind: 'compact', threshold: Number.NaN }),
  fc.constant({ kind: 'setVersion' }),
  fc.constant({ kind: 'drop-everything' }),
  fc.record({ kind: fc.constant('edit'), spanId: ref, content: fc.constant('') }),
);

/** Two raw appends, then mostly well-formed operation templates with some malformed ones mixed in. */
export const opTemplates = fc
  .tuple(appendRaw, appendRaw, fc.array(fc.oneof(w(12, wellFormed), w(1, malformedOp)), { maxLength: 40 }))
  .map(([first, second, rest]): unknown[] => [first, second, ...rest]);

/** Resolves templates against one episode's ids and applies them. */
export class Driver {
  readonly seen: string[] = [];
  private fresh = 0;

  /** `chooser` makes the choices of SPEC.md §7 (default: the reference's own). */
  constructor(readonly rt: ReferenceRuntime, private readonly chooser?: Chooser) {}

  /** Ids the model knows, plus the next fresh one, for snapshots. */
  ids(): string[] {
    return ['never-seen', ...this.seen, `n${this.fresh}`];
  }

  resolve(template: unknown): Operation {
    const map = (value: unknown): unknown => {
      if (typeof value === 'string') {
        if (value === '@') return `n${this.fresh}`;
        const match = /^#(\d+)$/.exec(value);
        if (match === null) return value;
        return this.seen.length === 0 ? 'n0' : this.seen[Number(match[1]) % this.seen.length];
      }
      // a placeholder pair can resolve to one id; ids are listed once
      if (Array.isArray(value)) return [...new Set(value.map(map))];
      if (value !== null && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [map(k), map(v)]));
      }
      return value;
    };
    const op = map(template) as Operation & { advance?: number };
    // `advance` moves the episode clock: a call `advance` seconds after the clock as it stands.
    if (op.kind === 'callTool' && op.advance !== undefined) {
      const { advance, ...call } = op;
      return { ...call, at: this.rt.clock + advance };
    }
    return op;
  }

  /** Applies `op`; answers the outcome, or the `ModelError` it threw (anything else is rethrown). */
  apply(op: Operation): Outcome | ModelError {
    let outcome: Outcome;
    try {
      outcome = this.rt.apply(op, this.chooser);
    } catch (error) {
      if (error instanceof ModelError) return error;
      throw error;
    }
    const id = outcome.kind === 'appended' ? outcome.spanId : outcome.kind === 'summarized' ? outcome.summaryId : undefined;
    if (id !== undefined) {
      this.seen.push(id);
      this.fresh += 1;
    }
    return outcome;
  }
}

/**
 * Asserts a property over random operation sequences, each on a fresh 24-token reference runtime (markers at 2 tokens). `setup`
 * runs once per episode (for per-episode state) and answers the check run for every template in turn.
 */
export function assertOverEpisodes(file: string, setup: (driver: Driver) => (template: unknown) => void, numRuns?: number, chooser?: () => Chooser): void {
  assertProperty(
    file,
    fc.property(opTemplates, (templates) => {
      const driver = new Driver(episode(24, SMALL_MARKERS), chooser?.());
      const step = setup(driver);
      for (const template of templates) step(template);
    }),
    numRuns,
  );
}
