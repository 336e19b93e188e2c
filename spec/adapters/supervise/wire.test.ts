import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from '../../../src/adapters/supervise/wire.ts';
import { ModelError, type ModelErrorCode } from '../../../src/model/ModelError.ts';
import { ThrownValueError } from '../../../src/util/withTimeout.ts';

// What an adapter throws in its supervised process reaches the engine as an in-process call would have thrown it.
const CODES: readonly ModelErrorCode[] = ['DUPLICATE_ID', 'UNKNOWN_ID', 'BAD_CONTENT', 'BAD_SCORE', 'BAD_TOKENS', 'DERIVATION_CYCLE', 'BAD_FRAME', 'BAD_OPERATION', 'BAD_CONFIG'];

describe('thrown values across the process boundary', () => {
  it('a ModelError keeps its class, code, operation and message (round trip, through a structured clone)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES), fc.string(), fc.string(), (code, operation, message) => {
        const thrown = new ModelError(code, operation, message);
        const back = fromWire(structuredClone(toWire(thrown)) as Parameters<typeof fromWire>[0]);
        expect(back).toBeInstanceOf(ModelError);
        expect(back).toMatchObject({ code, operation, message: thrown.message });
      }),
    );
  });

  it('another Error keeps its name, message and string code; anything else is described, as in-process', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string(), { nil: undefined }), (name, message, code) => {
        const thrown = Object.assign(new Error(message), { name, ...(code === undefined ? {} : { code }) });
        const back = fromWire(structuredClone(toWire(thrown)) as Parameters<typeof fromWire>[0]);
        expect([back.name, back.message, (back as { code?: unknown }).code]).toEqual([name, message, code]);
      }),
    );
    expect(fromWire(toWire('plain string') as Parameters<typeof fromWire>[0])).toEqual(new ThrownValueError('plain string'));
    expect(fromWire(toWire(null) as Parameters<typeof fromWire>[0]).message).toMatch(/a non-Error value was thrown: null/);
    const hostile = Object.defineProperty(new Error('x'), 'message', { get: () => { throw new Error('no'); } });
    expect(toWire(hostile).kind).toBe('value');
  });
});
