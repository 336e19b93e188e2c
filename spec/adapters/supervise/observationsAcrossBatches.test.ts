import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { loadSupervised } from '../../../src/adapters/supervise/loadSupervised.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import type { CheckReport } from '../../../src/run/CheckReport.ts';
import { scratch } from '../../helpers/faults.ts';
import { referenceModuleWith } from '../../helpers/referenceModule.ts';

// What a supervised module answers is sent when a batch ends (src/adapters/supervise/subjectChild.ts), steps
// after it was read. A module that answers with its own live objects (the same observation object for a span each
// time, updated in place; one array reused for every observe; a ledger record it updates later) was judged on the
// state they held at the end of the batch, not at the step they answered for: reference-like modules were
// convicted (INV-03 and others) in their supervised process only; one round trip a step, the observations before
// a step were sent after the operation had changed them. Each is judged here supervised (batched and not) as
// in-process, and as the same module answering copies.
const temp = scratch('live-observations');

/** Observations and ledger records as the module's own objects: one per span (and signature), rewritten in place. */
const LIVE = `const spans = new Map();
    const out = [];
    const live = (id) => {
      let held = spans.get(id);
      if (held === undefined) spans.set(id, (held = {}));
      for (const key of Object.keys(held)) delete held[key];
      return Object.assign(held, structuredClone(rt.observe(id)));
    };
    const records = new Map();
    const record = (s) => {
      const now = rt.ledger.get(s);
      if (now === undefined) return undefined;
      let held = records.get(s);
      if (held === undefined) records.set(s, (held = {}));
      for (const key of Object.keys(held)) delete held[key];
      return Object.assign(held, structuredClone(now));
    };
    return { apply: (op) => rt.apply(op), observe: (ids) => { out.length = 0; for (const id of ids) out.push(live(id)); return out; }, request: record, auditLog: () => rt.log.all() };`;

/** Its own object per span, rewritten in place, in a new array at each call. */
const LIVE_SPANS = LIVE.replace('observe: (ids) => { out.length = 0; for (const id of ids) out.push(live(id)); return out; }', 'observe: (ids) => ids.map(live)');

/** The same answers, each a copy of its own. */
const COPYING = `return { apply: (op) => rt.apply(op), observe: (ids) => ids.map((id) => structuredClone(rt.observe(id))), request: (s) => structuredClone(rt.ledger.get(s)), auditLog: () => rt.log.all() };`;

const verdictOf = (report: CheckReport): unknown => [report.verdict, report.violations.map((v) => [v.invariant, v.step, v.because]), report.invariants.map((i) => [i.invariant, i.status]), report.opsChecked];

describe('observations across the supervised boundary are what the module answered at that step', () => {
  it('a module answering its live objects: the same verdict supervised as in-process, and as a module answering copies', async () => {
    const dir = temp();
    const options = { runs: 30, seed: 5, reruns: 0, examples: false, recheckEvery: 4 } as const;
    const reports: Record<string, CheckReport> = {};
    for (const [name, body] of [
      ['live', LIVE],
      ['live-spans', LIVE_SPANS],
      ['copying', COPYING],
    ] as const) {
      const file = referenceModuleWith(dir, name, body);
      const own = (await import(pathToFileURL(file).href)) as { default: Adapter };
      reports[`${name} in-process`] = await checkAdapter(own.default, { ...options, outDir: join(dir, `${name}-in`) });
      const loaded = await loadSupervised(file, 'runtime');
      if (loaded.mode !== 'runtime') throw new Error('not a runtime adapter');
      try {
        reports[`${name} supervised`] = await checkAdapter(loaded.adapter, { ...options, outDir: join(dir, `${name}-sup`) });
        expect(loaded.adapter.boundary.stepsFromBatches).toBeGreaterThan(0);
        // One round trip a step: the observations before are read before the operation changes them.
        loaded.adapter.batching = false;
        reports[`${name} supervised, unbatched`] = await checkAdapter(loaded.adapter, { ...options, outDir: join(dir, `${name}-one`) });
      } finally {
        await loaded.adapter.drain();
      }
    }
    const copying = verdictOf(reports['copying in-process'] as CheckReport);
    expect(reports['copying in-process']?.violations).toEqual([]);
    for (const key of Object.keys(reports)) expect([key, verdictOf(reports[key] as CheckReport)]).toEqual([key, copying]);
  });
});
