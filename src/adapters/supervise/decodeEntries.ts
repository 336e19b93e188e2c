import type { WireLogTail } from './LogSender.ts';
import type { ObservationReceiver } from './ObservationReceiver.ts';
import type { PlannedStep } from './StepPlanner.ts';
import type { WireBatchEntry, WireError, WireSettled, WireStep } from './wire.ts';

/**
 * A step's answer as the engine takes it: its observations rebuilt (`ObservationReceiver`), every field present,
 * undefined where the child sent none.
 */
export interface DecodedStep {
  readonly before: unknown;
  readonly outcome: unknown;
  readonly thrown: WireError | undefined;
  readonly afterIds: readonly string[] | undefined;
  readonly after: WireSettled | undefined;
  readonly request: WireSettled | undefined;
}

/** A recheck's reads as the engine takes them, the observations rebuilt. */
export interface DecodedRecheck {
  readonly ids: readonly string[];
  readonly observed: WireSettled;
  readonly requests: readonly (readonly [string, WireSettled])[];
  readonly auditLog: WireSettled | undefined;
  readonly auditLogTail: WireLogTail | undefined;
}

/** One entry of a batch (or one step's answer) as the engine takes it. */
export interface DecodedEntry {
  readonly step: DecodedStep | undefined;
  readonly failed: WireError | undefined;
  readonly recheck: DecodedRecheck | undefined;
  readonly closed: WireSettled | undefined;
}

/*
 * Each decoded object is written out field by field, one shape per kind: an object rest that leaves out the sent
 * form (`const { beforeSent, ...rest } = step`) goes through V8's runtime, about a microsecond each, two or three
 * times for nearly every step of a supervised check.
 */

function decodedStep(step: WireStep, before: unknown, after: WireSettled | undefined): DecodedStep {
  return { before, outcome: step.outcome, thrown: step.thrown, afterIds: step.afterIds, after, request: step.request };
}

/** A step's answer that crossed on its own (a `step` round trip): nothing in it was sent as what changed. */
export function decodedAnswer(step: WireStep): DecodedEntry {
  return { step: decodedStep(step, step.before, step.after), failed: undefined, recheck: undefined, closed: undefined };
}

/**
 * A batch's entries with their observations rebuilt, in the order the child encoded them: each step's before and
 * after, then its recheck's. Undefined when one is out of shape.
 */
export function decodeEntries(observations: ObservationReceiver, steps: readonly PlannedStep[], entries: readonly WireBatchEntry[]): DecodedEntry[] | undefined {
  const decoded: DecodedEntry[] = new Array<DecodedEntry>(entries.length);
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i] as WireBatchEntry;
    let step: DecodedStep | undefined;
    const sent = entry.step;
    if (sent !== undefined) {
      let before = sent.before;
      if (sent.beforeSent !== undefined) {
        before = observations.decode((steps[i] as PlannedStep).before, sent.beforeSent);
        if (before === undefined) return undefined;
      }
      let after = sent.after;
      if (sent.afterSent !== undefined) {
        const value = Array.isArray(sent.afterIds) ? observations.decode(sent.afterIds, sent.afterSent) : undefined;
        if (value === undefined) return undefined;
        after = { ok: true, value };
      }
      step = decodedStep(sent, before, after);
    }
    let recheck: DecodedRecheck | undefined;
    const read = entry.recheck;
    if (read !== undefined) {
      let observed = read.observed;
      if (read.observedSent !== undefined) {
        const value = Array.isArray(read.ids) ? observations.decode(read.ids, read.observedSent) : undefined;
        if (value === undefined) return undefined;
        observed = { ok: true, value };
      }
      recheck = { ids: read.ids, observed, requests: read.requests, auditLog: read.auditLog, auditLogTail: read.auditLogTail };
    }
    decoded[i] = { step, failed: entry.failed, recheck, closed: entry.closed };
  }
  return decoded;
}
