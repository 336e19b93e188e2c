import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../src/adapters/zoo/index.ts';
import { checkAdapter } from '../../src/run/checkAdapter.ts';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { Counterexample, Violation } from '../../src/run/CheckReport.ts';

/** The fixed seed every zoo member is checked with; default settings otherwise (runs, episode length). */
const SEED = 20_261_130;

/**
 * The longest shrunk counterexample accepted, in operations. Measured with SEED: every member's shrunk trace
 * has 2–4 operations (5 for ignores-content-change). The bound leaves room for a harmless change of the
 * generator's weights; over seeds 1–6 the longest was 12 (crashes-when-full, whose capacity did not shrink).
 */
const MAX_TRACE = 8;

/**
 * Members the engine catches but attributes to another finding than the invariant they break; reported to the
 * engine's owner. Their strict test is expected to fail (`it.fails`), so fixing the attribution turns it red
 * here as a reminder to move the member back to the strict list.
 * - ignores-content-change: the shrunk trace is persist, prune, restore, edit, prune; the last prune is
 *   `rejected: not-reversible` where the reference answers `rejected: content-changed` (INV-02 names the
 *   reason), and checkOutcome reports DIFFERENTIAL. With other seeds a compaction of the edited, re-persisted
 *   span is reported INV-07 although the span has a resolvable pointer.
 */
const KNOWN_ATTRIBUTION_GAPS = new Set(['ignores-content-change']);

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-zoo-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const members = (gaps: boolean) =>
  ZOO_ADAPTERS.filter((adapter) => KNOWN_ATTRIBUTION_GAPS.has(adapter.name) === gaps).map((adapter) => [ZOO_EXPECTATIONS[adapter.name] as string, adapter.name, adapter] as const);

async function check(adapter: Adapter) {
  const report = await checkAdapter(adapter, { seed: SEED, outDir, adapterRef: adapter.name });
  expect(report.verdict).toBe('violation');
  expect(report.violations).toHaveLength(1);
  const violation = report.violations[0] as Violation;
  expect(violation.traceLength).toBeLessThanOrEqual(MAX_TRACE);
  return violation;
}

describe('the engine catches every zoo member', () => {
  it.each(members(true))('%s %s is caught under default settings, with a short counterexample (attribution gap)', async (_invariant, _name, adapter) => {
    await check(adapter);
  });

  it.fails.each(members(true))('%s %s is attributed to its invariant (known gap: fails until the engine attributes it)', async (invariant, _name, adapter) => {
    expect((await check(adapter)).invariant).toBe(invariant);
  });

  it.each(members(false))(
    '%s %s is found with its invariant under default settings, with a short replayable counterexample',
    async (invariant, name, adapter) => {
      const report = await checkAdapter(adapter, { seed: SEED, outDir, adapterRef: name });
      expect(report.verdict).toBe('violation');
      const violation = report.violations.find((v) => v.invariant === invariant);
      expect(violation, `violations found: ${JSON.stringify(report.violations, null, 2)}`).toBeDefined();
      if (violation === undefined) return;
      expect(violation.traceLength).toBeLessThanOrEqual(MAX_TRACE);
      expect(violation.counterexample.startsWith(outDir)).toBe(true);
      expect(existsSync(violation.counterexample)).toBe(true);
      const counterexample = JSON.parse(readFileSync(violation.counterexample, 'utf8')) as Counterexample;
      expect(counterexample).toMatchObject({ adapter: name, adapterRef: name, invariant, seed: SEED });
      expect(counterexample.trace).toHaveLength(violation.traceLength);
      expect(counterexample.step).toBeLessThanOrEqual(counterexample.trace.length);
      expect(violation.replay).toContain(violation.counterexample);
    },
  );
});
