import { describe, expect, it } from 'vitest';
import { measureCliBoundary } from '../../bench/cliBoundary.ts';
import { SUPERVISED_CLI_WORKLOAD } from '../../src/report/bench/supervisedCost.ts';

describe('the supervised boundary from the command line', () => {
  it('times a default check of the quick start adapter supervised and --in-process, each from its own process (no timing is asserted)', async () => {
    const measured = await measureCliBoundary({ seed: 3, rounds: 1 });
    expect(measured.workload).toMatch(new RegExp(`^${SUPERVISED_CLI_WORKLOAD.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')} \\(seed 3; \\d+\\.\\d\\d s against \\d+\\.\\d\\d s\\)$`));
    expect(measured.inProcessOpsPerSecond).toBeGreaterThan(0);
    expect(measured.stdioOpsPerSecond).toBeGreaterThan(0);
    // The ratio is of the same rounds' times: supervised over in-process.
    const [supervised, inProcess] = /(\d+\.\d\d) s against (\d+\.\d\d) s/.exec(measured.workload)?.slice(1).map(Number) ?? [];
    expect(measured.ratio).toBeCloseTo((supervised ?? 0) / (inProcess ?? 1), 1);
  });
});
