import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { loadSupervised } from '../../../src/adapters/supervise/loadSupervised.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { scratch } from '../../helpers/faults.ts';
import { referenceModuleWith } from '../../helpers/referenceModule.ts';

// A batch's rechecks send the audit log as what changed since the last read, and the operations in it as steps
// (src/adapters/supervise/LogSender.ts); the child freezes the operations it hands the system, as the engine
// does in-process. Two systems that would tell if either went wrong: one rewrites an entry it logged long before
// (after the engine read it), one writes to the operation it was given. Each is judged supervised as in-process.
const temp = scratch('log-ops');

describe('audit logs and operations across the supervised boundary are what the engine would read in-process', () => {
  for (const [name, body, expected] of [
    [
      'rewrites-an-old-entry',
      // The first entry's outcome is rewritten once the log holds more than 6 entries: after a recheck (every 4 steps) read it.
      `return { apply: (op) => rt.apply(op), observe: (ids) => ids.map((id) => rt.observe(id)), request: (s) => rt.ledger.get(s),
        auditLog: () => { const log = rt.log.all(); if (log.length > 6 && log[0]) log[0].outcome = { ...log[0].outcome, kind: 'rewritten' }; return log; } };`,
      'INV-12',
    ],
    [
      'writes-to-its-operation',
      `return { apply: (op) => { if (op.kind === 'rotate') op.kind = 'rotate'; return rt.apply(op); }, observe: (ids) => ids.map((id) => rt.observe(id)), request: (s) => rt.ledger.get(s), auditLog: () => rt.log.all() };`,
      'ADAPTER-ERROR',
    ],
  ] as const) {
    it(`${name}: the same verdict, finding and step as in-process (${expected})`, async () => {
      const dir = temp();
      const file = referenceModuleWith(dir, name, body);
      const options = { runs: 30, seed: 5, reruns: 0, examples: false, recheckEvery: 4 } as const;
      const own = (await import(pathToFileURL(file).href)) as { default: Adapter };
      const inProcess = await checkAdapter(own.default, { ...options, outDir: join(dir, 'in') });
      expect(inProcess.violations[0]?.invariant).toBe(expected);
      const loaded = await loadSupervised(file, 'runtime');
      if (loaded.mode !== 'runtime') throw new Error('not a runtime adapter');
      try {
        const boundary = await checkAdapter(loaded.adapter, { ...options, outDir: join(dir, 'sup') });
        expect(boundary.verdict).toBe(inProcess.verdict);
        expect(boundary.violations.map((v) => [v.invariant, v.step, v.because])).toEqual(inProcess.violations.map((v) => [v.invariant, v.step, v.because]));
        expect(boundary.opsChecked).toBe(inProcess.opsChecked);
        expect(loaded.adapter.boundary.stepsFromBatches).toBeGreaterThan(0);
      } finally {
        await loaded.adapter.drain();
      }
    });
  }
});
