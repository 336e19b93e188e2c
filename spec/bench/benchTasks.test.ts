import { describe, expect, it } from 'vitest';
import { opTask } from '../../bench/BatchTask.ts';
import { BenchError } from '../../bench/BenchError.ts';
import { ceilingTasks, sha256Task } from '../../bench/ceilingTasks.ts';
import { CheckerFixture, checkerStepTask, recheckTask } from '../../bench/checkerBenches.ts';
import { ContentSource } from '../../src/run/bench/ContentSource.ts';
import { directiveTasks, NAIVE_PATHS, pruneReversible } from '../../bench/directiveTasks.ts';
import { BENCH_CAPACITY, Fixture, SMALL_CONTENT, type SubjectFactory } from '../../bench/Fixture.ts';
import { Rng } from '../../src/run/bench/Rng.ts';
import { NaiveRuntime } from '../../src/subjects/naive/NaiveRuntime.ts';
import { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';

const reference: SubjectFactory = { subject: 'reference', create: () => new ReferenceRuntime({ capacity: BENCH_CAPACITY }) };
const naive: SubjectFactory = { subject: 'naive', create: () => new NaiveRuntime({ capacity: BENCH_CAPACITY }) };

describe('bench fixtures and tasks (no timing)', () => {
  it('builds the documented window mix and pools', () => {
    const fx = new Fixture(reference, 200, 1);
    const rt = fx.rt as ReferenceRuntime;
    expect(rt.window.size).toBe(200);
    expect([fx.reversible.length, fx.reads.length, fx.volatile.length, fx.derivations.length, fx.pruned.length, fx.signatures.length]).toEqual([80, 80, 20, 20, 20, 200]);
    expect(rt.tombstones.size).toBe(20);
    expect(rt.lookup(fx.pruned[0] as string).kind).toBe('recoverable');
  });

  it('runs every reference, ceiling and naive task for several batches on the path it claims, keeping N resident', () => {
    for (const [factory, tasks] of [
      [reference, [...directiveTasks('reference'), ...ceilingTasks()]],
      [naive, directiveTasks('naive')],
    ] as const) {
      const fx = new Fixture(factory, 200, 3);
      const rng = new Rng(3, 'test');
      for (const task of tasks) {
        task.setup?.(fx);
        for (let batch = 0; batch < 6; batch += 1) {
          fx.refresh();
          const items = task.prepare(fx, rng, task.batchSize(fx, 25));
          task.run(fx, items);
          task.after?.(fx, items);
        }
        task.teardown?.(fx);
        if (fx.rt instanceof ReferenceRuntime) expect(fx.rt.window.size, task.path).toBe(200);
      }
      expect(fx.builds, 'lossy prunes and summaries rebuild the small window').toBeGreaterThan(1);
    }
    expect(directiveTasks('naive').map((t) => t.path)).toEqual(NAIVE_PATHS);
  });

  it('runs checked prune steps and checked restores through the episode driver with no finding, rechecks apart', async () => {
    const fx = new CheckerFixture(100, 4);
    const task = checkerStepTask();
    const rng = new Rng(4, 'checker');
    // A tenth of the recheck's touched ids (the whole window at this size) were pruned before measuring.
    expect(fx.state.reference.window.size).toBe(90);
    for (let batch = 0; batch < 3; batch += 1) {
      const ops = task.prepare(fx, rng, task.batchSize(fx, 20));
      expect(ops.every((op) => fx.state.reference.window.has(op.spanId))).toBe(true);
      await task.run(fx, ops);
      expect(fx.state.reference.window.size).toBe(70);
      await task.after?.(fx, ops);
      expect(fx.state.reference.window.size).toBe(90);
    }
    expect(fx.driver.trace).toHaveLength(120);
    expect(fx.driver.trace[0]?.kind).toBe('prune');
    expect(fx.driver.recheck.count).toBe(0);
  });

  it('rechecks every touched id, resident and evicted, after each checked lookup, with no finding', async () => {
    const fx = new CheckerFixture(100, 4);
    const task = recheckTask();
    expect(fx.recheckIds).toHaveLength(100);
    expect(new Set(fx.recheckIds).size).toBe(100);
    expect(fx.recheckIds.filter((id) => !fx.state.reference.window.has(id))).toHaveLength(10);
    expect(task.unitsPerItem?.(fx)).toBe(100);
    const rng = new Rng(4, 'recheck');
    const ops = task.prepare(fx, rng, task.batchSize(fx, 100));
    expect(ops).toHaveLength(10);
    await task.run(fx, ops);
    expect(fx.rechecker.recheck.count).toBe(10);
    expect([...fx.rechecker.recheck.touched]).toEqual(expect.arrayContaining(fx.recheckIds));
    expect(fx.rechecker.recheck.touched.size).toBe(100);
  });

  it('builds the ~250 B window of the hash target and runs its reversible prune and sha256 on it', () => {
    const fx = new Fixture(reference, 200, 5, SMALL_CONTENT);
    const rt = fx.rt as ReferenceRuntime;
    expect(fx.contentBytesPerSpan).toBeGreaterThanOrEqual(SMALL_CONTENT.min);
    expect(fx.contentBytesPerSpan).toBeLessThanOrEqual(SMALL_CONTENT.max);
    const rng = new Rng(5, 'small');
    for (const task of [pruneReversible('reference', 'prune-reversible-small'), sha256Task('sha256-small')]) {
      for (let batch = 0; batch < 3; batch += 1) {
        const items = task.prepare(fx, rng, task.batchSize(fx, 25));
        task.run(fx, items);
        task.after?.(fx, items);
      }
      expect(rt.window.size, task.path).toBe(200);
    }
  });

  it('fails a task whose outcome is not the path it measures', () => {
    const fx = new Fixture(reference, 100, 2);
    const task = opTask({
      subject: 'reference',
      path: 'prune-reversible',
      expected: 'a reversible eviction',
      method: '',
      prepare: (f) => [{ kind: 'prune', spanId: f.volatile[0] as string }],
      accept: (outcome) => outcome.kind === 'evicted' && outcome.mode === 'reversible',
    });
    const items = task.prepare(fx, new Rng(2, 't'), 1);
    task.run(fx, items);
    let error: unknown;
    try {
      task.after?.(fx, items);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).code).toBe('WRONG_PATH');
    expect((error as BenchError).message).toContain('not-reversible');
  });

  it('generates deterministic, unique, flat content within the length bounds', () => {
    const a = new ContentSource(9, 'x');
    const b = new ContentSource(9, 'x');
    const texts = Array.from({ length: 50 }, (_, i) => a.next(`s-${i}`));
    expect(Array.from({ length: 50 }, (_, i) => b.next(`s-${i}`))).toEqual(texts);
    expect(new Set(texts).size).toBe(50);
    for (const [i, text] of texts.entries()) {
      expect(text.startsWith(`s-${i} `)).toBe(true);
      expect(text.length).toBeGreaterThanOrEqual(a.min);
      expect(text.length).toBeLessThanOrEqual(a.max);
      expect(Buffer.byteLength(text, 'utf8')).toBe(text.length);
    }
    expect(a.meanBytes).toBeGreaterThan(a.min);
    expect(new ContentSource(10, 'x').next('s-0')).not.toBe(texts[0]);
  });
});
