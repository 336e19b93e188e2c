import type { Operation } from '../../model/Operation.ts';

/** What the system answered at a step, as far as simplifying needs it: the spans it evicted or refused, an edit's tokens. */
type Answer = { readonly kind: string; readonly spanId?: string; readonly tokens?: number; readonly evicted?: readonly { readonly spanId: string }[] } | undefined;

/** A step's answer, as far as simplifying reads it. */
const answerOf = (answers: readonly unknown[], i: number): Answer => answers[i] as Answer;

/** The spans a step's answer says it evicted. */
function evictedBy(answer: Answer): string[] {
  if (answer?.kind === 'evicted' && answer.spanId !== undefined) return [answer.spanId];
  return answer?.kind === 'compacted' ? (answer.evicted ?? []).map((e) => e.spanId) : [];
}

const RANK: Readonly<Record<Operation['kind'], number>> = {
  append: 1, prune: 1, lookup: 1, claim: 1, callTool: 1, setVersion: 1,
  persist: 2, edit: 2, restore: 2, summarize: 2,
  compact: 3, reframe: 3, rotate: 3, overwrite: 3,
};

/**
 * How involved a trace is beyond its length: the heavier operations (a compaction, a re-frame, a rotation, an
 * overwrite) and every optional part (a derived span, which also carries its sources, weighs two; a backing copy, a re-frame's entries, a refusal to accept
 * loss, a safety claim, extra sources or ids, a call's clock, back-off and key). A simplification must lower it.
 */
export function complexityOf(trace: readonly Operation[]): number {
  let total = 0;
  for (const op of trace) {
    total += RANK[op.kind];
    if (op.kind === 'append') total += (op.span.kind === 'derived' ? 2 : 0) + (op.span.persist === true ? 1 : 0);
    if (op.kind === 'prune') total += (op.acceptLossy === true ? 0 : 1) + (op.claimSafe === true ? 1 : 0);
    if (op.kind === 'reframe') total += Object.keys(op.scores ?? {}).length + Object.keys(op.derivations ?? {}).length;
    if (op.kind === 'summarize') total += op.sourceIds.length - 1 + (op.escalate === true ? 1 : 0);
    if (op.kind === 'claim') total += Math.max(0, op.requiredIds.length - 1);
    if (op.kind === 'callTool') total += [op.at, op.retryAfter, op.idempotencyKey].filter((v) => v !== undefined).length;
  }
  return total;
}

/** `op` with one of its optional parts taken out or made plain: each a candidate of its own. */
function simplerOps(op: Operation, answer: Answer): Operation[] {
  switch (op.kind) {
    case 'append': {
      const { sources: _sources, persist: _persist, ...plain } = op.span;
      const found: Operation[] = [];
      if (op.span.kind === 'derived') found.push({ kind: 'append', span: { ...plain, ...(op.span.persist === true ? { persist: true } : {}), kind: 'raw', rawKind: 'other' } });
      if (op.span.persist === true) found.push({ kind: 'append', span: { ...plain, ...(op.span.sources === undefined ? {} : { sources: op.span.sources }) } });
      return found;
    }
    case 'prune': {
      const found: Operation[] = [];
      if (op.acceptLossy !== true) found.push({ ...op, acceptLossy: true });
      if (op.claimSafe === true) found.push({ kind: 'prune', spanId: op.spanId, ...(op.acceptLossy === true ? { acceptLossy: true } : {}) });
      return found;
    }
    case 'compact':
      // A compaction that evicted spans, as the model's own prune of one of them, accepting the loss.
      return evictedBy(answer).map((spanId) => ({ kind: 'prune', spanId, acceptLossy: true }));
    case 'reframe':
      return Object.keys(op.scores ?? {}).length + Object.keys(op.derivations ?? {}).length === 0 ? [] : [{ kind: 'reframe', frame: op.frame }];
    case 'summarize': {
      const found: Operation[] = [];
      if (op.sourceIds.length > 1) found.push({ ...op, sourceIds: [op.sourceIds[0] as string] }, { ...op, sourceIds: [op.sourceIds.at(-1) as string] });
      const { escalate, ...plain } = op;
      if (escalate === true) found.push(plain);
      return found;
    }
    case 'claim':
      return op.requiredIds.length > 1 ? op.requiredIds.map((id) => ({ ...op, requiredIds: [id] })) : [];
    case 'callTool': {
      const { at, retryAfter, idempotencyKey, ...bare } = op;
      const found: Operation[] = [];
      if (at !== undefined) found.push({ ...bare, ...(retryAfter === undefined ? {} : { retryAfter }), ...(idempotencyKey === undefined ? {} : { idempotencyKey }) });
      if (retryAfter !== undefined) found.push({ ...bare, ...(at === undefined ? {} : { at }), ...(idempotencyKey === undefined ? {} : { idempotencyKey }) });
      if (idempotencyKey !== undefined) found.push({ ...bare, ...(at === undefined ? {} : { at }), ...(retryAfter === undefined ? {} : { retryAfter }) });
      return found;
    }
    default:
      return [];
  }
}

/** What simplifying knows of the window beyond the trace: what one index entry costs (`markerTokens`). */
export interface SimplifyContext {
  readonly markerTokens?: number;
}

/**
 * Simpler traces to try, most promising first: each deletes one step, or folds a later copy or edit into the span's
 * append, or makes one step simpler (a compaction becomes a prune accepting loss of a span it evicted, a derived span
 * a raw one, a copy is not taken, a re-frame re-declares nothing, a claim or summary rests on one id, a call drops its
 * clock, back-off or key, a refusal a plain one, a summary a plain span of its own), or makes two raw spans one (with
 * up to one index entry's tokens more: `context.markerTokens`). Found roads that are longer than another road to the
 * same failure (a loss through a rotation, where accepting it suffices) become the short road one step at a time.
 * `answers`: what the system answered at each step.
 */
export function simplerTraces(trace: readonly Operation[], answers: readonly unknown[], context: SimplifyContext = {}): Operation[][] {
  const found: Operation[][] = [];
  for (let i = trace.length - 1; i >= 0; i -= 1) found.push([...trace.slice(0, i), ...trace.slice(i + 1)]);
  found.push(...foldedCopies(trace), ...foldedEdits(trace, answers));
  for (const [i, op] of trace.entries()) {
    for (const simpler of simplerOps(op, answerOf(answers, i))) found.push([...trace.slice(0, i), simpler, ...trace.slice(i + 1)]);
  }
  for (const [i, op] of trace.entries()) for (const spanId of evictedBy(answerOf(answers, i))) found.push(...plainLoss(trace, i, op, spanId));
  for (const [i] of trace.entries()) found.push(...plainRefusal(trace, i, answerOf(answers, i)));
  found.push(...plainSummaries(trace));
  found.push(...mergedSpans(trace, 0));
  // Up to one index entry's tokens more: the later span's marker took a line the merged span must now fill.
  for (let extra = 1; extra <= (context.markerTokens ?? 0); extra += 1) found.push(...mergedSpans(trace, extra));
  return found;
}

/**
 * A `persist` of an appended span made part of its append (`persist: true`), one candidate per copy: one step
 * fewer where taking the copy later made no difference.
 */
function foldedCopies(trace: readonly Operation[]): Operation[][] {
  const found: Operation[][] = [];
  for (const [i, op] of trace.entries()) {
    if (op.kind !== 'persist') continue;
    const appended = appendOf(trace, op.spanId);
    if (appended === undefined || appended.at >= i || appended.op.span.persist === true) continue;
    const copied: Operation = { kind: 'append', span: { ...appended.op.span, persist: true } };
    found.push(trace.flatMap((o, k) => (k === appended.at ? [copied] : k === i ? [] : [o])));
  }
  return found;
}

/**
 * A summary made a plain raw span of the same id, tokens, score and content, one candidate per summary: where the
 * failure needs a span there and not its sources, the sources' steps can then be deleted.
 */
function plainSummaries(trace: readonly Operation[]): Operation[][] {
  const found: Operation[][] = [];
  for (const [i, op] of trace.entries()) {
    const span = summaryAsSpan(op);
    if (span !== undefined) found.push(trace.map((o, k) => (k === i ? span : o)));
  }
  return found;
}

/** A summarize step as the append of a raw span with the summary's id, content, tokens and score. */
function summaryAsSpan(op: Operation | undefined): Operation | undefined {
  if (op?.kind !== 'summarize') return undefined;
  return { kind: 'append', span: { id: op.summaryId, content: op.content, kind: 'raw', rawKind: 'other', ...(op.tokens === undefined ? {} : { tokens: op.tokens }), ...(op.score === undefined ? {} : { score: op.score }) } };
}

/**
 * An edit of an appended span made part of its append (the span appended with the edited content, and the tokens
 * the system answered for it), one candidate per edit: one step fewer where editing later made no difference.
 */
function foldedEdits(trace: readonly Operation[], answers: readonly unknown[]): Operation[][] {
  const found: Operation[][] = [];
  for (const [i, op] of trace.entries()) {
    if (op.kind !== 'edit') continue;
    const appended = appendOf(trace, op.spanId);
    if (appended === undefined || appended.at >= i) continue;
    const answer = answerOf(answers, i);
    const { tokens: _tokens, ...span } = appended.op.span;
    const tokens = answer?.kind === 'edited' && typeof answer.tokens === 'number' ? { tokens: answer.tokens } : {};
    const edited: Operation = { kind: 'append', span: { ...span, content: op.content, ...tokens } };
    found.push(trace.flatMap((o, k) => (k === appended.at ? [edited] : k === i ? [] : [o])));
  }
  return found;
}

/** The append of `spanId` in `trace`, and where it is. */
function appendOf(trace: readonly Operation[], spanId: string): { readonly at: number; readonly op: Extract<Operation, { kind: 'append' }> } | undefined {
  const at = trace.findIndex((o) => o.kind === 'append' && o.span.id === spanId);
  const op = trace[at];
  return op?.kind === 'append' ? { at, op } : undefined;
}

/** An appended span made plain: raw, with no sources and no copy. */
function plainSpan(op: Extract<Operation, { kind: 'append' }>): Operation {
  const { sources: _sources, persist: _persist, ...plain } = op.span;
  return { kind: 'append', span: { ...plain, kind: 'raw', rawKind: op.span.rawKind ?? 'other' } };
}

/**
 * A refusal made a plain one in one move: the refused span appended raw with no copy (a refused summary a raw span
 * of its own), and the refused step a prune that does not accept the loss, which the gate always refuses (INV-07).
 * What a re-frame's floor, a lost route or a summary of a summary refused, a plain refusal refuses too, and the steps
 * that built the longer road can then be deleted.
 */
function plainRefusal(trace: readonly Operation[], at: number, answer: Answer): Operation[][] {
  const spanId = answer?.kind === 'rejected' ? answer.spanId : undefined;
  const made = spanId === undefined ? undefined : plainMaking(trace, spanId);
  const op = trace[at];
  if (spanId === undefined || made === undefined || made.at >= at || op === undefined) return [];
  if (made.wasPlain && op.kind === 'prune' && op.acceptLossy !== true && op.claimSafe !== true) return [];
  return [trace.map((o, i) => (i === made.at ? made.plain : i === at ? ({ kind: 'prune', spanId } as const) : o))];
}

/** The step that made `spanId` (its append, or the summarize writing it), that step made a plain raw append, and whether it was one. */
function plainMaking(trace: readonly Operation[], spanId: string): { readonly at: number; readonly plain: Operation; readonly wasPlain: boolean } | undefined {
  const appended = appendOf(trace, spanId);
  if (appended !== undefined) return { at: appended.at, plain: plainSpan(appended.op), wasPlain: appended.op.span.kind === 'raw' && appended.op.span.persist !== true };
  const at = trace.findIndex((o) => o.kind === 'summarize' && o.summaryId === spanId);
  const plain = summaryAsSpan(trace[at]);
  return plain === undefined ? undefined : { at, plain, wasPlain: false };
}

/**
 * Two raw spans made one, one candidate per pair: the later append deleted, its tokens (and `extra`) added to the
 * earlier one, and every later step naming it made to name the earlier. A failure that needs so many tokens in the
 * window (a crowded index) then needs fewer appends to get there; shrinking only ever lowers a span's tokens. With
 * `extra` up to one index entry's tokens, the merged span also fills (part of) the line the later span's marker
 * took: as much as the window then needs, and no more than it admits.
 */
function mergedSpans(trace: readonly Operation[], extra: number): Operation[][] {
  const found: Operation[][] = [];
  for (const [i, first] of trace.entries()) {
    if (first.kind !== 'append' || first.span.kind !== 'raw') continue;
    for (let j = i + 1; j < trace.length; j += 1) {
      const second = trace[j];
      if (second?.kind !== 'append' || second.span.kind !== 'raw' || first.span.tokens === undefined || second.span.tokens === undefined) continue;
      const into = first.span.id;
      const merged: Operation = { kind: 'append', span: { ...first.span, tokens: first.span.tokens + second.span.tokens + extra } };
      found.push(trace.flatMap((o, k) => (k === i ? [merged] : k === j ? [] : k > j ? [renamed(o, second.span.id, into)] : [o])));
    }
  }
  return found;
}

/** `value` with every string `from` (as a value or as a key) replaced by `to`. */
function renamed<T>(value: T, from: string, to: string): T {
  if (value === from) return to as T;
  if (Array.isArray(value)) return value.map((v: unknown) => renamed(v, from, to)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, renamed(v, from, to)])) as T;
}

/**
 * An eviction made a plain loss in one move: the span appended raw with no copy, and the step evicting it a prune
 * accepting the loss. What a derived span's lost sources or a rotated copy lose, losing it outright does too.
 */
function plainLoss(trace: readonly Operation[], at: number, op: Operation, spanId: string): Operation[][] {
  const appended = appendOf(trace, spanId);
  if (appended === undefined || (appended.op.span.kind === 'raw' && appended.op.span.persist !== true && op.kind === 'prune')) return [];
  const raw = plainSpan(appended.op);
  return [trace.map((o, i) => (i === appended.at ? raw : i === at ? ({ kind: 'prune', spanId, acceptLossy: true } as const) : o))];
}
