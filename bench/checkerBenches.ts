import { existsSync } from 'node:fs';
import type { BenchMeasurement, BenchPathId } from '../src/report/BenchReport.ts';
import type { BenchOptions } from './parseBenchArgs.ts';

export interface CheckerResults {
  readonly measurements: BenchMeasurement[];
  readonly methods: Partial<Record<BenchPathId, string>>;
  readonly missing: string[];
}

/** The conformance engine's costs: one checker step, and a checked property run's operations per second. */
export async function checkerBenches(_options: BenchOptions, _log: (line: string) => void): Promise<CheckerResults> {
  const engine = new URL('../src/run/checkAdapter.ts', import.meta.url);
  if (!existsSync(engine)) {
    return {
      measurements: [],
      methods: {},
      missing: [
        'one checker step: src/run/checkAdapter.ts (the conformance engine) is not in the tree yet',
        "checked property run's operations per second: src/run/checkAdapter.ts is not in the tree yet",
      ],
    };
  }
  return { measurements: [], methods: {}, missing: [] };
}
