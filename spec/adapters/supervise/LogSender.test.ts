import fc from 'fast-check';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { LogReceiver } from '../../../src/adapters/supervise/LogReceiver.ts';
import { LogSender } from '../../../src/adapters/supervise/LogSender.ts';
import { copyAsSent, NOT_PLAIN, plainCopy, samePlain } from '../../../src/adapters/supervise/plainCopy.ts';

// A batch's rechecks send the audit log as what changed since the last one, its operations as steps (issue 25's
// cost per step). Whatever the system does to its log between reads (appends, rewrites an old entry in place,
// drops one, answers something that is not plain data), the engine must read the log exactly as the system
// answered it at that read, as it would in-process.

const plain = fc.jsonValue().map((v) => v as unknown);

describe('plainCopy and samePlain', () => {
  it('a copy is the same as what it copied, and crosses the serializer as it does', () => {
    fc.assert(
      fc.property(plain, (value) => {
        const copy = plainCopy(value);
        expect(samePlain(value, copy)).toBe(true);
        expect(deserialize(serialize(copy))).toStrictEqual(deserialize(serialize(value)));
      }),
    );
  });

  it('a change after the copy is seen: a field, a key order, an undefined field, a removed element', () => {
    const live: Record<string, unknown> = { a: 1, b: { c: [1, 2] } };
    const copy = plainCopy(live);
    (live['b'] as { c: number[] }).c.pop();
    expect(samePlain(live, copy)).toBe(false);
    expect(samePlain({ b: 1, a: 1 }, plainCopy({ a: 1, b: 1 }))).toBe(false);
    expect(samePlain({ a: 1, b: undefined }, plainCopy({ a: 1 }))).toBe(false);
    expect(samePlain(-0, plainCopy(0))).toBe(false);
  });

  it('an own "__proto__" key is copied as data, as the serializer sends it, never as the prototype', () => {
    const value = JSON.parse('{"spanId":"a","__proto__":{"resident":{"score":1}}}') as Record<string, unknown>;
    const copy = plainCopy(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['spanId', '__proto__']);
    expect(copy['resident']).toBeUndefined();
    expect(deserialize(serialize(copy))).toStrictEqual(deserialize(serialize(value)));
    expect(samePlain(value, copy)).toBe(true);
  });

  it('what is not plain data is not copied: a class, a Map, a Proxy, a hole, a function', () => {
    for (const value of [new (class A {})(), new Map(), new Proxy({}, {}), [1, , 3], { f: () => 1 }, [Symbol('s')]]) expect(plainCopy(value)).toBe(NOT_PLAIN);
  });

  it('copyAsSent: what the serializer would send, taken now; a structured clone where it is not plain; as it is where it cannot be cloned', () => {
    const live = { spans: [{ id: 'a', resident: true }] };
    const copy = copyAsSent(live);
    live.spans[0] = { id: 'a', resident: false };
    expect(copy).toEqual({ spans: [{ id: 'a', resident: true }] });
    const map = new Map([['a', 1]]);
    const cloned = copyAsSent(map);
    map.set('a', 2);
    expect(cloned).toEqual(new Map([['a', 1]]));
    const cycle: Record<string, unknown> = { a: 1 };
    cycle['self'] = cycle;
    const cut = copyAsSent(cycle) as Record<string, unknown>;
    expect(cut['self']).toBe(cut);
    const f = { f: () => 1 };
    expect(copyAsSent(f)).toBe(f);
  });
});

interface Entry {
  step: number;
  operation: object;
  outcome: { kind: string; n: number };
}

/** One change a system may make to its log between two reads. */
const change = fc.oneof(
  fc.record({ t: fc.constant('append' as const), op: fc.nat(5), n: fc.nat(9) }),
  fc.record({ t: fc.constant('rewrite' as const), at: fc.nat(30), n: fc.nat(9) }),
  fc.record({ t: fc.constant('drop' as const) }),
  fc.record({ t: fc.constant('own-op' as const), at: fc.nat(30) }),
  fc.record({ t: fc.constant('not-plain' as const), at: fc.nat(30) }),
);

describe('LogSender and LogReceiver', () => {
  it('at every read the engine gets the log as the system holds it then, with its own operations put back', () => {
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 6 }), { minLength: 1, maxLength: 12 }), (reads) => {
        // The operations the child was given (frozen), and the engine's own operation for each step.
        const given = Array.from({ length: 6 }, (_, i) => Object.freeze({ kind: 'rotate', i }));
        const engineOps = given.map((op) => ({ ...op }));
        const steps = new Map<object, number>(given.map((op, i) => [op, i]));
        const sender = new LogSender(steps);
        const receiver = new LogReceiver();
        const log: (Entry | Map<string, number>)[] = [];
        for (const changes of reads) {
          for (const c of changes) {
            const at = 'at' in c ? c.at % Math.max(1, log.length) : 0;
            const entry = log[at];
            if (c.t === 'append') log.push({ step: log.length + 1, operation: given[c.op] as object, outcome: { kind: 'done', n: c.n } });
            else if (c.t === 'rewrite' && entry !== undefined && !(entry instanceof Map)) entry.outcome.n = c.n + 10;
            else if (c.t === 'drop') log.pop();
            else if (c.t === 'own-op' && entry !== undefined && !(entry instanceof Map)) entry.operation = { kind: 'rotate', own: true };
            else if (c.t === 'not-plain' && entry !== undefined) log[at] = new Map([['n', 1]]);
          }
          const wire = sender.encode(log);
          const expected = deserialize(serialize(log)) as unknown[];
          if (wire === undefined) {
            // Not plain data: it crosses as it is, and the next tail keeps nothing of the last.
            expect(log.some((e) => e instanceof Map)).toBe(true);
            continue;
          }
          const decoded = receiver.decode(deserialize(serialize(wire)));
          expect(decoded).toBeDefined();
          for (const [entry, step] of decoded?.refs ?? []) entry['operation'] = engineOps[step];
          expect(decoded?.value).toStrictEqual(expected);
        }
      }),
    );
  });

  it('a tail out of shape is refused', () => {
    const receiver = new LogReceiver();
    expect(receiver.decode({ keep: 1, tail: [], refs: [] })).toBeUndefined();
    expect(receiver.decode({ keep: 0, tail: [], refs: [[3, 0]] })).toBeUndefined();
    expect(receiver.decode(null)).toBeUndefined();
  });
});
