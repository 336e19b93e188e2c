import { INVARIANTS, type InvariantId } from '../../model/invariants.ts';
import type { PolicyCheckReport } from '../../run/policy/checkPolicyAdapter.ts';
import { terminalText as t } from '../../util/terminalText.ts';
import { savedCounterexample } from '../savedCounterexample.ts';
import { policyRunLines } from './policyRunLines.ts';

/** A policy check report for the terminal: verdict, per-invariant status, each violation with its lists; outside strings escaped. */
export function renderPolicyPrettyReport(r: PolicyCheckReport, rerun: string): string {
  const lines = [
    `prunecheck check ${t(r.adapter)} (${t(r.package)}@${t(r.adapterVersion)}, policy mode, spec ${t(r.specVersion)})`,
    `${r.verdict.toUpperCase()}: seed ${r.seed}, ${r.runs} conversations, ${r.opsChecked} prunes observed, ${(r.durationMs / 1000).toFixed(1)} s`,
    '',
    ...r.invariants.map((i) => {
      const note = r.notes[i.invariant];
      const suffix = i.status === 'not-claimed' || (i.status === 'violated' && note !== undefined) ? `  (${t(note ?? 'not claimed')})` : i.status === 'inconclusive' ? '  (see below)' : '';
      return `  ${i.status.padEnd(11)} ${i.invariant} ${INVARIANTS[i.invariant]}${suffix}`;
    }),
  ];
  for (const v of r.violations) {
    const title = v.invariant in INVARIANTS ? INVARIANTS[v.invariant as InvariantId] : v.invariant;
    lines.push('', `${t(v.invariant)} — ${t(title)} (round ${v.round})`, ...v.because.map((b) => `  because: ${t(b)}`));
    lines.push('  before:', ...v.before.map((l) => `    ${t(l)}`), '  after:', ...v.after.map((l) => `    ${t(l)}`));
    const saved = savedCounterexample(v, r.error);
    if (saved.kind === 'saved') {
      if (v.replay !== '') lines.push(`  replay: ${t(saved.replay)}`);
    } else if (r.error?.includes('the counterexample could not be saved') === true) lines.push(`  counterexample: ${t(saved.why)}`);
  }
  const run = policyRunLines(r);
  if (run.length > 0) lines.push('', ...run.map((line) => t(line)));
  const situations = Object.entries(r.situations);
  if (situations.length > 0) lines.push('', `situations reached: ${situations.map(([name, runs]) => `${t(name)} ${runs}`).join(', ')}`);
  if (r.error !== undefined) lines.push('', `${r.verdict}: ${t(r.error)}`);
  lines.push('', `re-run: ${t(rerun)}`);
  return `${lines.join('\n')}\n`;
}
