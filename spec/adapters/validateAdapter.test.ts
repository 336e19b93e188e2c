import { describe, expect, it } from 'vitest';
import { AdapterLoadError } from '../../src/adapters/AdapterLoadError.ts';
import { validateAdapter, validateSystem } from '../../src/adapters/validateAdapter.ts';

// What a module's default export and an adapter's create() must be before the harness calls into them, in-process;
// the loading tests (spec/adapters/importAdapterModule.test.ts, spec/faults) see these through whole modules.

const noop = (): undefined => undefined;
const none = (): never[] => [];
const GOOD = { name: 'mine', version: '1.0.0', capabilities: { operations: ['append'], invariants: ['INV-01'] }, create: () => ({}) };

function loadError(value: unknown): string {
  try {
    validateAdapter(value, 'adapters/mine.ts');
  } catch (error: unknown) {
    expect(error).toBeInstanceOf(AdapterLoadError);
    expect(error).toMatchObject({ code: 'BAD_ADAPTER' });
    return (error as Error).message;
  }
  throw new Error('validated');
}

describe('validateAdapter', () => {
  it('answers a well-formed adapter as it is', () => {
    expect(validateAdapter(GOOD, 'adapters/mine.ts')).toBe(GOOD);
  });

  it.each([
    ['no default export', undefined, 'adapters/mine.ts has no default export; add `export default adapter`, where adapter is an object with name, version, capabilities and create() (see spec/ADAPTER.md)'],
    ['null', null, 'adapters/mine.ts: default export must be an adapter object with name, version, capabilities and create(), got null (see spec/ADAPTER.md)'],
    ['a function', () => GOOD, 'adapters/mine.ts: default export must be an adapter object with name, version, capabilities and create(), got function (see spec/ADAPTER.md)'],
    ['an empty name', { ...GOOD, name: '' }, 'adapters/mine.ts: default export.name must be a non-empty string (see spec/ADAPTER.md)'],
    ['a numeric version', { ...GOOD, version: 1 }, 'adapters/mine.ts: default export.version must be a string (see spec/ADAPTER.md)'],
    ['no create', { ...GOOD, create: undefined }, 'adapters/mine.ts: default export.create must be a function (config) => PruningSystem (see spec/ADAPTER.md)'],
    ['no capabilities', { ...GOOD, capabilities: null }, 'adapters/mine.ts: default export.capabilities must be { operations, invariants } (see spec/ADAPTER.md)'],
    ['operations not a list', { ...GOOD, capabilities: { operations: 'append', invariants: [] } }, 'adapters/mine.ts: default export.capabilities.operations must be an array of operation kinds (see spec/ADAPTER.md)'],
    ['an unknown operation', { ...GOOD, capabilities: { operations: ['explode'], invariants: [] } }, 'adapters/mine.ts: default export.capabilities.operations names unknown operation "explode"; known: append, persist'],
    ['invariants not a list', { ...GOOD, capabilities: { operations: [], invariants: 'INV-01' } }, 'adapters/mine.ts: default export.capabilities.invariants must be an array of invariant ids (see spec/ADAPTER.md)'],
    ['an unknown invariant', { ...GOOD, capabilities: { operations: [], invariants: ['INV-99'] } }, 'adapters/mine.ts: default export.capabilities.invariants names unknown invariant "INV-99"; known: INV-01'],
  ])('refuses %s, naming the field', (_name, value, message) => {
    expect(loadError(value)).toContain(message);
  });
});

describe('validateSystem', () => {
  it('answers a system with apply and observe, and optional methods that are functions', () => {
    const system = { apply: noop, observe: none, close: noop };
    expect(validateSystem(system)).toBe(system);
  });

  it.each([
    ['null', null, 'create() must answer a system object with apply() and observe(), got null'],
    ['a string', 'system', 'create() must answer a system object with apply() and observe(), got string'],
    ['no apply', { observe: none }, 'create() answered a system without apply(): its apply is undefined, not a function (see spec/ADAPTER.md §1)'],
    ['observe not a function', { apply: noop, observe: [] }, 'create() answered a system without observe(): its observe is object, not a function (see spec/ADAPTER.md §1)'],
    ['request not a function', { apply: noop, observe: none, request: 'x' }, 'create() answered a system whose request is string; leave it out or make it a function'],
    ['close not a function', { apply: noop, observe: none, close: 1 }, 'create() answered a system whose close is number; leave it out or make it a function'],
  ])('refuses %s with a TypeError saying what is wrong', (_name, value, message) => {
    expect(() => validateSystem(value)).toThrow(new TypeError(message));
  });
});
