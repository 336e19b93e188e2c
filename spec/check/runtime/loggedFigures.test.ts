import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import type { BackingCheck, RejectionReason, WindowFull } from '../../../src/model/Outcome.ts';
import type { Operation } from '../../../src/model/Operation.ts';
import { ReferenceRuntime } from '../../../src/model/ReferenceRuntime.ts';
import type { Span, SpanView } from '../../../src/model/Span.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { drive, testRuntime } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';
import { falseFacts } from '../../helpers/verifyFacts.ts';

/** Answers window-full with the resident tokens as `used`: its figure leaves the index out. */
class FullIndexFree extends ReferenceRuntime {
  override full(spanId: string, needed: number): WindowFull {
    return { ...super.full(spanId, needed), used: this.window.residentTokens };
  }
}

/** Answers window-full with a capacity of its own. */
class FullWrongCapacity extends ReferenceRuntime {
  override full(spanId: string, needed: number): WindowFull {
    return { ...super.full(spanId, needed), capacity: this.window.capacity * 2 };
  }
}

/** Answers window-full without the figures INV-13 asks for. */
class FullNoFigures extends ReferenceRuntime {
  override full(spanId: string, needed: number): WindowFull {
    const { kind, spanId: id } = super.full(spanId, needed);
    return { kind, spanId: id } as WindowFull;
  }
}

/** Logs every prune's check as addressable, a copy stored or not. */
class LogsAddressable extends ReferenceRuntime {
  override backingCheck(span: Span): BackingCheck {
    return { ...super.backingCheck(span), addressable: true };
  }
}

/** Writes a rejection notice for any known span, resident or not: it overwrites an evicted span's marker. */
class NoticeOverMarker extends ReferenceRuntime {
  protected override surfaceRejection(spanId: string, reason: RejectionReason): void {
    this.window.mark({ kind: 'rejected', spanId, reason, step: this.step });
  }
}

/** Shows its summaries as derived spans. */
class SummaryAsDerived extends ReferenceRuntime {
  override view(span: Span): SpanView {
    const view = super.view(span);
    return view.kind === 'summary' ? { ...view, kind: 'derived' } : view;
  }
}

const config = { capacity: 100 };
// 60 resident tokens and an empty index keeping one 15-token line: an 30-token append does not fit (60 + 15 + 30 > 100).
const full: Operation[] = [raw('a', 'alpha', { tokens: 60 }), raw('b', 'beta', { tokens: 30 })];
// a has no copy: a prune without accepted loss is refused, with a check that finds no handle.
const unbacked: Operation[] = [raw('a', 'alpha'), { kind: 'prune', spanId: 'a' }];
// a leaves lossily (its lossy marker), then a prune of it is refused: not resident.
const refusedAfterEviction: Operation[] = [raw('a', 'alpha'), raw('b', 'beta'), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'prune', spanId: 'a' }];

const summarized: Operation[] = [raw('a', 'alpha'), raw('b', 'beta'), { kind: 'summarize', summaryId: 's', sourceIds: ['a', 'b'], content: 'alpha and beta', tokens: 4 }];

const CASES: readonly { readonly adapter: Adapter; readonly ops: readonly Operation[]; readonly invariant: string; readonly step: number; readonly says: RegExp }[] = [
  { adapter: testRuntime('full-index-free', (c) => new FullIndexFree(c)), ops: full, invariant: 'INV-29', step: 2, says: /window-full with 60 of 100 tokens in use/ },
  { adapter: testRuntime('full-wrong-capacity', (c) => new FullWrongCapacity(c)), ops: full, invariant: 'INV-13', step: 2, says: /capacity is 100 tokens/ },
  { adapter: testRuntime('logs-addressable', (c) => new LogsAddressable(c)), ops: unbacked, invariant: 'INV-12', step: 2, says: /check says addressable true/ },
  { adapter: testRuntime('summary-as-derived', (c) => new SummaryAsDerived(c)), ops: summarized, invariant: 'INV-05', step: 3, says: /s is shown as a span of kind "derived"/ },
  { adapter: testRuntime('notice-over-marker', (c) => new NoticeOverMarker(c)), ops: refusedAfterEviction, invariant: 'INV-15', step: 4, says: /entry of a, evicted before the step, changed from 'lossy' to 'rejected'/ },
];

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-figures-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Mutation gaps (reports/mutation.md): the figures of window-full, a prune's logged check, the marker a refusal
// leaves and a summary's kind were not compared at the step, so runtimes misstating them passed.
describe('what a step answers is compared where the spec determines it', () => {
  it.each(CASES.map((c) => [c.adapter.name, c.invariant, c] as const))('%s is %s at the step, with clauses true for the system', async (_name, invariant, { adapter, ops, step, says }) => {
    const driven = await drive(adapter, ops, { config, recheckEvery: 0 });
    expect([driven.finding?.invariant, driven.step]).toEqual([invariant, step]);
    const clauses = driven.finding?.clauses ?? [];
    expect(clauses.map((c) => c.text).join('\n')).toMatch(says);
    const facts = clauses.flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(facts.length).toBeGreaterThan(0);
    expect(await falseFacts(adapter, config, ops, facts)).toEqual([]);
  });

  it('a window-full without its figures is malformed, naming the field', async () => {
    const driven = await drive(testRuntime('full-no-figures', (c) => new FullNoFigures(c)), full, { config });
    expect(driven.step).toBe(2);
    expect(JSON.stringify(driven.finding)).toMatch(/'window-full' field 'needed' must be number/);
  });

  it.each(CASES.map((c) => [c.adapter.name, c.invariant, c.adapter] as const))('the generated suite finds %s (%s)', async (name, invariant, adapter) => {
    const report = await checkAdapter(adapter, { seed: 1, outDir, examples: false, adapterRef: name });
    expect([report.verdict, report.violations[0]?.invariant]).toEqual(['violation', invariant]);
  });
});
