import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_ADAPTERS } from '../../src/subjects/policy/index.ts';
import { designExpectations, ECOSYSTEM_EXPECTATIONS_FILE } from '../../src/run/expectations/designExpectations.ts';
import { readExpectations } from '../../src/run/expectations/readExpectations.ts';
import type { EcosystemReport } from '../../src/report/policy/ecosystemReport.ts';
import { replayPolicyCounterexample } from '../../src/run/policy/replayPolicyCounterexample.ts';

const root = new URL('../..', import.meta.url).pathname;
const report = JSON.parse(readFileSync(join(root, 'reports/ecosystem.json'), 'utf8')) as EcosystemReport;
const markdown = readFileSync(join(root, 'reports/ecosystem.md'), 'utf8');
const findings = report.reports.flatMap((r) => r.violations.map((v) => ({ adapter: r.adapter, version: r.adapterVersion, ...v })));

describe('reports/ecosystem.json: every finding replays from its counterexample file', () => {
  it('covers every ecosystem pruner, each at the version installed now', async () => {
    const entries = POLICY_ADAPTERS.filter((e) => e.ecosystem);
    expect(report.reports.map((r) => r.adapter)).toEqual(entries.map((e) => e.name));
    for (const entry of entries) {
      const adapter = await entry.load();
      expect(report.reports.find((r) => r.adapter === entry.name)?.adapterVersion, `${entry.name}: re-run npm run ecosystem after upgrading ${adapter.package}`).toBe(adapter.version);
    }
  });

  it.each(findings.map((f) => [`${f.adapter} ${f.invariant}`, f] as const))('%s: the counterexample reproduces', async (_name, finding) => {
    const result = await replayPolicyCounterexample(join(root, finding.counterexample));
    expect(result.kind, result.detail).toBe('reproduced');
    expect(result.counterexample.invariant).toBe(finding.invariant);
    expect(markdown).toContain(finding.replay);
  });

  it('every policy counterexample file of an ecosystem pruner is cited by the report (no stale files)', () => {
    const names = new Set(POLICY_ADAPTERS.filter((e) => e.ecosystem).map((e) => e.name));
    const cited = new Set(findings.map((f) => f.counterexample.split('/').pop()));
    const files = readdirSync(join(root, 'reports/counterexamples')).filter((f) => [...names].some((n) => f.startsWith(`${n}-INV-`) || f.startsWith(`${n}-ADAPTER-ERROR`)));
    expect(files.filter((f) => !cited.has(f))).toEqual([]);
  });

  it(`${ECOSYSTEM_EXPECTATIONS_FILE} lists exactly the report's design-choice findings, each read as expected`, async () => {
    const listed = await readExpectations(join(root, ECOSYSTEM_EXPECTATIONS_FILE));
    expect(listed).toEqual(designExpectations(undefined, report.reports));
    for (const r of report.reports) {
      const outcome = (r as { readonly expectations?: { readonly expected: readonly { invariant: string }[]; readonly unexpectedPasses: readonly unknown[] } }).expectations;
      expect(outcome?.expected.map((e) => e.invariant), r.adapter).toEqual(listed?.expectations.filter((e) => e.adapter === r.adapter).map((e) => e.invariant));
      expect(outcome?.unexpectedPasses, r.adapter).toEqual([]);
    }
  });
});
