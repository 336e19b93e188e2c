import { describe, expect, it } from 'vitest';
import { decodeHello, isHelloProblem } from '../../../src/adapters/protocol/decodeHello.ts';
import { PROTOCOL_MINOR } from '../../../src/adapters/protocol/messages.ts';

// The child's handshake read field by field (spec/PROTOCOL.md §4.1), in-process; spec/adapters/protocol/faults.test.ts
// sees the same refusals through a spawned child.

const GOOD = { protocol: 1, minor: 1, name: 'my-runtime', version: '2.0.0', description: 'mine', capabilities: { operations: ['append', 'prune'], invariants: ['INV-01'] }, reset: true };

describe('decodeHello', () => {
  it('answers the handshake it can use, holding the minor to what prunecheck speaks', () => {
    expect(decodeHello(GOOD)).toEqual(GOOD);
    expect(decodeHello({ ...GOOD, minor: 99 })).toMatchObject({ minor: PROTOCOL_MINOR });
    // A 1.0 child says nothing of minors, descriptions or reset.
    const { minor: _m, description: _d, reset: _r, ...old } = GOOD;
    const decoded = decodeHello(old);
    expect(decoded).toEqual({ protocol: 1, minor: 0, name: 'my-runtime', version: '2.0.0', capabilities: GOOD.capabilities, reset: false });
    expect(isHelloProblem(decoded)).toBe(false);
  });

  it('refuses another major version as VERSION_MISMATCH, saying what to answer', () => {
    const problem = decodeHello({ ...GOOD, protocol: 2 });
    expect(problem).toEqual({ code: 'VERSION_MISMATCH', message: 'the child speaks protocol 2, this prunecheck speaks 1; answer hello with "protocol": 1 (spec/PROTOCOL.md)' });
    expect(isHelloProblem(problem)).toBe(true);
  });

  it.each([
    ['not an object', [GOOD], 'hello result:  must be an object {protocol, name, version, capabilities, reset}'],
    ['null', null, 'hello result:  must be an object {protocol, name, version, capabilities, reset}'],
    ['a fractional minor', { ...GOOD, minor: 1.5 }, "hello result: .minor must be a non-negative integer (the protocol's minor version, 1 for 1.1), got 1.5"],
    ['a name that cannot name a file', { ...GOOD, name: '../x' }, `hello result: .name must be a name of letters, digits, '.', '_' or '-' (it names report files), got "../x"`],
    ['an empty version', { ...GOOD, version: '' }, 'hello result: .version must be a non-empty string, got ""'],
    ['a description that is not text', { ...GOOD, description: 3 }, 'hello result: .description must be a string when present'],
    ['reset as a string', { ...GOOD, reset: 'yes' }, 'hello result: .reset must be true or false, got "yes"'],
    ['no capabilities', { ...GOOD, capabilities: undefined }, 'hello result: .capabilities must be an object {operations: [...], invariants: [...]}'],
    ['capabilities as a list', { ...GOOD, capabilities: ['append'] }, 'hello result: .capabilities must be an object {operations: [...], invariants: [...]}'],
    ['operations not a list', { ...GOOD, capabilities: { operations: 'append', invariants: [] } }, 'hello result: .capabilities.operations must be an array of operation kinds'],
    ['an unknown operation', { ...GOOD, capabilities: { operations: ['append', 'explode'], invariants: [] } }, /^hello result: \.capabilities\.operations names unknown operation "explode"; known: append, persist, /],
    ['invariants not a list', { ...GOOD, capabilities: { operations: [], invariants: {} } }, 'hello result: .capabilities.invariants must be an array of invariant ids'],
    ['an unknown invariant', { ...GOOD, capabilities: { operations: [], invariants: ['INV-99'] } }, /^hello result: \.capabilities\.invariants names unknown invariant "INV-99"; known: INV-01, /],
  ])('refuses %s as BAD_HANDSHAKE', (_name, value, message) => {
    const problem = decodeHello(value);
    expect(isHelloProblem(problem)).toBe(true);
    expect(problem).toMatchObject({ code: 'BAD_HANDSHAKE' });
    expect((problem as { message: string }).message).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message);
  });
});
