import type { PruningSystem } from '../../../adapters/Adapter.ts';
import type { Operation, OperationKind } from '../../../model/Operation.ts';
import type { Outcome } from '../../../model/Outcome.ts';
import type { BenchPathInfo } from '../AdapterBenchReport.ts';
import { path, type SubjectPath } from '../BenchSubject.ts';
import { Rng } from '../Rng.ts';
import { spanPools } from '../spanPools.ts';
import { driveOperations, type Answer } from './driveOperations.ts';
import type { RuntimeWindow } from './RuntimeWindow.ts';

/** Operations per timed iteration (a child over protocol 1.1 gets them as one batch). */
const BATCH = 40;

/** Distinct resident raw spans a summary or a claim of the paths names. */
const DRAWN = 10;

interface PathSpec {
  readonly info: BenchPathInfo;
  readonly needs: OperationKind;
  readonly expected: string;
  readonly pool: 'reversible' | 'volatile' | 'reads';
  ops(window: RuntimeWindow, rng: Rng, count: number): Operation[];
  accept(outcome: Outcome): boolean;
  /** Operations per iteration: a function of the window's size only, so `ensure` knows how many targets to leave. */
  count(window: RuntimeWindow): number;
  /** Spans the path adds to the window per operation (a refusal's notice, a summary). */
  readonly grows?: boolean;
  /** Distinct read targets each operation names: a window with fewer cannot run the path. */
  readonly draws?: number;
}

/** The runtime-mode paths, as the reference's own bench (bench/directiveTasks.ts) measures them. */
export const RUNTIME_PATHS: readonly PathSpec[] = [
  {
    info: { id: 'prune-reversible', label: 'prune (reversible)', unit: 'prune', method: 'prune of a persisted raw span never pruned before, drawn from the seed; each target is used once (the window is rebuilt, untimed, when they run short), so each prune verifies a backing copy afresh' },
    needs: 'prune',
    expected: 'a reversible eviction',
    pool: 'reversible',
    // A quarter of the pool per iteration at most (the pool is 40 % of N), so a small window is rebuilt every few iterations, not every one.
    count: (w) => Math.max(1, Math.min(BATCH, Math.floor(w.size / 10))),
    ops: (w, _rng, n) => w.take('reversible', n).map((spanId) => ({ kind: 'prune', spanId })),
    accept: (o) => o.kind === 'evicted' && o.mode === 'reversible',
  },
  {
    info: { id: 'prune-lossy', label: 'prune (lossy)', unit: 'prune', method: 'prune with acceptLossy of a never-persisted raw span, each target used once' },
    needs: 'prune',
    expected: 'a lossy eviction',
    pool: 'volatile',
    count: (w) => Math.max(1, Math.min(BATCH, Math.floor(w.size / 20))),
    ops: (w, _rng, n) => w.take('volatile', n).map((spanId) => ({ kind: 'prune', spanId, acceptLossy: true })),
    accept: (o) => o.kind === 'evicted' && o.mode === 'lossy',
  },
  {
    info: { id: 'prune-refused', label: 'prune (refused)', unit: 'prune', method: 'prune without acceptLossy of a never-persisted raw span: the gate refuses it (not reversible) and surfaces the refusal' },
    needs: 'prune',
    expected: "a 'not-reversible' rejection",
    pool: 'volatile',
    grows: true,
    count: () => BATCH,
    ops: (w, rng, n) => Array.from({ length: n }, () => ({ kind: 'prune', spanId: w.volatile[rng.int(w.volatile.length)] as string })),
    accept: (o) => o.kind === 'rejected' && o.reason === 'not-reversible',
  },
  {
    info: { id: 'summarize-10', label: 'summarize (10 sources)', unit: 'summary', method: 'a summary with a fresh id and content naming 10 distinct resident raw spans drawn from the seed' },
    needs: 'summarize',
    expected: 'a written summary',
    pool: 'reads',
    grows: true,
    draws: DRAWN,
    count: () => BATCH,
    ops: (w, rng, n) =>
      Array.from({ length: n }, (): Operation => {
        const summaryId = w.freshId('sum');
        return { kind: 'summarize', summaryId, sourceIds: rng.distinct(w.reads, DRAWN), content: w.nextContent(summaryId) };
      }),
    accept: (o) => o.kind === 'summarized',
  },
  {
    info: { id: 'lookup-resident', label: 'lookup (resident)', unit: 'lookup', method: 'lookup of a resident raw span drawn from the seed; read-only' },
    needs: 'lookup',
    expected: "a 'resident' answer",
    pool: 'reads',
    count: () => BATCH,
    ops: (w, rng, n) => Array.from({ length: n }, () => ({ kind: 'lookup', spanId: w.reads[rng.int(w.reads.length)] as string })),
    accept: (o) => o.kind === 'resident',
  },
  {
    info: { id: 'lookup-pruned', label: 'lookup (pruned)', unit: 'lookup', method: 'lookup of a span of the pruned pool (pruned reversibly while building): the tombstone and the backing copy' },
    needs: 'lookup',
    expected: "a 'recoverable' answer",
    pool: 'reads',
    count: () => BATCH,
    ops: (w, rng, n) => Array.from({ length: n }, () => ({ kind: 'lookup', spanId: w.pruned[rng.int(w.pruned.length)] as string })),
    accept: (o) => o.kind === 'recoverable',
  },
  {
    info: { id: 'claim-10', label: 'claim (10 ids)', unit: 'claim', method: 'a claim resting on 10 distinct resident raw spans drawn from the seed; read-only' },
    needs: 'claim',
    expected: "a 'substantiated' verdict",
    pool: 'reads',
    draws: DRAWN,
    count: () => BATCH,
    ops: (w, rng, n) => Array.from({ length: n }, (_, i) => ({ kind: 'claim', claim: `claim ${i}`, requiredIds: rng.distinct(w.reads, DRAWN) })),
    accept: (o) => o.kind === 'substantiated',
  },
  {
    info: { id: 'reframe', label: 're-frame', unit: 're-frame', method: 'one re-frame to a new frame re-declaring every derived span (N/10) with its two sources: it visits the whole window, so linear is its nature' },
    needs: 'reframe',
    expected: 'a re-frame',
    pool: 'reads',
    grows: true,
    count: () => 1,
    ops: (w) => [{ kind: 'reframe', frame: w.freshId('frame'), derivations: w.derivations }],
    accept: (o) => o.kind === 'reframed',
  },
];

interface IterationState {
  readonly system: PruningSystem;
  readonly ops: readonly Operation[];
  answers: Answer[];
}

/** The runtime-mode paths of one window, each skipped when the runtime does not declare the operation it needs. */
export function runtimePaths(window: RuntimeWindow, operations: readonly OperationKind[], rng: Rng, subject: string): SubjectPath[] {
  // The window's read targets, counted from its layout (the draw order does not matter here): bench accepts windows
  // of 10 spans, which hold 4, fewer than a summary or a claim of the paths names.
  const readable = spanPools(window.size, new Rng(0, 'count')).reads.length;
  return RUNTIME_PATHS.map((spec) => {
    if (!operations.includes(spec.needs)) return { id: spec.info.id, skip: `the runtime does not declare '${spec.needs}' in its capabilities` };
    if (spec.draws !== undefined && readable < spec.draws) {
      return { id: spec.info.id, skip: `a window of ${window.size} spans has ${readable} read targets, fewer than the ${spec.draws} distinct spans each ${spec.info.unit} draws; give larger sizes` };
    }
    return path<IterationState>(spec.info.id, {
      async prepare() {
        const system = await window.ensure(spec.pool, spec.count(window));
        const ops = spec.ops(window, rng, spec.count(window));
        if (spec.grows === true) window.growth += ops.length;
        return { system, ops, answers: [] };
      },
      async run(state) {
        state.answers = await driveOperations(state.system, state.ops);
        return state.ops.length;
      },
      verify(state) {
        const k = state.answers.findIndex((a) => !('outcome' in a) || !spec.accept(a.outcome));
        if (k < 0) return undefined;
        return `${subject} answered ${JSON.stringify(state.answers[k]).slice(0, 200)} to ${JSON.stringify(state.ops[k]).slice(0, 120)} at ${window.size} spans; the path measures ${spec.expected}`;
      },
    });
  });
}
