import { describe, expect, it } from 'vitest';
import { ModelError, type ModelErrorCode } from '../../src/model/ModelError.ts';
import { OPERATION_KINDS, type Operation } from '../../src/model/Operation.ts';
import { ReferenceRuntime } from '../../src/model/ReferenceRuntime.ts';
import { applyAll, derived, episode, raw, snapshot } from '../helpers/model.ts';

/** A runtime that has seen `a` (raw), `d` (derived from a), `s` (summary of a). */
function seeded(): ReferenceRuntime {
  const rt = episode();
  applyAll(rt, raw('a', 'alpha', { persist: true }), derived('d', 'from a', ['a']), { kind: 'summarize', summaryId: 's', sourceIds: ['a'], content: 'sum' });
  return rt;
}

const misuse = (op: unknown) => op as Operation;

/** [what, operation, code, text the message must contain] */
const cases: [string, Operation, ModelErrorCode, string][] = [
  ['empty span id', raw('', 'x'), 'BAD_OPERATION', "operation 'append': span.id must be a non-empty string"],
  ['reused span id', raw('a', 'again'), 'DUPLICATE_ID', "span id 'a' was already used in this episode"],
  ['span id reused from a summary', raw('s', 'x'), 'DUPLICATE_ID', "span id 's'"],
  ['summary kind appended', misuse({ kind: 'append', span: { id: 'n', kind: 'summary', content: 'x' } }), 'BAD_OPERATION', `span.kind must be 'raw' or 'derived'`],
  ['empty content', raw('n', ''), 'BAD_CONTENT', 'content must be a non-empty string, got an empty string'],
  ['non-string content', misuse(raw('n', 42 as unknown as string)), 'BAD_CONTENT', 'got number'],
  ['zero tokens', raw('n', 'x', { tokens: 0 }), 'BAD_TOKENS', 'tokens must be a positive integer, got 0'],
  ['fractional tokens', raw('n', 'x', { tokens: 1.5 }), 'BAD_TOKENS', 'got 1.5'],
  ['negative tokens', raw('n', 'x', { tokens: -2 }), 'BAD_TOKENS', 'got -2'],
  ['NaN score', raw('n', 'x', { score: Number.NaN }), 'BAD_SCORE', 'span.score must be a number ≥ 0 (not NaN), got NaN'],
  ['negative score', raw('n', 'x', { score: -0.1 }), 'BAD_SCORE', 'span.score must be a number ≥ 0 (not NaN), got -0.1'],
  ['raw span with sources', misuse({ kind: 'append', span: { id: 'n', kind: 'raw', content: 'x', sources: ['a'] } }), 'BAD_OPERATION', "raw span 'n' declares sources"],
  ['self-derivation', derived('n', 'x', ['a', 'n']), 'DERIVATION_CYCLE', "span 'n' lists itself as a source"],
  ['unknown source', derived('n', 'x', ['ghost']), 'UNKNOWN_ID', "span.sources names 'ghost', which was never appended or summarized"],
  ['persist of unknown id', { kind: 'persist', spanId: 'ghost' }, 'UNKNOWN_ID', "operation 'persist': spanId names 'ghost'"],
  ['restore of unknown id', { kind: 'restore', spanId: 'ghost' }, 'UNKNOWN_ID', "operation 'restore': spanId names 'ghost'"],
  ['prune of unknown id', { kind: 'prune', spanId: 'ghost', acceptLossy: true }, 'UNKNOWN_ID', "operation 'prune': spanId names 'ghost'"],
  ['prune of empty id', { kind: 'prune', spanId: '' }, 'BAD_OPERATION', 'spanId must be a non-empty string, got ""'],
  ['edit of unknown id', { kind: 'edit', spanId: 'ghost', content: 'x' }, 'UNKNOWN_ID', "operation 'edit': spanId names 'ghost'"],
  ['edit to empty content', { kind: 'edit', spanId: 'a', content: '' }, 'BAD_CONTENT', "operation 'edit': content must be a non-empty string"],
  ['rotate of unknown id', { kind: 'rotate', spanIds: ['a', 'ghost'] }, 'UNKNOWN_ID', "operation 'rotate': spanIds names 'ghost'"],
  ['empty summary id', { kind: 'summarize', summaryId: '', sourceIds: ['a'], content: 'x' }, 'BAD_OPERATION', 'summaryId must be a non-empty string'],
  ['reused summary id', { kind: 'summarize', summaryId: 'd', sourceIds: ['a'], content: 'x' }, 'DUPLICATE_ID', "summaryId 'd' was already used"],
  ['summary of nothing', { kind: 'summarize', summaryId: 'n', sourceIds: [], content: 'x' }, 'BAD_OPERATION', 'sourceIds is empty'],
  ['summary listing a source twice', { kind: 'summarize', summaryId: 'n', sourceIds: ['a', 'a'], content: 'x' }, 'BAD_OPERATION', 'sourceIds lists a span twice'],
  ['summary of itself', { kind: 'summarize', summaryId: 'n', sourceIds: ['a', 'n'], content: 'x' }, 'DERIVATION_CYCLE', "summary 'n' lists itself as a source"],
  ['summary of unknown id', { kind: 'summarize', summaryId: 'n', sourceIds: ['ghost'], content: 'x' }, 'UNKNOWN_ID', "sourceIds names 'ghost'"],
  ['summary with empty content', { kind: 'summarize', summaryId: 'n', sourceIds: ['a'], content: '' }, 'BAD_CONTENT', "operation 'summarize': content"],
  ['summary with zero tokens', { kind: 'summarize', summaryId: 'n', sourceIds: ['a'], content: 'x', tokens: 0 }, 'BAD_TOKENS', "operation 'summarize': tokens"],
  ['summary with negative score', { kind: 'summarize', summaryId: 'n', sourceIds: ['a'], content: 'x', score: -1 }, 'BAD_SCORE', "operation 'summarize': score must be"],
  ['empty frame', { kind: 'reframe', frame: '' }, 'BAD_FRAME', "operation 'reframe': frame must be a non-empty string"],
  ['blank frame', { kind: 'reframe', frame: ' \t' }, 'BAD_FRAME', 'frame must be a non-empty string'],
  ['non-string frame', misuse({ kind: 'reframe', frame: 7 }), 'BAD_FRAME', 'frame must be'],
  ['re-score of unknown id', { kind: 'reframe', frame: 'f', scores: { ghost: 1 } }, 'UNKNOWN_ID', "scores names 'ghost'"],
  ['NaN re-score', { kind: 'reframe', frame: 'f', scores: { a: Number.NaN } }, 'BAD_SCORE', 'scores.a must be a number'],
  ['derivation of unknown id', { kind: 'reframe', frame: 'f', derivations: { ghost: ['a'] } }, 'UNKNOWN_ID', "derivations names 'ghost'"],
  ['self-derivation in a re-frame', { kind: 'reframe', frame: 'f', derivations: { d: ['d'] } }, 'DERIVATION_CYCLE', "derivation of 'd' lists itself"],
  ['derivation from unknown id', { kind: 'reframe', frame: 'f', derivations: { d: ['ghost'] } }, 'UNKNOWN_ID', "derivations.d names 'ghost'"],
  ['NaN threshold', { kind: 'compact', threshold: Number.NaN }, 'BAD_SCORE', "operation 'compact': threshold must be"],
  ['negative threshold', { kind: 'compact', threshold: -1 }, 'BAD_SCORE', 'threshold must be a number ≥ 0'],
  ['lookup of empty id', { kind: 'lookup', spanId: '' }, 'BAD_OPERATION', "operation 'lookup': spanId must be a non-empty string"],
  ['empty claim', { kind: 'claim', claim: 'x', requiredIds: [] }, 'BAD_OPERATION', "operation 'claim': requiredIds is empty"],
  ['claim on an empty id', { kind: 'claim', claim: 'x', requiredIds: ['a', ''] }, 'BAD_OPERATION', 'requiredIds must be a non-empty string'],
  ['tool call without signature', { kind: 'callTool', signature: '', requestId: 'r' }, 'BAD_OPERATION', "operation 'callTool': signature must be"],
  ['tool call without request id', { kind: 'callTool', signature: 's', requestId: '' }, 'BAD_OPERATION', 'requestId must be'],
  ['negative retry-after', { kind: 'callTool', signature: 's', requestId: 'r', retryAfter: -5 }, 'BAD_SCORE', 'retryAfter must be a number ≥ 0'],
  ['version change naming no version', { kind: 'setVersion' }, 'BAD_OPERATION', "operation 'setVersion': name modelVersion, policyVersion or both"],
  ['unknown operation kind', misuse({ kind: 'drop-everything' }), 'BAD_OPERATION', "operation 'drop-everything': unknown operation kind; expected one of append"],
  ['operation without kind', misuse({ spanId: 'a' }), 'BAD_OPERATION', "operation 'undefined': unknown operation kind"],
];

/** Operations arrive as JSON: wrong shapes must be misuse too, not a TypeError halfway through an operation. */
const shapeCases: [string, unknown, string, string][] = [
  ['null operation', null, 'operation', "operation: must be an object with a 'kind', got null"],
  ['string operation', 'prune', 'operation', 'got string'],
  ['append without span', { kind: 'append' }, "operation 'append'", 'span must be an object with id, kind and content, got undefined'],
  ['derived sources as a string', { kind: 'append', span: { id: 'n', kind: 'derived', content: 'x', sources: 'a' } }, "operation 'append'", 'span.sources must be an array of span ids, got "a"'],
  ['summary without sourceIds', { kind: 'summarize', summaryId: 'n', content: 'x' }, "operation 'summarize'", 'sourceIds must be an array of span ids, got undefined'],
  ['claim ids as a string', { kind: 'claim', claim: 'c', requiredIds: 'a' }, "operation 'claim'", 'requiredIds must be an array'],
  ['claim with empty text', { kind: 'claim', claim: '', requiredIds: ['a'] }, "operation 'claim'", 'claim must be a non-empty string'],
  ['rotate ids as a string', { kind: 'rotate', spanIds: 'a' }, "operation 'rotate'", 'spanIds must be an array'],
  ['re-frame scores as a string', { kind: 'reframe', frame: 'f', scores: 'ab' }, "operation 'reframe'", 'scores must be an object'],
  ['re-frame derivations as a list', { kind: 'reframe', frame: 'f', derivations: [['a']] }, "operation 'reframe'", 'derivations must be an object'],
  ['re-frame derivation as a string', { kind: 'reframe', frame: 'f', derivations: { d: 'a' } }, "operation 'reframe'", 'derivations.d must be an array of span ids, got "a"'],
  ['numeric model version', { kind: 'setVersion', modelVersion: 5 }, "operation 'setVersion'", 'modelVersion must be a non-empty string, got 5'],
  ['empty policy version', { kind: 'setVersion', policyVersion: '' }, "operation 'setVersion'", 'policyVersion must be a non-empty string'],
];

describe('validation: malformed operations throw ModelError and change nothing', () => {
  it.each(cases)('%s → %s', (_what, op, code, text) => {
    const rt = seeded();
    const before = { state: snapshot(rt, ['a', 'd', 's', 'n']), step: rt.step, log: rt.log.size };

    let thrown: unknown;
    try {
      rt.apply(op);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(ModelError);
    expect(thrown).toMatchObject({ name: 'ModelError', code, operation: `operation '${String((op as { kind?: unknown }).kind)}'` });
    expect((thrown as ModelError).message).toContain(text);
    expect({ state: snapshot(rt, ['a', 'd', 's', 'n']), step: rt.step, log: rt.log.size }).toEqual(before);
  });

  it.each(shapeCases)('%s → BAD_OPERATION, before anything changes', (_what, op, operation, text) => {
    const rt = seeded();
    const before = { state: snapshot(rt, ['a', 'd', 's', 'n']), step: rt.step, log: rt.log.size, frame: rt.frame };

    expect(() => rt.apply(op as Operation)).toThrow(expect.objectContaining({ name: 'ModelError', code: 'BAD_OPERATION', operation, message: expect.stringContaining(text) }));
    expect({ state: snapshot(rt, ['a', 'd', 's', 'n']), step: rt.step, log: rt.log.size, frame: rt.frame }).toEqual(before);
  });

  it.each(OPERATION_KINDS)('recognizes the operation kind %s', (kind) => {
    const rt = seeded();

    let message = '';
    try {
      rt.apply(misuse({ kind }));
    } catch (error) {
      message = (error as Error).message;
    }

    expect(message).not.toContain('unknown operation kind');
  });

  it.each([0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects capacity %s with BAD_CONFIG', (capacity) => {
    expect(() => new ReferenceRuntime({ capacity })).toThrow(
      expect.objectContaining({ code: 'BAD_CONFIG', operation: 'new ReferenceRuntime', message: `new ReferenceRuntime: capacity must be a positive integer of tokens, got ${String(capacity)}` }),
    );
  });

  it('applies the configured defaults', () => {
    const rt = new ReferenceRuntime({ capacity: 16 });

    expect([rt.frame, rt.modelVersion, rt.policyVersion, rt.store.distinguishesAbsent, rt.window.capacity, rt.window.markerTokens]).toEqual(['initial', 'model-1', 'policy-1', true, 16, 15]);
  });
});

describe('ModelError', () => {
  it('prefixes the message with the operation and keeps code, operation and cause', () => {
    const cause = new Error('root');
    const error = new ModelError('BAD_TOKENS', "operation 'append'", 'tokens must be a positive integer', { cause });

    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.operation, error.message, error.cause]).toEqual(['ModelError', 'BAD_TOKENS', "operation 'append'", "operation 'append': tokens must be a positive integer", cause]);
  });
});
