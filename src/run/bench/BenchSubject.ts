import type { BenchRole, MemoryFigure } from './AdapterBenchReport.ts';
import type { TimedPath } from './measurePath.ts';

/** One path a subject offers at one size, or why it does not. */
export type SubjectPath = { readonly id: string; readonly timed: TimedPath<unknown> } | { readonly id: string; readonly skip: string };

/** A subject's prepared history at one size: its paths, what it holds in memory, and how to let it go. */
export interface SubjectAtSize {
  readonly paths: readonly SubjectPath[];
  /** Heap per item, measured while preparing (undefined where it cannot be: a child process, no collector). */
  memory(): MemoryFigure | undefined;
  close(): Promise<void>;
}

/** The pruner, the reference or a floor, as the engine measures it: one history per size. */
export interface BenchSubject {
  readonly role: BenchRole;
  readonly name: string;
  /** The ids of the paths it offers at every size (measured or skipped). */
  readonly pathIds: readonly string[];
  at(size: number): Promise<SubjectAtSize>;
}

/** A timed path, type-erased for a list of paths over different states. */
export function path<S>(id: string, timed: TimedPath<S>): SubjectPath {
  return { id, timed: timed as TimedPath<unknown> };
}
