import type { InvariantId } from '../model/invariants.ts';
import type { Operation } from '../model/Operation.ts';
import type { Expectation, FailureKind } from './Scenario.ts';

/** What happened at one moment of a scenario run, for the timeline and the chart. */
export type EntryKind =
  | 'append'
  | 'evict'
  | 'silent-evict'
  | 'summary'
  | 'rescore'
  | 'tombstone'
  | 'reject'
  | 'window-full'
  | 'rotate'
  | 'reframe'
  | 'call'
  | 'lookup'
  | 'claim'
  | 'pass'
  | 'failure'
  | 'prevented'
  | 'crash';

export interface TimelineEntry {
  readonly turn: number;
  readonly kind: EntryKind;
  readonly text: string;
}

/** Occupancy after one operation: `used` tokens of `capacity`. Several samples may share a turn. */
export interface OccupancySample {
  readonly turn: number;
  readonly used: number;
}

/**
 * The result of one probe: the failure it watches for `failed`, was `prevented` (with the invariants whose
 * mechanism acted, read from what the runtime answered), was never threatened (`ok`), or the run had
 * already crashed (`not-reached`).
 */
export interface ProbeResult {
  readonly turn: number;
  readonly failure: FailureKind;
  readonly status: 'failed' | 'prevented' | 'ok' | 'not-reached';
  readonly mechanisms: readonly InvariantId[];
  readonly detail: string;
}

/** Whether one expectation held, and why not. */
export interface ExpectationCheck {
  readonly expectation: Expectation;
  readonly met: boolean;
  readonly because: string;
}

export interface ScenarioRun {
  readonly scenario: string;
  readonly runtime: string;
  readonly unit: 'turn' | 'step';
  readonly capacity: number;
  readonly trigger: number;
  readonly lastTurn: number;
  readonly entries: readonly TimelineEntry[];
  /** The operations the simulated agent issued, in order: replayable as a plain trace. */
  readonly operations: readonly Operation[];
  readonly occupancy: readonly OccupancySample[];
  readonly probes: readonly ProbeResult[];
  /** Set when the runtime threw: the turn and message. */
  readonly crash: { readonly turn: number; readonly message: string } | undefined;
  /** Which expectations were judged: the runtime's own, or `reference`'s for an unnamed runtime. */
  readonly expectationsOf: string;
  readonly checks: readonly ExpectationCheck[];
  /** Failures that occurred although no expectation says they should. */
  readonly unexpected: readonly ProbeResult[];
  readonly met: boolean;
}
