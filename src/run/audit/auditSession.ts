import { statSync } from 'node:fs';
import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { newNotes, type RecordedCompaction, type RecordedMessage, type RecordRef } from '../../adapters/sessions/SessionEvent.ts';
import type { SessionReader } from '../../adapters/sessions/SessionReader.ts';
import type { AuditFinding, AuditObservation } from '../../check/audit/AuditFinding.ts';
import { AUDIT_CHECKS } from '../../check/audit/auditChecks.ts';
import { factsOf } from '../../check/audit/compactionFacts.ts';
import { policyFindings } from '../../check/audit/policyOnCompaction.ts';
import { addSurvival, emptySurvival, survivalOf } from '../../check/audit/survival.ts';
import type { AuditedCompaction, AuditedSession } from './AuditReport.ts';

/** Judges one compaction with every audit rule and every applicable policy-mode invariant. */
export function judgeCompaction(o: AuditObservation): AuditFinding[] {
  return [...policyFindings(o), ...Object.values(AUDIT_CHECKS).flatMap((check) => check(o))];
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
  // A Map, not a WeakMap: it is dropped whole with its window, and ephemeron tables slow every major GC.
  let where = new Map<PolicyMessage, RecordRef>();
  let pending: { compaction: RecordedCompaction; index: number; future: RecordedMessage[]; where: Map<PolicyMessage, RecordRef> } | undefined;
  let previous: RecordedCompaction | undefined;
  let messages = 0;
  const judge = (): void => {
    if (pending === undefined) return;
    const p = pending;
    const refs = p.where;
    for (const f of judgeCompaction({ index: p.index, compaction: p.compaction, future: p.future, where: (m) => refs.get(m), ...(previous === undefined ? {} : { previous }) })) onFinding(f);
    previous = p.compaction;
  };
  for await (const event of reader.read(file, notes)) {
    if (event.kind === 'message') {
      messages += 1;
      where.set(event.message, event.at);
      pending?.future.push(event);
      continue;
    }
    judge();
    const c = event.compaction;
    const s = survivalOf(c);
    if (s !== undefined) addSurvival(survival, s);
    compactions.push({ at: c.at, summary: c.summary.kind, ...(c.trigger === undefined ? {} : { trigger: c.trigger }), before: c.before.length, after: c.after.length, dropped: factsOf(c).dropped.length, afterExact: c.afterExact, ...(s === undefined ? {} : { survival: s }) });
    pending = { compaction: c, index: compactions.length, future: [], where };
    // Messages of the new window are recorded from here; the previous window's refs go with the pending compaction.
    where = new Map();
    for (const m of c.after) {
      const ref = pending.where.get(m);
      if (ref !== undefined) where.set(m, ref);
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
