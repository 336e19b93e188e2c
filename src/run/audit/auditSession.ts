import { statSync } from 'node:fs';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { newNotes, type RecordedCompaction, type RecordedMessage, type RecordRef } from '../../adapters/sessions/SessionEvent.ts';
import type { SessionReader } from '../../adapters/sessions/SessionReader.ts';
import type { AuditFinding, AuditObservation, EarlierCompaction } from '../../check/audit/AuditFinding.ts';
import { AUDIT_CHECKS } from '../../check/audit/auditChecks.ts';
import { factsOf, type CompactionFacts } from '../../check/audit/compactionFacts.ts';
import { policyFindings } from '../../check/audit/policyOnCompaction.ts';
import { addSurvival, emptySurvival, survivalOf } from '../../check/audit/survival.ts';
import type { AuditedCompaction, AuditedSession } from './AuditReport.ts';

/** Judges one compaction with every audit rule and every applicable policy-mode invariant. */
export function judgeCompaction(o: AuditObservation): AuditFinding[] {
  return [...policyFindings(o), ...Object.values(AUDIT_CHECKS).flatMap((check) => check(o))];
}

/**
 * Where each message of a window was recorded, looked up only when a finding quotes one: the window's events
 * are held anyway (they are the next compaction's `future`), and most compactions quote a handful.
 */
function whereIn(events: readonly RecordedMessage[], carried: ReadonlyMap<PolicyMessage, RecordRef>): (m: PolicyMessage) => RecordRef | undefined {
  let index: Map<PolicyMessage, RecordRef> | undefined;
  return (m) => {
    if (index === undefined) {
      index = new Map(carried);
      for (const e of events) index.set(e.message, e.at);
    }
    return index.get(m);
  };
}

/**
 * Streams one session through its reader and judges each compaction once the next one (or the end) shows
 * what the agent did after it. Memory holds the current window: the pending compaction, the messages since
 * it, and where each was recorded; it is released at the next compaction.
 */
export async function auditSession(file: string, reader: SessionReader, onFinding: (f: AuditFinding) => void): Promise<AuditedSession> {
  const notes = newNotes();
  const compactions: AuditedCompaction[] = [];
  const survival = emptySurvival();
  // The messages recorded since the last compaction, and where the messages that compaction kept were recorded.
  let window: RecordedMessage[] = [];
  let carried: ReadonlyMap<PolicyMessage, RecordRef> = new Map();
  let pending: { compaction: RecordedCompaction; facts: CompactionFacts; index: number; future: RecordedMessage[]; where: (m: PolicyMessage) => RecordRef | undefined } | undefined;
  let previous: EarlierCompaction | undefined;
  let messages = 0;
  const judge = (): void => {
    if (pending === undefined) return;
    const p = pending;
    for (const f of judgeCompaction({ index: p.index, compaction: p.compaction, facts: p.facts, future: p.future, where: p.where, ...(previous === undefined ? {} : { previous }) })) onFinding(f);
    // The judged compaction's window is released: the next one sees where it was, its summary and what it kept.
    const { before: _released, ...earlier } = p.compaction;
    previous = earlier;
  };
  for await (const batch of reader.batches(file, notes)) {
    for (const event of batch) {
      if (event.kind === 'message') {
        messages += 1;
        // The window is the pending compaction's future: one list for both.
        window.push(event);
        continue;
      }
      judge();
      const c = event.compaction;
      const facts = factsOf(c);
      const s = survivalOf(c, facts);
      if (s !== undefined) addSurvival(survival, s);
      compactions.push({ at: c.at, summary: c.summary.kind, ...(c.trigger === undefined ? {} : { trigger: c.trigger }), before: c.before.length, after: c.after.length, dropped: facts.dropped.length, afterExact: c.afterExact, ...(s === undefined ? {} : { survival: s }) });
      // Where the messages the compaction kept were recorded (they were read before it): one pass over the window.
      const afterSet = new Set<PolicyMessage>(c.after);
      const kept = new Map<PolicyMessage, RecordRef>();
      for (const [m, ref] of carried) if (afterSet.has(m)) kept.set(m, ref);
      for (const e of window) if (afterSet.has(e.message)) kept.set(e.message, e.at);
      pending = { compaction: c, facts, index: compactions.length, future: [], where: whereIn(window, carried) };
      // Messages of the new window are recorded from here; they are the pending compaction's future too.
      window = pending.future;
      carried = kept;
    }
  }
  judge();
  return {
    file,
    format: reader.format,
    agent: reader.agent,
    readerVersions: reader.versions,
    ...(notes.agentVersion === undefined ? {} : { agentVersion: notes.agentVersion }),
    bytes: statSync(file).size,
    lines: notes.lines,
    messages,
    compactions,
    unknownRecords: Object.fromEntries(notes.unknown),
    warnings: notes.warnings,
    survival,
  };
}
