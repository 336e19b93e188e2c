import type { FieldReader } from './FieldReader.ts';
import { CALL_STATUSES, type CallStatus } from '../model/Operation.ts';
import { RETRY_FAILURES, type EventKind, type TimelineEvent } from './Scenario.ts';
import { RAW_KINDS, type RawKind } from '../model/Span.ts';
import { MAX_PATTERN_LENGTH } from './safeRegex.ts';

const EVENT_KINDS: readonly EventKind[] = ['filler', 'observe', 'derive', 'call', 'retry', 'summarize', 'prune', 'rotate', 'reframe', 'need', 'assert', 'fix', 'rank'];
const MAX = Number.MAX_SAFE_INTEGER;
/** The last turn a scenario may reach: the recorded incidents end by turn 180; every turn is run. */
export const MAX_TURN = 10_000;

/**
 * Reads one timeline event. `defined` holds the span ids created by earlier events; an event referring to a
 * span must come after the event that creates it, and no event may create an id twice.
 */
export function readEvent(value: unknown, path: string, r: FieldReader, defined: Set<string>): TimelineEvent {
  const head = r.object(path, value, ['kind', 'turn'], Object.keys(value !== null && typeof value === 'object' ? value : {}));
  const kind = head['kind'];
  if (typeof kind !== 'string' || !EVENT_KINDS.includes(kind as EventKind)) {
    return r.fail('UNKNOWN_EVENT', `${path}.kind`, `unknown event kind ${JSON.stringify(kind)}; expected one of ${EVENT_KINDS.join(', ')}`);
  }
  const fields = (required: readonly string[], optional: readonly string[] = []) => r.object(path, value, ['kind', 'turn', ...required], optional);
  const turn = r.number(head, path, 'turn', 1, MAX_TURN, true);
  const create = (id: string, field: string): void => {
    if (defined.has(id)) r.fail('DUPLICATE_ID', `${path}.${field}`, `span id "${id}" is already created by an earlier event; ids are never reused`);
    defined.add(id);
  };
  const ref = (id: string, field: string): string => {
    if (!defined.has(id)) r.fail('UNKNOWN_REF', `${path}.${field}`, `names span "${id}", which no earlier event creates`);
    return id;
  };

  switch (kind as EventKind) {
    case 'filler': {
      const o = fields(['to', 'tokens', 'relevance', 'persist']);
      const to = r.number(o, path, 'to', turn, MAX_TURN, true);
      const rel = r.array(o, path, 'relevance', 2);
      const lo = rel[0];
      const hi = rel[1];
      if (rel.length !== 2 || typeof lo !== 'number' || typeof hi !== 'number' || lo < 0 || hi < lo) {
        r.expected(`${path}.relevance`, 'a pair [lo, hi] of numbers with 0 ≤ lo ≤ hi', o['relevance']);
      }
      for (let t = turn; t <= to; t += 1) create(`t${t}`, 'to');
      return { kind: 'filler', turn, to, tokens: r.number(o, path, 'tokens', 1, MAX, true), relevance: [lo as number, hi as number], persist: r.boolean(o, path, 'persist') };
    }
    case 'observe': {
      const o = fields(['id', 'rawKind', 'content', 'tokens', 'relevance', 'persist'], ['gist']);
      const id = r.string(o, path, 'id');
      create(id, 'id');
      const event = { kind: 'observe' as const, turn, id, rawKind: r.oneOf(o, path, 'rawKind', RAW_KINDS), content: r.string(o, path, 'content'), tokens: r.number(o, path, 'tokens', 1, MAX, true), relevance: r.number(o, path, 'relevance', 0), persist: r.boolean(o, path, 'persist') };
      return o['gist'] === undefined ? event : { ...event, gist: r.string(o, path, 'gist') };
    }
    case 'derive': {
      const o = fields(['id', 'sources', 'content', 'tokens', 'relevance'], ['gist']);
      const sources = r.strings(o, path, 'sources', 1).map((id, i) => ref(id, `sources[${i}]`));
      const id = r.string(o, path, 'id');
      create(id, 'id');
      const event = { kind: 'derive' as const, turn, id, sources, content: r.string(o, path, 'content'), tokens: r.number(o, path, 'tokens', 1, MAX, true), relevance: r.number(o, path, 'relevance', 0) };
      return o['gist'] === undefined ? event : { ...event, gist: r.string(o, path, 'gist') };
    }
    case 'call': {
      const o = fields(['signature', 'requestId'], ['retryAfter', 'status', 'idempotencyKey']);
      return { kind: 'call', turn, signature: r.string(o, path, 'signature'), requestId: r.string(o, path, 'requestId'), ...callAnswer(o, path, r) };
    }
    case 'retry': {
      const o = fields(['signature', 'requestId'], ['failure', 'retryAfter', 'status', 'idempotencyKey']);
      const event = { kind: 'retry' as const, turn, signature: r.string(o, path, 'signature'), requestId: r.string(o, path, 'requestId'), ...callAnswer(o, path, r) };
      return o['failure'] === undefined ? event : { ...event, failure: r.oneOf(o, path, 'failure', RETRY_FAILURES) };
    }
    case 'rank': {
      const o = fields(['claim', 'evidence']);
      return { kind: 'rank', turn, claim: r.string(o, path, 'claim'), evidence: ref(r.string(o, path, 'evidence'), 'evidence') };
    }
    case 'summarize': {
      const o = fields(['id', 'sources', 'tokens', 'prune']);
      const sources = r.strings(o, path, 'sources', 1).map((id, i) => ref(id, `sources[${i}]`));
      const id = r.string(o, path, 'id');
      create(id, 'id');
      return { kind: 'summarize', turn, id, sources, tokens: r.number(o, path, 'tokens', 1, MAX, true), prune: r.boolean(o, path, 'prune') };
    }
    case 'prune': {
      const o = fields(['id'], ['acceptLossy']);
      const event = { kind: 'prune' as const, turn, id: ref(r.string(o, path, 'id'), 'id') };
      return o['acceptLossy'] === undefined ? event : { ...event, acceptLossy: r.boolean(o, path, 'acceptLossy') };
    }
    case 'rotate': {
      const o = fields([], ['ids']);
      if (o['ids'] === undefined) return { kind: 'rotate', turn };
      return { kind: 'rotate', turn, ids: r.strings(o, path, 'ids', 1).map((id, i) => ref(id, `ids[${i}]`)) };
    }
    case 'reframe': {
      const o = fields(['frame']);
      return { kind: 'reframe', turn, frame: r.string(o, path, 'frame') };
    }
    case 'need': {
      const o = fields(['id', 'pattern', 'failure'], ['candidates']);
      const pattern = r.string(o, path, 'pattern', undefined, 'a non-empty string', MAX_PATTERN_LENGTH);
      try {
        new RegExp(pattern);
      } catch {
        r.fail('BAD_VALUE', `${path}.pattern`, `expected a JavaScript regular expression, got ${JSON.stringify(pattern)} (it does not compile)`);
      }
      const event = { kind: 'need' as const, turn, id: ref(r.string(o, path, 'id'), 'id'), pattern, failure: r.oneOf(o, path, 'failure', ['never-existed', 'hallucinated-constraint'] as const) };
      return o['candidates'] === undefined ? event : { ...event, candidates: r.strings(o, path, 'candidates', 1) };
    }
    case 'assert': {
      const o = fields(['claim'], ['negative', 'rawKinds']);
      const event = { kind: 'assert' as const, turn, claim: r.string(o, path, 'claim') };
      if (o['rawKinds'] !== undefined && o['negative'] !== true) r.fail('BAD_VALUE', `${path}.rawKinds`, 'rawKinds scopes a negative claim; add "negative": true');
      if (o['negative'] === undefined) return event;
      const negative = r.boolean(o, path, 'negative');
      return { ...event, negative, ...(o['rawKinds'] === undefined ? {} : { rawKinds: r.strings(o, path, 'rawKinds', 1).map((k, i) => (RAW_KINDS.includes(k as RawKind) ? (k as RawKind) : r.expected(`${path}.rawKinds[${i}]`, `one of ${RAW_KINDS.join(', ')}`, k))) }) };
    }
    case 'fix': {
      const o = fields(['need', 'signature']);
      const signature = r.string(o, path, 'signature');
      if (!signature.includes('{value}')) r.fail('BAD_VALUE', `${path}.signature`, 'expected a signature containing "{value}", where the recalled value goes');
      return { kind: 'fix', turn, need: ref(r.string(o, path, 'need'), 'need'), signature };
    }
  }
}

/** The optional fields of a call or retry: what the world answers, and the idempotency key it carries. */
function callAnswer(o: Readonly<Record<string, unknown>>, path: string, r: FieldReader): { retryAfter?: number; status?: CallStatus; idempotencyKey?: string } {
  return {
    ...(o['retryAfter'] === undefined ? {} : { retryAfter: r.number(o, path, 'retryAfter', 0) }),
    ...(o['status'] === undefined ? {} : { status: r.oneOf(o, path, 'status', CALL_STATUSES) }),
    ...(o['idempotencyKey'] === undefined ? {} : { idempotencyKey: r.string(o, path, 'idempotencyKey') }),
  };
}
