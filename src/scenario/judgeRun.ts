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
  const checks = expectations.map((e) => check(e, probes));
  const unexpected = probes.filter((p) => p.status === 'failed' && !expectations.some((e) => e.outcome === 'occurs' && e.failure === p.failure && e.turn === p.turn));
  return { expectationsOf, checks, unexpected, met: checks.every((c) => c.met) && unexpected.length === 0 };
}

function check(e: Expectation, probes: readonly ProbeResult[]): ExpectationCheck {
  const at = probes.filter((p) => p.failure === e.failure && p.turn === e.turn);
  const seen = at.length === 0 ? `no ${e.failure} probe ran at ${e.turn}` : at.map((p) => `${p.status}${p.mechanisms.length > 0 ? ` by ${p.mechanisms.join(', ')}` : ''} (${p.detail})`).join('; ');
  if (e.outcome === 'occurs') {
    const met = at.some((p) => p.status === 'failed');
    return { expectation: e, met, because: met ? `${e.failure} occurred at ${e.turn}` : `expected ${e.failure} at ${e.turn}, but: ${seen}` };
  }
  const met = at.some((p) => p.status === 'prevented' && (e.mechanism === undefined || p.mechanisms.includes(e.mechanism)));
  const by = e.mechanism === undefined ? '' : ` by ${e.mechanism}`;
  return { expectation: e, met, because: met ? `${e.failure} prevented${by} at ${e.turn}` : `expected ${e.failure} prevented${by} at ${e.turn}, but: ${seen}` };
}
