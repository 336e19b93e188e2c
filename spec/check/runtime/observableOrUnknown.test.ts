import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { INVARIANT_NEEDS, unobservable } from '../../../src/check/runtime/invariantNeeds.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { auditLogDropsRejections } from '../../../src/subjects/zoo/AuditLogDropsRejections.ts';
import { drive } from '../../helpers/drive.ts';
import { raw } from '../../helpers/model.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-observable-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The same runtime with its audit log hidden: an adapter written against the contract before `auditLog()`. */
function withoutAuditLog(inner: Adapter): Adapter {
  return {
    ...inner,
    name: `${inner.name}-no-log`,
    async create(config) {
      const system = await inner.create(config);
      const { auditLog: _hidden, ...rest } = system;
      return rest;
    },
  };
}

// Issue 22, "a claim nothing can observe, reported as passed".
describe('INV-12: observable or unknown', () => {
  it('the audit log that drops rejected operations is caught once it is exposed (hand-written trace)', async () => {
    const { finding, step } = await drive(auditLogDropsRejections, [raw('a', 'only copy'), { kind: 'prune', spanId: 'a' }, raw('b', 'next')], { finish: true });
    expect([finding?.invariant, step]).toEqual(['INV-12', 3]);
    expect(finding?.because.join(' / ')).toContain('step 2: prune a → rejected (not-reversible)');
    expect(finding?.because.join(' / ')).toContain('has no entry for it');
  });

  it('the reference, whose log holds every step, passes the same trace', async () => {
    const { finding } = await drive(referenceAdapter, [raw('a', 'only copy'), { kind: 'prune', spanId: 'a' }, raw('b', 'next')], { finish: true });
    expect(finding).toBeUndefined();
  });

  it('without auditLog() the same runtime is conformant on what it shows, and INV-12 and INV-11 are unknown, never passed', async () => {
    const report = await checkAdapter(withoutAuditLog(auditLogDropsRejections), { seed: 1, outDir, examples: false });
    expect(report.verdict).toBe('conformant');
    const status = (id: string) => report.invariants.find((i) => i.invariant === id);
    expect(status('INV-12')).toMatchObject({ status: 'unknown', reason: expect.stringContaining('not observable, expose auditLog()') });
    expect(status('INV-11')?.status).toBe('unknown');
    expect(status('INV-03')?.status).toBe('passed');
    expect(unobservable('INV-12', new Set(['auditLog']))).toBeUndefined();
    expect(Object.keys(INVARIANT_NEEDS).sort()).toEqual(['INV-09', 'INV-11', 'INV-12']);
  });

  it('exposed, INV-12 is judged: the reference passes it, the dropping log is a violation', async () => {
    const good = await checkAdapter(referenceAdapter, { seed: 1, outDir, examples: false });
    expect(good.invariants.find((i) => i.invariant === 'INV-12')?.status).toBe('passed');
    const bad = await checkAdapter(auditLogDropsRejections, { seed: 1, outDir, examples: false });
    expect(bad.violations.map((v) => v.invariant)).toEqual(['INV-12']);
  });
});
