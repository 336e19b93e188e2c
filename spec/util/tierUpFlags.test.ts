import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { recordTierUpFactor, TIER_UP_ENV, tierUpArgs, tierUpFlags } from '../../src/util/tierUpFlags.ts';

describe('the V8 flags for a tier-up factor', () => {
  it("count bytecode on Node 20's V8 and calls from Node 21's on, and are none on an engine not known here", () => {
    expect(tierUpFlags(16, '11.3.244.8')).toEqual(['--interrupt-budget=1081344']);
    for (const v8 of ['11.8.172.17-node.20', '12.4.254.21-node.57', '12.9.202.28-node.14', '13.6.233.17-node.63', '14.1.146.11-node.25']) {
      expect(tierUpFlags(16, v8), v8).toEqual(['--invocation-count-for-turbofan=48000', '--invocation-count-for-maglev=6400']);
    }
    for (const v8 of ['11.5.1', '15.0.1', 'unknown', '']) expect(tierUpFlags(16, v8), v8).toEqual([]);
  });

  // The node this suite runs on is one a user runs: at factor 1 every flag is its V8's own default, so each exists
  // there and the multiple is of the right number.
  it("are, at factor 1, the running V8's own defaults", () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    const flags = tierUpFlags(1);
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(options, flag).toContain(`default: ${flag}\n`);
  });
});

describe('the tier-up factor handed to an adapter process', () => {
  it("gives back the recorded factor as the running V8's flags", () => {
    for (const factor of [1, 16, 30_000]) {
      const env: NodeJS.ProcessEnv = {};
      recordTierUpFactor(factor, env);
      expect(tierUpArgs(env)).toEqual(tierUpFlags(factor));
    }
  });

  it("records V8's default as none, over a value the environment held", () => {
    const env: NodeJS.ProcessEnv = { [TIER_UP_ENV]: '16' };
    recordTierUpFactor(undefined, env);
    expect(env).toEqual({});
    expect(tierUpArgs(env)).toEqual([]);
  });

  it('gives none when nothing was recorded, or what the environment holds is no factor taken', () => {
    expect(tierUpArgs({})).toEqual([]);
    for (const raw of ['', '0', '-5', '1e3', '08', '1.5', ' 16', '16 --allow-natives-syntax', '30001', '99999999999']) {
      expect(tierUpArgs({ [TIER_UP_ENV]: raw }), raw).toEqual([]);
    }
  });
});
