import type { Expectation, Scenario } from './Scenario.ts';
import type { ExpectationCheck, ProbeResult } from './ScenarioRun.ts';

export interface Judgement {
  readonly expectationsOf: string;
  readonly checks: readonly ExpectationCheck[];
  readonly unexpected: readonly ProbeResult[];
  readonly met: boolean;
}

/**
 * A runtime meets a scenario when every expectation named for it (or for `reference`, if it is not named)
 * holds and no failure occurred that no expectation names.
 */
export function judgeRun(scenario: Scenario, runtime: string, probes: readonly ProbeResult[]): Judgement {
  const expectationsOf = Object.hasOwn(scenario.expect, runtime) ? runtime : 'reference';
  const expectations = scenario.expect[expectationsOf] ?? [];
  // Indexed by failure and turn: a scenario may have 10,000 probes and as many expectations.
  const at = new Map<string, ProbeResult[]>();
  for (const p of probes) {
    const list = at.get(key(p));
    if (list === undefined) at.set(key(p), [p]);
    else list.push(p);
  }
  const checks = expectations.map((e) => check(e, at.get(key(e)) ?? []));
  const occurs = new Set(expectations.filter((e) => e.outcome === 'occurs').map(key));
  const unexpected = probes.filter((p) => p.status === 'failed' && !occurs.has(key(p)));
  return { expectationsOf, checks, unexpected, met: checks.every((c) => c.met) && unexpected.length === 0 };
}

function key(x: { readonly failure: string; readonly turn: number }): string {
  return `${x.failure}@${x.turn}`;
}

/** `at`: the probes of `e`'s failure at `e`'s turn. */
function check(e: Expectation, at: readonly ProbeResult[]): ExpectationCheck {
  const seen = at.length === 0 ? `no ${e.failure} probe ran at ${e.turn}` : at.map((p) => `${p.status}${p.mechanisms.length > 0 ? ` by ${p.mechanisms.join(', ')}` : ''} (${p.detail})`).join('; ');
  if (e.outcome === 'occurs') {
    const met = at.some((p) => p.status === 'failed');
    return { expectation: e, met, because: met ? `${e.failure} occurred at ${e.turn}` : `expected ${e.failure} at ${e.turn}, but: ${seen}` };
  }
  const met = at.some((p) => p.status === 'prevented' && (e.mechanism === undefined || p.mechanisms.includes(e.mechanism)));
  const by = e.mechanism === undefined ? '' : ` by ${e.mechanism}`;
  return { expectation: e, met, because: met ? `${e.failure} prevented${by} at ${e.turn}` : `expected ${e.failure} prevented${by} at ${e.turn}, but: ${seen}` };
}
