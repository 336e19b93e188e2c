import type { PolicyMessage } from '../policy/PolicyMessage.ts';
import { policyMessageOf } from './messageShape.ts';
import { readJsonLineBatches } from './readJsonLines.ts';
import { countUnknown, type ReadNotes, type RecordedSummary, type SessionEvent } from './SessionEvent.ts';
import { SessionFormatError } from './SessionFormatError.ts';
import { eventsOf, type SessionReader } from './SessionReader.ts';

/** The first line of a neutral session. */
export const NEUTRAL_FORMAT = 'prunecheck-session';
export const NEUTRAL_VERSION = 1;

/** One entry of a neutral session after its header (spec/session.schema.json). */
export type NeutralEntry =
  | { readonly type: 'message'; readonly message: PolicyMessage }
  | {
      readonly type: 'compaction';
      readonly id: string;
      /** The list the agent's next model request holds, exactly. */
      readonly after: readonly PolicyMessage[];
      readonly summary: { readonly text: string } | { readonly opaque: string };
      readonly trigger?: string;
    };

/** A neutral session: what any runtime can export so `prunecheck audit` reads it. */
export interface NeutralSession {
  readonly agent?: string;
  readonly agentVersion?: string;
  readonly entries: readonly NeutralEntry[];
}

/** Writes a neutral session as JSONL: the header, then one entry a line, newline-terminated. */
export function writeNeutralSession(session: NeutralSession): string {
  const header = { type: 'session', format: NEUTRAL_FORMAT, version: NEUTRAL_VERSION, ...(session.agent === undefined ? {} : { agent: session.agent }), ...(session.agentVersion === undefined ? {} : { agentVersion: session.agentVersion }) };
  return [header, ...session.entries].map((r) => `${JSON.stringify(r)}\n`).join('');
}

function summaryOf(value: unknown, file: string, line: number): RecordedSummary {
  const s = value as Record<string, unknown> | null;
  if (typeof s === 'object' && s !== null && typeof s['text'] === 'string') return { kind: 'text', text: s['text'] };
  if (typeof s === 'object' && s !== null && typeof s['opaque'] === 'string') return { kind: 'opaque', reason: s['opaque'] };
  throw new SessionFormatError('BAD_FIELD', file, line, `compaction: field 'summary' must be {"text": string} or {"opaque": string}; see spec/session.schema.json`);
}

/** Reads prunecheck's neutral JSONL. `before` of a compaction is the context so far: the last `after` and the messages since. */
async function* batches(file: string, notes: ReadNotes): AsyncGenerator<SessionEvent[]> {
  let out: SessionEvent[] = [];
  let context: PolicyMessage[] = [];
  let header = false;
  for await (const batch of readJsonLineBatches(file, notes)) {
    for (const { line, record } of batch) {
      if (!header) {
        if (record['type'] !== 'session' || record['format'] !== NEUTRAL_FORMAT) throw new SessionFormatError('BAD_FIELD', file, line, `the first line must be the header {"type":"session","format":"${NEUTRAL_FORMAT}","version":${NEUTRAL_VERSION}}`);
        if (record['version'] !== NEUTRAL_VERSION) throw new SessionFormatError('BAD_FIELD', file, line, `field 'version' is ${JSON.stringify(record['version'])}; this prunecheck reads version ${NEUTRAL_VERSION}`);
        if (typeof record['agentVersion'] === 'string') notes.agentVersion = record['agentVersion'];
        header = true;
        continue;
      }
      if (record['type'] === 'message') {
        const message = policyMessageOf(record['message'], file, line, 'message');
        context.push(message);
        out.push({ kind: 'message', message, at: { file, line, ...(message.id === undefined ? {} : { recordId: message.id }) } });
      } else if (record['type'] === 'compaction') {
        if (typeof record['id'] !== 'string') throw new SessionFormatError('BAD_FIELD', file, line, `compaction: field 'id' must be a string`);
        if (!Array.isArray(record['after'])) throw new SessionFormatError('BAD_FIELD', file, line, `compaction: field 'after' must be an array of messages`);
        const after = record['after'].map((m, i) => policyMessageOf(m, file, line, `after[${i}]`));
        const summary = summaryOf(record['summary'], file, line);
        const trigger = typeof record['trigger'] === 'string' ? record['trigger'] : undefined;
        out.push({ kind: 'compaction', compaction: { at: { file, line, recordId: record['id'] }, before: context, after, summary, afterExact: true, ...(trigger === undefined ? {} : { trigger }) } });
        context = [...after];
      } else {
        countUnknown(notes, String(record['type']));
      }
    }
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

export const neutralReader: SessionReader = {
  format: 'prunecheck',
  agent: 'prunecheck neutral session',
  versions: `format version ${NEUTRAL_VERSION}`,
  definedIn: 'spec/session.schema.json',
  sniff: (first) => first['type'] === 'session' && first['format'] === NEUTRAL_FORMAT,
  batches,
  read: (file, notes) => eventsOf(batches(file, notes)),
};
