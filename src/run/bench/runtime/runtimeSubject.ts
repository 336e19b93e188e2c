import type { Adapter } from '../../../adapters/Adapter.ts';
import type { BenchRole } from '../AdapterBenchReport.ts';
import type { BenchSubject } from '../BenchSubject.ts';
import { Rng } from '../Rng.ts';
import { RUNTIME_PATHS, runtimePaths } from './runtimePaths.ts';
import { RuntimeWindow } from './RuntimeWindow.ts';

/**
 * A runtime adapter as a bench subject: at each size a window built from the seed (the same spans for the pruner
 * and the reference), its paths, and its heap per resident span when it runs in this process.
 */
export function runtimeSubject(adapter: Adapter, role: BenchRole, seed: number, inProcess: boolean): BenchSubject {
  return {
    role,
    name: adapter.name,
    pathIds: RUNTIME_PATHS.map((p) => p.info.id),
    async at(size) {
      const window = new RuntimeWindow(adapter, adapter.name, size, seed);
      await window.ensure('reads', 0);
      const rng = new Rng(seed, `runtime-paths:${role}:${size}`);
      return {
        paths: runtimePaths(window, adapter.capabilities.operations, rng, adapter.name),
        memory: () =>
          inProcess && window.bytesPerSpan !== undefined ? { role, subject: adapter.name, size, bytesPerItem: window.bytesPerSpan, contentBytesPerItem: window.contentBytesPerSpan, item: 'resident span' } : undefined,
        close: () => window.close(),
      };
    },
  };
}
