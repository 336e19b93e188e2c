import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { scratch } from '../../helpers/faults.ts';

// A worker thread of `--workers N` runs its chunks with a plan that does not shrink: it ends at the first failure
// and hands it to the main thread, which reproduces, shrinks and simplifies it. The worker simplified it too,
// re-running the trace on fresh systems: for a module whose failures end its process, a process start each, and a
// `--workers 2` check of an adapter exiting in close() took 150 s where one thread took 6 s.
const temp = scratch('chunks');

describe('a chunk plan that does not shrink ends at the failure as found', () => {
  it('creates no system beyond the runs themselves', async () => {
    let creates = 0;
    const adapter: Adapter = {
      ...referenceAdapter,
      name: 'throws-at-step-3',
      async create(config) {
        creates += 1;
        const inner = await referenceAdapter.create(config);
        let applies = 0;
        return { ...inner, apply: (op) => (++applies === 3 ? Promise.reject(new Error('the third apply fails')) : inner.apply(op)) };
      },
    };
    const chunks: number[] = [];
    const report = await checkAdapter(adapter, { seed: 1, runs: 50, examples: false, reruns: 0, outDir: temp(), plan: { kind: 'chunks', chunks: [0], shrink: false, onChunk: (result) => void chunks.push(result.failedRun ?? -1) } });
    expect(report.violations).toHaveLength(1);
    // Every system was a run's: the failing one and those before it, none to simplify the failure.
    expect(creates).toBe((chunks[0] ?? -100) + 1);
  });
});
