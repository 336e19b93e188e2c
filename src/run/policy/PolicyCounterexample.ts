import type { FindingKind } from '../../check/FindingKind.ts';
import type { PolicyCase } from '../../gen/policy/PolicyCase.ts';
import type { ModelCall } from '../../gen/policy/fakeModel.ts';

/** One round of a policy counterexample, in readable form (one line per message). */
export interface PolicyRoundTrace {
  readonly round: number;
  readonly before: readonly string[];
  readonly after: readonly string[];
  readonly threw?: string;
  readonly record: {
    readonly retained: number;
    readonly offloaded: readonly string[];
    readonly metadata: Readonly<Record<string, unknown>>;
  };
  readonly modelCalls: readonly ModelCall[];
  /** The settle step after a prune that removed messages (INV-22): the list and model calls, nothing new fed. */
  readonly settle?: { readonly after: readonly string[]; readonly modelCalls: readonly ModelCall[] };
}

/**
 * A policy-mode counterexample file: everything needed to replay one finding against a message-list pruner.
 * `case` is the shrunk generated input (replay re-runs it exactly); `rounds` is what the pruner did with it.
 */
export interface PolicyCounterexample {
  readonly format: 'prunecheck-policy-counterexample/1';
  readonly mode: 'policy';
  readonly adapter: string;
  /** How `--adapter` names it: a built-in policy adapter's name or a module path. */
  readonly adapterRef: string;
  readonly adapterVersion: string;
  readonly package: string;
  readonly prunecheckVersion: string;
  readonly specVersion: string;
  readonly invariant: FindingKind;
  readonly seed: number;
  /** fast-check's replay path for the shrunk case. */
  readonly path: string;
  readonly case: PolicyCase;
  /** sha256 of the canonical JSON of `case`: replay refuses a case edited after the check wrote it. */
  readonly caseHash?: string;
  /** 1-based round at which the finding was observed. */
  readonly round: number;
  readonly because: readonly string[];
  readonly replay: string;
  /** A deliberate-design-choice note from the adapter, if it has one for this invariant. */
  readonly note?: string;
  readonly rounds: readonly PolicyRoundTrace[];
}
