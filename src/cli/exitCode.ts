import { AdapterLoadError } from '../adapters/AdapterLoadError.ts';
import { SessionFormatError } from '../adapters/sessions/SessionFormatError.ts';
import { OutputPathError } from '../util/writeFileAtomic.ts';
import type { Verdict } from '../run/CheckReport.ts';
import { CounterexampleFileError } from '../run/CounterexampleFileError.ts';
import { PolicyCounterexampleError } from '../run/policy/PolicyCounterexampleError.ts';
import { UntrustedAdapterError } from '../run/UntrustedAdapterError.ts';
import { MergeInputError } from '../run/parallel/MergeInputError.ts';
import { ScenarioError } from '../scenario/ScenarioError.ts';
import { UsageError } from './UsageError.ts';

/**
 * The exit code for a verdict: 0 conformant; 1 anything else the system under test did (a violation, a
 * divergence on replay, an adapter error or an operation that never answered). 2 is for usage and input
 * errors (flags, adapter references, files and paths the user named); 3 for prunecheck's own internal errors.
 */
export function exitCodeFor(verdict: Verdict): 0 | 1 {
  return verdict === 'conformant' ? 0 : 1;
}

/** Whether an error is about what the user gave prunecheck (exit 2), rather than a bug in prunecheck (exit 3). */
export function isInputError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    error instanceof AdapterLoadError ||
    error instanceof OutputPathError ||
    error instanceof CounterexampleFileError ||
    error instanceof PolicyCounterexampleError ||
    error instanceof ScenarioError ||
    error instanceof MergeInputError ||
    error instanceof UntrustedAdapterError ||
    // A recorded session prunecheck audit cannot read: the user's file, never a bug of prunecheck.
    error instanceof SessionFormatError
  );
}

/** An interrupted process exits as a shell reports death by that signal (130 for SIGINT, 143 for SIGTERM). */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
