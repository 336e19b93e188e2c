import type { Operation, PruneOp } from '../src/model/Operation.ts';
import type { BenchPathId, BenchSubject } from '../src/report/bench/BenchReport.ts';
import { Cursor, opTask, type BatchTask } from './BatchTask.ts';
import { expect } from './Fixture.ts';

/** Paths the naive baseline is measured on: those where it does comparable work (see `naiveSkips`). */
export const NAIVE_PATHS: readonly BenchPathId[] = ['prune-reversible', 'prune-lossy', 'summarize-10', 'lookup-resident', 'lookup-pruned', 'lookup-absent', 'claim-10'];

/** Why the naive baseline has no row for the other paths. */
export const NAIVE_SKIPS: readonly string[] = [
  'naive prune-rejected: the naive runtime has no gate, so the same directive evicts instead of being refused',
  'naive duplicate-retry check: the naive runtime keeps no request ledger, it re-executes every call',
  're-frame on naive: it only re-scores the named spans (no derivability, no floor), so its cost is not comparable',
];

const pruneOf = (spanId: string, acceptLossy = false): PruneOp => (acceptLossy ? { kind: 'prune', spanId, acceptLossy } : { kind: 'prune', spanId });

/** The per-directive tasks for one subject: every path for the reference, `NAIVE_PATHS` for the naive baseline. */
export function directiveTasks(subject: Exclude<BenchSubject, 'ceiling'>): BatchTask[] {
  const naive = subject === 'naive';
  const tasks: BatchTask[] = [pruneReversible(subject), pruneLossy(subject), summarize(subject), ...lookups(subject, naive), claim(subject)];
  if (!naive) tasks.push(pruneRejected(), retryDuplicate(), reframe());
  const order = (path: BenchPathId): number => ['prune-reversible', 'prune-lossy', 'prune-rejected', 'summarize-10', 'lookup-resident', 'lookup-pruned', 'lookup-absent', 'claim-10', 'retry-duplicate', 'reframe'].indexOf(path);
  return tasks.sort((a, b) => order(a.path) - order(b.path)) as BatchTask[];
}

/** The reversible prune; `path` names the window it runs on (the ~1 KB one, or the ~250 B one). */
export function pruneReversible(subject: Exclude<BenchSubject, 'ceiling'>, path: 'prune-reversible' | 'prune-reversible-small' = 'prune-reversible'): BatchTask {
  const cursor = new Cursor();
  return opTask({
    subject,
    path,
    expected: 'a reversible eviction',
    method:
      'targets are persisted raw spans whose digest was never computed, walked in a shuffled order; after each batch ' +
      '(untimed) every pruned span is restored from its backing copy, which clears its memoized digest, so every ' +
      'measured prune verifies the backing copy and hashes the content afresh.',
    batchSize: (fx, base) => Math.min(base, fx.reversible.length),
    prepare: (fx, _rng, count) => cursor.take(fx.reversible.length, count).map((i) => pruneOf(fx.reversible[i] as string)),
    accept: (outcome) => outcome.kind === 'evicted' && outcome.mode === 'reversible',
    undo: (fx, ops) => {
      for (const op of ops) expect(fx.rt.apply({ kind: 'restore', spanId: (op as PruneOp).spanId }), 'restored', (op as PruneOp).spanId);
    },
  });
}

function pruneLossy(subject: Exclude<BenchSubject, 'ceiling'>): BatchTask {
  const cursor = new Cursor();
  let positions: number[] = [];
  return opTask({
    subject,
    path: 'prune-lossy',
    expected: 'a lossy eviction',
    method:
      'targets are random never-persisted raw spans with `acceptLossy`; after each batch (untimed) each pruned span ' +
      'is replaced by a newly appended one, so the window keeps N resident spans and no target is pruned twice.',
    batchSize: (fx, base) => Math.min(base, fx.volatile.length),
    prepare: (fx, _rng, count) => {
      positions = cursor.take(fx.volatile.length, count);
      return positions.map((i) => pruneOf(fx.volatile[i] as string, true));
    },
    accept: (outcome) => outcome.kind === 'evicted' && outcome.mode === 'lossy',
    undo: (fx) => {
      for (const i of positions) fx.volatile[i] = fx.addVolatile();
    },
  });
}

function pruneRejected(): BatchTask {
  return opTask({
    subject: 'reference',
    path: 'prune-rejected',
    expected: "a 'not-reversible' rejection",
    method:
      'targets are random never-persisted raw spans without `acceptLossy`: the gate refuses and surfaces the refusal ' +
      'into the window; nothing else changes, so targets are reused.',
    prepare: (fx, rng, count) => Array.from({ length: count }, () => pruneOf(fx.volatile[rng.int(fx.volatile.length)] as string)),
    accept: (outcome) => outcome.kind === 'rejected' && outcome.reason === 'not-reversible',
  });
}

function summarize(subject: Exclude<BenchSubject, 'ceiling'>): BatchTask {
  return opTask({
    subject,
    path: 'summarize-10',
    expected: 'a written summary',
    method:
      'each summary names 10 distinct random resident raw spans as sources, with a fresh id and fresh content; after ' +
      'each batch (untimed) every summary is pruned with `acceptLossy`, so the window keeps N resident spans.',
    prepare: (fx, rng, count) =>
      Array.from({ length: count }, (): Operation => {
        const summaryId = fx.freshId('sum');
        return { kind: 'summarize', summaryId, sourceIds: rng.distinct(fx.reads, 10), content: fx.content.next(summaryId) };
      }),
    accept: (outcome) => outcome.kind === 'summarized',
    undo: (fx, ops) => {
      for (const op of ops) {
        const summaryId = (op as Extract<Operation, { kind: 'summarize' }>).summaryId;
        expect(fx.rt.apply(pruneOf(summaryId, true)), 'evicted', summaryId);
        fx.growth += 1;
      }
    },
  });
}

function lookups(subject: Exclude<BenchSubject, 'ceiling'>, naive: boolean): BatchTask[] {
  let never = 0;
  return [
    opTask({
      subject,
      path: 'lookup-resident',
      expected: "a 'resident' answer",
      method: 'random resident raw spans; read-only (their digest was memoized at build time: a first lookup of a raw span pays one sha256 to verify its pointer, which the prune rows measure).',
      prepare: (fx, rng, count) => Array.from({ length: count }, () => ({ kind: 'lookup', spanId: fx.reads[rng.int(fx.reads.length)] as string })),
      accept: (outcome) => outcome.kind === 'resident',
    }),
    opTask({
      subject,
      path: 'lookup-pruned',
      expected: naive ? "an 'absent' answer (the naive runtime forgets pruned spans)" : "a 'recoverable' answer",
      method: 'random spans of the pruned pool (pruned reversibly at build time); the reference reads the tombstone and the backing copy. The naive runtime scans the window and answers `absent`.',
      prepare: (fx, rng, count) => Array.from({ length: count }, () => ({ kind: 'lookup', spanId: fx.pruned[rng.int(fx.pruned.length)] as string })),
      accept: (outcome) => outcome.kind === (naive ? 'absent' : 'recoverable'),
    }),
    opTask({
      subject,
      path: 'lookup-absent',
      expected: "an 'absent' answer",
      method: 'ids never used in the episode, a new one per operation.',
      prepare: (_fx, _rng, count) => Array.from({ length: count }, () => ({ kind: 'lookup', spanId: `never-${(never += 1)}` })),
      accept: (outcome) => outcome.kind === 'absent',
    }),
  ];
}

function claim(subject: Exclude<BenchSubject, 'ceiling'>): BatchTask {
  return opTask({
    subject,
    path: 'claim-10',
    expected: "a 'substantiated' verdict",
    method: 'each claim rests on 10 distinct random resident raw spans; read-only.',
    prepare: (fx, rng, count) => Array.from({ length: count }, (_, i) => ({ kind: 'claim', claim: `claim ${i}`, requiredIds: rng.distinct(fx.reads, 10) })),
    accept: (outcome) => outcome.kind === 'substantiated',
  });
}

function retryDuplicate(): BatchTask {
  let retry = 0;
  return opTask({
    subject: 'reference',
    path: 'retry-duplicate',
    expected: "a 'duplicate' answer",
    method: '`callTool` with a random signature already in the ledger (N signatures); the ledger answers the original request, nothing executes.',
    prepare: (fx, rng, count) =>
      Array.from({ length: count }, () => ({ kind: 'callTool', signature: fx.signatures[rng.int(fx.signatures.length)] as string, requestId: `retry-${(retry += 1)}` })),
    accept: (outcome) => outcome.kind === 'duplicate',
  });
}

function reframe(): BatchTask {
  let frame = 0;
  return opTask({
    subject: 'reference',
    path: 'reframe',
    expected: 'a re-frame that re-verified every derived span and floored none',
    method:
      'one re-frame per sample to a new frame, re-declaring every derived span (N/10) with its two sources, which the ' +
      'runtime verifies; the time of the whole re-frame is divided by N. The state after it equals the state before.',
    batchSize: () => 1,
    unitsPerItem: (fx) => fx.size,
    prepare: (fx) => [{ kind: 'reframe', frame: `frame-${(frame += 1)}`, derivations: fx.derivationRecord }],
    accept: (outcome, fx) => outcome.kind === 'reframed' && outcome.derivable.length === fx.derivations.length && outcome.floored.length === 0,
  });
}
