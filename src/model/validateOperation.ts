import { ModelError } from './ModelError.ts';
import { CALL_STATUSES, type Operation } from './Operation.ts';
import { RAW_KINDS, type RawKind, type SpanInput } from './Span.ts';

/** What validation needs to know of the runtime: which ids were ever seen, and the episode clock if it keeps one. */
export interface KnownIds {
  isKnown(id: string): boolean;
  readonly clock?: number;
}

/**
 * Rejects malformed operations with a `ModelError` before anything is mutated, so a failed operation changes
 * nothing. Runtime conditions (capacity, residency, recoverability) are outcomes and are not checked here.
 */
export function validateOperation(op: Operation, known: KnownIds): void {
  // Operations arrive as JSON (scenarios, counterexamples, adapters): shapes are checked, not assumed.
  if (!isRecord(op)) throw new ModelError('BAD_OPERATION', 'operation', `must be an object with a 'kind', got ${op === null ? 'null' : typeof op}`);
  // The operation itself stands for where an error is, worded only when one is thrown (no string per operation).
  const where: Where = op;
  switch (op.kind) {
    case 'append':
      return validateSpanInput(op.span, known, where);
    case 'persist':
    case 'restore':
    case 'prune':
      return requireKnown(op.spanId, known, where, 'spanId');
    case 'edit':
    case 'overwrite':
      requireKnown(op.spanId, known, where, 'spanId');
      return requireContent(op.content, where);
    case 'rotate':
      for (const id of requireIdList(op.spanIds ?? [], where, 'spanIds')) requireKnown(id, known, where, 'spanIds');
      return;
    case 'summarize':
      return validateSummarize(op, known, where);
    case 'reframe':
      return validateReframe(op, known, where);
    case 'compact':
      return requireScore(op.threshold, where, 'threshold');
    case 'lookup':
      return requireId(op.spanId, where, 'spanId');
    case 'claim':
      return validateClaim(op, where);
    case 'callTool':
      requireId(op.signature, where, 'signature');
      requireId(op.requestId, where, 'requestId');
      if (op.retryAfter !== undefined) requireScore(op.retryAfter, where, 'retryAfter');
      if (op.status !== undefined && !CALL_STATUSES.includes(op.status)) {
        throw new ModelError('BAD_OPERATION', place(where), `status must be one of ${CALL_STATUSES.join(', ')} (what the world answered), got ${JSON.stringify(op.status)}`);
      }
      if (op.idempotencyKey !== undefined) requireId(op.idempotencyKey, where, 'idempotencyKey');
      if (op.at !== undefined) {
        if (typeof op.at !== 'number' || !Number.isFinite(op.at) || op.at < 0) throw new ModelError('BAD_OPERATION', place(where), `at must be a finite number of seconds ≥ 0 on the episode clock, got ${String(op.at)}`);
        if (known.clock !== undefined && op.at < known.clock) {
          throw new ModelError('BAD_OPERATION', place(where), `at ${op.at} is before the episode clock ${known.clock}; the clock never runs backwards, give a later time or omit 'at'`);
        }
      }
      return;
    case 'setVersion':
      if (op.modelVersion === undefined && op.policyVersion === undefined) {
        throw new ModelError('BAD_OPERATION', place(where), 'name modelVersion, policyVersion or both');
      }
      if (op.modelVersion !== undefined) requireId(op.modelVersion, where, 'modelVersion');
      if (op.policyVersion !== undefined) requireId(op.policyVersion, where, 'policyVersion');
      return;
    default:
      throw new ModelError(
        'BAD_OPERATION',
        place(where),
        `unknown operation kind; expected one of append, persist, rotate, overwrite, edit, prune, summarize, reframe, compact, restore, lookup, claim, callTool, setVersion`,
      );
  }
}

function validateSpanInput(span: SpanInput, known: KnownIds, where: Where): void {
  if (!isRecord(span)) throw new ModelError('BAD_OPERATION', place(where), `span must be an object with id, kind and content, got ${span === null ? 'null' : typeof span}`);
  requireId(span.id, where, 'span.id');
  if (known.isKnown(span.id)) {
    throw new ModelError('DUPLICATE_ID', place(where), `span id '${span.id}' was already used in this episode; ids are never reused (INV-04), pick a new one`);
  }
  if (span.kind !== 'raw' && span.kind !== 'derived') {
    throw new ModelError('BAD_OPERATION', place(where), `span.kind must be 'raw' or 'derived' (summaries come from 'summarize'), got ${JSON.stringify(span.kind)}`);
  }
  requireContent(span.content, where);
  if (span.tokens !== undefined) requireTokens(span.tokens, where);
  if (span.score !== undefined) requireScore(span.score, where, 'span.score');
  const sources = requireIdList(span.sources ?? [], where, 'span.sources');
  if (span.kind === 'raw' && sources.length > 0) {
    throw new ModelError('BAD_OPERATION', place(where), `raw span '${span.id}' declares sources; raw observations are never derivable, drop 'sources' or use kind 'derived'`);
  }
  for (const id of sources) {
    if (id === span.id) throw new ModelError('DERIVATION_CYCLE', place(where), `span '${span.id}' lists itself as a source`);
    requireKnown(id, known, where, 'span.sources');
  }
}

function validateSummarize(op: Extract<Operation, { kind: 'summarize' }>, known: KnownIds, where: Where): void {
  requireId(op.summaryId, where, 'summaryId');
  if (known.isKnown(op.summaryId)) {
    throw new ModelError('DUPLICATE_ID', place(where), `summaryId '${op.summaryId}' was already used in this episode; pick a new id`);
  }
  if (requireIdList(op.sourceIds, where, 'sourceIds').length === 0) throw new ModelError('BAD_OPERATION', place(where), 'sourceIds is empty; a summary summarizes at least one span');
  if (new Set(op.sourceIds).size !== op.sourceIds.length) {
    throw new ModelError('BAD_OPERATION', place(where), 'sourceIds lists a span twice; list each source once');
  }
  for (const id of op.sourceIds) {
    if (id === op.summaryId) throw new ModelError('DERIVATION_CYCLE', place(where), `summary '${id}' lists itself as a source`);
    requireKnown(id, known, where, 'sourceIds');
  }
  requireContent(op.content, where);
  if (op.tokens !== undefined) requireTokens(op.tokens, where);
  if (op.score !== undefined) requireScore(op.score, where, 'score');
}

function validateClaim(op: Extract<Operation, { kind: 'claim' }>, where: Where): void {
  requireId(op.claim, where, 'claim');
  if (op.negative !== undefined && typeof op.negative !== 'boolean') throw new ModelError('BAD_OPERATION', place(where), `negative must be a boolean, got ${JSON.stringify(op.negative)}`);
  const ids = requireIdList(op.requiredIds, where, 'requiredIds');
  if (op.negative === true) {
    if (ids.length > 0) throw new ModelError('BAD_OPERATION', place(where), 'a negative claim rests on no span (it is judged over every raw observation seen): leave requiredIds empty');
    if (op.rawKinds !== undefined) {
      const kinds = requireIdList(op.rawKinds, where, 'rawKinds');
      if (kinds.length === 0 || kinds.some((k) => !RAW_KINDS.includes(k as RawKind))) {
        throw new ModelError('BAD_OPERATION', place(where), `rawKinds must list one or more of ${RAW_KINDS.join(', ')}, got ${JSON.stringify(op.rawKinds)}`);
      }
    }
    return;
  }
  if (op.rawKinds !== undefined) throw new ModelError('BAD_OPERATION', place(where), 'rawKinds scopes a negative claim; set negative: true or drop rawKinds');
  if (ids.length === 0) throw new ModelError('BAD_OPERATION', place(where), 'requiredIds is empty; name the spans the claim rests on');
  for (const id of ids) requireId(id, where, 'requiredIds');
}

function validateReframe(op: Extract<Operation, { kind: 'reframe' }>, known: KnownIds, where: Where): void {
  if (typeof op.frame !== 'string' || op.frame.trim() === '') {
    throw new ModelError('BAD_FRAME', place(where), 'frame must be a non-empty string naming the new task framing');
  }
  if (op.scores !== undefined && !isRecord(op.scores)) throw new ModelError('BAD_OPERATION', place(where), 'scores must be an object mapping span ids to scores');
  if (op.derivations !== undefined && !isRecord(op.derivations)) {
    throw new ModelError('BAD_OPERATION', place(where), 'derivations must be an object mapping span ids to lists of source ids');
  }
  // Object.keys, not Object.entries: a re-frame may name every derived span, and a pair per entry is garbage.
  const scores = (op.scores ?? {}) as Record<string, number>;
  // Field names such as `derivations.<id>` are worded only for an error: checks run first, helpers then throw.
  for (const id of Object.keys(scores)) {
    requireKnown(id, known, where, 'scores');
    const score = scores[id] as number;
    if (!isScore(score)) requireScore(score, where, `scores.${id}`);
  }
  const derivations = (op.derivations ?? {}) as Record<string, unknown>;
  for (const id of Object.keys(derivations)) {
    const sources = derivations[id];
    requireKnown(id, known, where, 'derivations');
    if (!Array.isArray(sources)) requireIdList(sources, where, `derivations.${id}`);
    for (const source of sources as readonly unknown[]) {
      if (source === id) throw new ModelError('DERIVATION_CYCLE', place(where), `derivation of '${id}' lists itself as a source`);
      if (typeof source !== 'string' || source === '' || !known.isKnown(source)) requireKnown(source, known, where, `derivations.${id}`);
    }
  }
}

/** Where an error is: the operation, worded `operation '<kind>'` by `place`. */
type Where = { readonly kind?: unknown };

function place(where: Where): string {
  return `operation '${String(where.kind)}'`;
}

function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireIdList(ids: unknown, where: Where, field: string): readonly unknown[] {
  if (!Array.isArray(ids)) throw new ModelError('BAD_OPERATION', place(where), `${field} must be an array of span ids, got ${JSON.stringify(ids)}`);
  return ids;
}

function requireId(id: unknown, where: Where, field: string): void {
  if (typeof id !== 'string' || id === '') {
    throw new ModelError('BAD_OPERATION', place(where), `${field} must be a non-empty string, got ${JSON.stringify(id)}`);
  }
}

function requireKnown(id: unknown, known: KnownIds, where: Where, field: string): void {
  requireId(id, where, field);
  if (!known.isKnown(id as string)) {
    throw new ModelError('UNKNOWN_ID', place(where), `${field} names '${String(id)}', which was never appended or summarized in this episode`);
  }
}

function requireContent(content: unknown, where: Where): void {
  if (typeof content !== 'string' || content === '') {
    throw new ModelError('BAD_CONTENT', place(where), `content must be a non-empty string, got ${content === '' ? 'an empty string' : typeof content}`);
  }
}

function requireTokens(tokens: number, where: Where): void {
  if (!Number.isInteger(tokens) || tokens <= 0) {
    throw new ModelError('BAD_TOKENS', place(where), `tokens must be a positive integer, got ${String(tokens)}`);
  }
}

function isScore(score: unknown): boolean {
  return typeof score === 'number' && !Number.isNaN(score) && score >= 0;
}

function requireScore(score: number, where: Where, field: string): void {
  if (!isScore(score)) {
    throw new ModelError('BAD_SCORE', place(where), `${field} must be a number ≥ 0 (not NaN), got ${String(score)}`);
  }
}
