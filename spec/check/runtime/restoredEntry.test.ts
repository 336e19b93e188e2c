import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/model/Operation.ts';
import type { Outcome } from '../../../src/model/Outcome.ts';
import { GAP_POINTER, ReferenceRuntime, type SpanObservation } from '../../../src/model/ReferenceRuntime.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { drive, testRuntime } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';
import { falseFacts } from '../../helpers/verifyFacts.ts';

/** Restores a span whose entry was folded into the gap marker and keeps the span's pointer into the gap marker. */
class KeepsFoldedPointer extends ReferenceRuntime {
  private readonly pointed = new Set<string>();

  override apply(op: Operation): Outcome {
    const folded = op.kind === 'restore' && this.window.isFolded(op.spanId);
    const outcome = super.apply(op);
    if (folded && outcome.kind === 'restored') this.pointed.add(outcome.spanId);
    return outcome;
  }

  override observe(spanId: string): SpanObservation {
    const observation = super.observe(spanId);
    return this.pointed.has(spanId) && observation.resident !== undefined ? { ...observation, gap: GAP_POINTER } : observation;
  }
}

const keepsPointer = testRuntime('keeps-folded-pointer', (c) => new KeepsFoldedPointer(c));
const config = { capacity: 60, markerTokens: 10 };
const spanOf = (id: string, tokens: number) => raw(id, `${id} output`, { tokens, persist: true });
// 60 tokens, 10 a line: five handles (a–e) and f fill it; f's rejection notice would make 70, so a's and b's
// entries fold into one gap marker (60); f leaves lossily (50); a back in (10) with its folded entry out fits.
const restoreFolded: Operation[] = [
  ...['a', 'b', 'c', 'd'].map((id) => spanOf(id, 10)),
  ...['a', 'b', 'c'].map((spanId): Operation => ({ kind: 'prune', spanId })),
  spanOf('e', 20),
  { kind: 'prune', spanId: 'd' },
  { kind: 'prune', spanId: 'e' },
  raw('f', 'f output', { tokens: 10 }),
  { kind: 'prune', spanId: 'f' },
  { kind: 'prune', spanId: 'f', acceptLossy: true },
  { kind: 'restore', spanId: 'a' },
];

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-restored-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Mutation gap (reports/mutation.md, Window.ts insert): a restored span whose entry had been folded kept its
// pointer into the gap marker, and nothing compared a resident span's entry.
describe('INV-29: a restored span leaves the index, folded entry and pointer too', () => {
  it('the reference restores a, folded before, with no entry and no pointer', () => {
    const rt = new ReferenceRuntime(config);
    const outcomes = restoreFolded.slice(0, -1).map((op) => rt.apply(op));
    expect(rt.observe('a')).toMatchObject({ gap: GAP_POINTER });
    outcomes.push(rt.apply(restoreFolded.at(-1) as Operation));
    expect(outcomes.map((o) => o.kind).slice(-3)).toEqual(['rejected', 'evicted', 'restored']);
    expect(rt.observe('a')).not.toHaveProperty('gap');
    expect(rt.observe('a').index).toBeUndefined();
  });

  it('keeps-folded-pointer is INV-29 at the restore, with clauses true for the system', async () => {
    const driven = await drive(keepsPointer, restoreFolded, { config, recheckEvery: 0 });
    expect([driven.finding?.invariant, driven.step]).toEqual(['INV-29', restoreFolded.length]);
    const clauses = driven.finding?.clauses ?? [];
    expect(clauses.map((c) => c.text).join('\n')).toMatch(/a is restored and still has a pointer into the gap marker/);
    const facts = clauses.flatMap((c) => (c.about === 'system' ? c.facts : []));
    expect(facts.length).toBeGreaterThan(0);
    expect(await falseFacts(keepsPointer, config, restoreFolded, facts)).toEqual([]);
  });

  it('the generated suite finds keeps-folded-pointer (INV-29)', async () => {
    const found = [];
    for (const seed of [1, 2, 3, 4]) {
      const report = await checkAdapter(keepsPointer, { seed, outDir, examples: false, adapterRef: 'keeps-folded-pointer' });
      found.push([report.verdict, report.violations[0]?.invariant]);
    }
    expect(found).toContainEqual(['violation', 'INV-29']);
  });
});
