import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORT_CHECK_TIER_UP_FACTOR, tierUpFactorFor } from '../../src/cli/jitBudget.ts';
import { TIER_UP_ENV, tierUpFlags } from '../../src/util/tierUpFlags.ts';
import { ROOT } from '../helpers/faults.ts';
import { referenceModuleWith } from '../helpers/referenceModule.ts';

describe('tierUpFactorFor', () => {
  it('optimizes later for a short check: the default 300 runs, or --runs up to 1,000', () => {
    for (const argv of [['check', '--adapter', 'reference'], ['check', '--adapter', 'x', '--runs', '1000'], ['check', '--runs=50', '--adapter', 'x'], ['check', '--runs', '20000', '--runs', '200']]) {
      expect(tierUpFactorFor(argv), argv.join(' ')).toBe(SHORT_CHECK_TIER_UP_FACTOR);
    }
  });

  it("keeps V8's default for longer checks, --long, other commands and a --runs the command will reject", () => {
    for (const argv of [['check', '--adapter', 'x', '--runs', '1001'], ['check', '--runs=10000'], ['check', '--long'], ['check', '--runs', 'many'], ['conformance'], ['replay', 'file.json'], []]) {
      expect(tierUpFactorFor(argv), argv.join(' ')).toBeUndefined();
    }
  });

  // The multiple is the one measured (docs/benchmarks.md, 2026-12-06): 16× took the least CPU for 300 and 1,000 runs.
  it('is sixteen', () => {
    expect(SHORT_CHECK_TIER_UP_FACTOR).toBe(16);
  });
});

describe("the adapter module's supervised process", () => {
  // As a user runs it: bin/prunecheck.js (dist/ when built, else the sources), an adapter module that says which
  // flags its process has.
  const checkWith = (extra: readonly string[], inherited?: string): string[] => {
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-jit-'));
    try {
      const seen = join(dir, 'execArgv.json');
      const adapter = referenceModuleWith(dir, 'flags', `process.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.execArgv));\n    return { apply: (op) => rt.apply(op), observe: (ids) => ids.map((id) => rt.observe(id)), request: (s) => rt.ledger.get(s), auditLog: () => rt.log.all() };`);
      const { [TIER_UP_ENV]: _inherited, ...rest } = process.env;
      const env = inherited === undefined ? rest : { ...rest, [TIER_UP_ENV]: inherited };
      const ran = spawnSync(process.execPath, [join(ROOT, 'bin', 'prunecheck.js'), 'check', '--adapter', adapter, '--seed', '1', '--out', join(dir, 'report.json'), ...extra], { encoding: 'utf8', env, cwd: dir });
      // A verdict (0 conformant, 1 otherwise: a few runs leave some invariants inconclusive), not an error.
      expect([0, 1], ran.stderr).toContain(ran.status);
      return JSON.parse(readFileSync(seen, 'utf8')) as string[];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  // The running V8's own flags: on a node whose V8 has no `--interrupt-budget` (21 and later), passing it made
  // the adapter's process exit with "bad option" before the module loaded, and every default check an error.
  it("runs with a short check's tier-up flags for the running V8, as the checker does", () => {
    const flags = tierUpFlags(SHORT_CHECK_TIER_UP_FACTOR);
    expect(flags.length).toBeGreaterThan(0);
    expect(checkWith(['--runs', '5'])).toEqual(expect.arrayContaining(flags));
  });

  it("keeps V8's default for a longer check, whatever factor the environment held", () => {
    const tierUp = /^--(interrupt-budget|invocation-count-for)/;
    expect(checkWith(['--runs', '5000', '--time-limit', '1'], '8').filter((flag) => tierUp.test(flag))).toEqual([]);
  });
});
