import type { Operation } from '../../model/Operation.ts';

/** What the system answered at a step, as far as simplifying needs it: the spans it evicted. */
type Answer = { readonly kind: string; readonly spanId?: string; readonly evicted?: readonly { readonly spanId: string }[] } | undefined;

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

/**
 * Simpler traces to try, most promising first: each deletes one step, or makes one step simpler (a compaction
 * becomes a prune accepting loss of a span it evicted, a derived span a raw one, a copy is not taken, a re-frame
 * re-declares nothing, a claim or summary rests on one id, a call drops its clock, back-off or key). Found roads
 * that are longer than another road to the same failure (a loss through a rotation, where accepting it suffices)
 * become the short road one step at a time. `answers`: what the system answered at each step.
 */
export function simplerTraces(trace: readonly Operation[], answers: readonly unknown[]): Operation[][] {
  const found: Operation[][] = [];
  for (let i = trace.length - 1; i >= 0; i -= 1) found.push([...trace.slice(0, i), ...trace.slice(i + 1)]);
  for (const [i, op] of trace.entries()) {
    for (const simpler of simplerOps(op, answerOf(answers, i))) found.push([...trace.slice(0, i), simpler, ...trace.slice(i + 1)]);
  }
  for (const [i, op] of trace.entries()) for (const spanId of evictedBy(answerOf(answers, i))) found.push(...plainLoss(trace, i, op, spanId));
  for (const [i] of trace.entries()) found.push(...plainRefusal(trace, i, answerOf(answers, i)));
  found.push(...mergedSpans(trace));
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
 * A refusal made a plain one in one move: the refused span appended raw with no copy, and the refused step a prune
 * that does not accept the loss, which the gate always refuses (INV-07). What a re-frame's floor or a lost route
 * refused, a plain refusal refuses too, and the steps that built the longer road can then be deleted.
 */
function plainRefusal(trace: readonly Operation[], at: number, answer: Answer): Operation[][] {
  const spanId = answer?.kind === 'rejected' ? answer.spanId : undefined;
  const appended = spanId === undefined ? undefined : appendOf(trace, spanId);
  const op = trace[at];
  if (spanId === undefined || appended === undefined || appended.at >= at || op === undefined) return [];
  const plainAppend = appended.op.span.kind === 'raw' && appended.op.span.persist !== true;
  if (plainAppend && op.kind === 'prune' && op.acceptLossy !== true && op.claimSafe !== true) return [];
  return [trace.map((o, i) => (i === appended.at ? plainSpan(appended.op) : i === at ? ({ kind: 'prune', spanId } as const) : o))];
}

/**
 * Two raw spans made one, one candidate per pair: the later append deleted, its tokens added to the earlier one,
 * and every later step naming it made to name the earlier. A failure that needs so many tokens in the window (a
 * crowded index) then needs fewer appends to get there; shrinking only ever lowers a span's tokens.
 */
function mergedSpans(trace: readonly Operation[]): Operation[][] {
  const found: Operation[][] = [];
  for (const [i, first] of trace.entries()) {
    if (first.kind !== 'append' || first.span.kind !== 'raw') continue;
    for (let j = i + 1; j < trace.length; j += 1) {
      const second = trace[j];
      if (second?.kind !== 'append' || second.span.kind !== 'raw' || first.span.tokens === undefined || second.span.tokens === undefined) continue;
      const into = first.span.id;
      const merged: Operation = { kind: 'append', span: { ...first.span, tokens: first.span.tokens + second.span.tokens } };
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
