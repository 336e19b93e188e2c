import type { AdapterReport } from '../src/run/checkAdapter.ts';

/** What a killed mutant's failing test says: the verdict and the finding that killed it. */
export interface Kill {
  readonly verdict: string;
  readonly invariant: string | undefined;
  readonly seed: number | undefined;
}

const TAG = 'prunecheck verdict';

/**
 * The suite's assertion message for a report that is not `conformant`: a tagged first line the mutation report
 * reads back from Stryker's `statusReason`, then the finding's first reason.
 */
export function killMessage(report: AdapterReport): string {
  const finding = report.violations[0];
  const head = `${TAG} ${report.verdict} [${finding?.invariant ?? '-'}] seed ${report.seed}`;
  return [head, finding?.because.slice(0, 3).join(' / ') ?? report.error ?? ''].join(': ');
}

/** The message of a copy that does not even load (its module throws): an error, as prunecheck reports it. */
export function loadFailureMessage(seed: number): string {
  return `${TAG} error [ADAPTER-LOAD] seed ${seed}: the system under test did not load`;
}

/** Reads `killMessage`'s tag back out of a failure text, or undefined when the text has none. */
export function parseKill(text: string | undefined): Kill | undefined {
  const match = text === undefined ? null : /prunecheck verdict (\S+) \[([^\]]*)\] seed (\d+)/.exec(text);
  if (match === null) return undefined;
  const [, verdict = '', invariant = '-', seed = ''] = match;
  return { verdict, invariant: invariant === '-' ? undefined : invariant, seed: Number(seed) };
}
