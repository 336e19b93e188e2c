import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FindingKind } from '../../../src/check/FindingKind.ts';
import { RUNTIME_INVARIANT_IDS } from '../../../src/model/invariants.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { keepsFinding } from '../../../src/run/runtime/keepsFinding.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import type { Adapter } from '../../../src/adapters/Adapter.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-keeps-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const OTHERS: readonly FindingKind[] = ['DIFFERENTIAL', 'ADAPTER-ERROR', 'TIMEOUT'];

describe('what a shrink keeps (issue 22: nothing caught is lost)', () => {
  it('the same finding always; a named rule in place of a DIFFERENTIAL; never a rule traded away', () => {
    for (const kind of [...RUNTIME_INVARIANT_IDS, ...OTHERS]) expect(keepsFinding(kind, kind)).toBe(true);
    for (const rule of RUNTIME_INVARIANT_IDS) {
      expect(keepsFinding('DIFFERENTIAL', rule)).toBe(true);
      for (const other of [...OTHERS, ...RUNTIME_INVARIANT_IDS.filter((r) => r !== rule)]) expect(keepsFinding(rule, other)).toBe(false);
    }
    expect(keepsFinding('DIFFERENTIAL', 'ADAPTER-ERROR')).toBe(false);
    expect(keepsFinding('DIFFERENTIAL', 'TIMEOUT')).toBe(false);
    expect(keepsFinding('ADAPTER-ERROR', 'INV-01')).toBe(false);
  });

  // At seed 18 the first failing run of ignores-content-change re-evicts an edited span that a re-frame floored: the
  // system refuses it for the floor, the reference for the change (a DIFFERENTIAL). Shrinking keeps the rule that
  // explains it, on its minimal trace, and the report says so.
  it('ignores-content-change at seed 18, first failing as a DIFFERENTIAL, is reported as INV-02 on its minimal trace', async () => {
    const report = await checkAdapter(findBuiltin('ignores-content-change') as Adapter, { seed: 18, outDir, examples: false });
    expect([report.verdict, report.violations[0]?.invariant, report.violations[0]?.traceLength]).toEqual(['violation', 'INV-02', 5]);
  });
});
