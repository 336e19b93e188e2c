import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { ZOO_ADAPTERS } from '../../../src/subjects/zoo/index.ts';
import type { Counterexample } from '../../../src/run/CheckReport.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { forgetsTombstones, keepsLatestMarker, leaks, showsLatestSignature } from '../../helpers/decayingRuntimes.ts';
import { falseFacts } from '../../helpers/verifyFacts.ts';

const SEEDS = [1, 2, 3];
// The decaying runtimes' findings come from rechecks (issue 11): state re-observed after no step named it.
const RUNTIMES: readonly Adapter[] = [...ZOO_ADAPTERS, findBuiltin('naive') as Adapter, findBuiltin('conservative') as Adapter, leaks, forgetsTombstones, keepsLatestMarker, showsLatestSignature];
const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-because-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Issue: "a because clause that is false for the system is a bug". Every clause about the system carries the
// facts it rests on; replaying the counterexample on a fresh system of the runtime must bear out every one.
describe('because chains are true for the system', () => {
  it.each(RUNTIMES.map((adapter) => [adapter.name, adapter] as const))('every clause about %s holds for it, at seeds 1–3', async (name, adapter) => {
    for (const seed of SEEDS) {
      const report = await checkAdapter(adapter, { seed, outDir, adapterRef: name });
      const violation = report.violations[0];
      expect(violation, `${name} at seed ${seed}: ${report.verdict}`).toBeDefined();
      if (violation === undefined) continue;
      const cx = JSON.parse(readFileSync(violation.counterexample, 'utf8')) as Counterexample;
      const clauses = cx.clauses ?? [];
      if (violation.invariant === 'ADAPTER-ERROR' || violation.invariant === 'TIMEOUT') continue;
      expect(clauses.map((c) => c.text), `${name} at seed ${seed}: clauses match the because chain`).toEqual(violation.because);
      for (const clause of clauses.filter((c) => c.about === 'system')) {
        expect(clause.facts.length, `${name} seed ${seed}: "${clause.text}" rests on no fact`).toBeGreaterThan(0);
      }
      const facts = clauses.flatMap((c) => (c.about === 'system' || c.about === 'step' ? c.facts : []));
      const wrong = await falseFacts(adapter, cx.config, cx.trace, facts);
      const said = (f: unknown): string => clauses.find((c) => c.facts.includes(f as never))?.text ?? '?';
      expect(wrong.map((f) => `${said(f)} — ${JSON.stringify(f)}`), `${name} at seed ${seed} (${violation.invariant}): ${violation.because.join(' / ')}`).toEqual([]);
    }
  });
});

describe('the fact checker', () => {
  it('finds a clause false for the system: a reversible eviction said of a system that evicted lossily', async () => {
    const trace = [{ kind: 'append', span: { id: 's1', kind: 'raw', content: 'an identifier' } }, { kind: 'prune', spanId: 's1', acceptLossy: true }] as const;
    const reference = findBuiltin('reference') as Adapter;
    const facts = [
      { kind: 'answered', step: 2, shape: { kind: 'evicted', spanId: 's1', mode: 'lossy' } },
      { kind: 'answered', step: 2, shape: { kind: 'evicted', spanId: 's1', mode: 'reversible' } },
      { kind: 'observed', step: 2, when: 'after', spanId: 's1', shape: { resident: null, index: { kind: 'lossy' } } },
      { kind: 'never-answered', from: 1, to: 1, shape: { kind: 'persisted' } },
      { kind: 'asked', step: 1, shape: { span: { persist: { $not: true } } } },
    ] as const;
    expect(await falseFacts(reference, { capacity: 100 }, trace, facts)).toEqual([facts[1]]);
  });
});
