import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../../src/adapters/protocol/codec.ts';
import { LineReader } from '../../../src/adapters/protocol/LineReader.ts';
import { splitCommandLine } from '../../../src/adapters/protocol/splitCommandLine.ts';
import { StderrRing } from '../../../src/adapters/protocol/StderrRing.ts';
import { prefetchIds } from '../../../src/adapters/protocol/prefetchIds.ts';
import type { Operation } from '../../../src/model/Operation.ts';

describe('protocol encoding', () => {
  it('carries non-finite numbers as {"$float": …} and reads them back', () => {
    const value = { score: Number.POSITIVE_INFINITY, low: Number.NEGATIVE_INFINITY, nan: Number.NaN, list: [1, Number.POSITIVE_INFINITY] };
    const line = encodeMessage(value);
    expect(line).toBe('{"score":{"$float":"Infinity"},"low":{"$float":"-Infinity"},"nan":{"$float":"NaN"},"list":[1,{"$float":"Infinity"}]}');
    expect(decodeMessage(line)).toEqual(value);
  });

  it('reads null as absent and drops undefined, so both sides mean the same by "no value"', () => {
    expect(decodeMessage('{"kind":"appended","spanId":"a","handle":null}')).toStrictEqual({ kind: 'appended', spanId: 'a' });
    expect(encodeMessage({ kind: 'appended', spanId: 'a', handle: undefined })).toBe('{"kind":"appended","spanId":"a"}');
    expect(encodeMessage(undefined)).toBe('null');
  });

  it('leaves strings that merely contain "null" or "$float" alone', () => {
    const value = { content: 'null pointer in $float handler', n: 2 };
    expect(decodeMessage(encodeMessage(value))).toEqual(value);
    expect(decodeMessage('{"$float":"Infinity","other":1}')).toEqual({ $float: 'Infinity', other: 1 });
  });

  it('throws SyntaxError on a line that is not JSON', () => {
    expect(() => decodeMessage('{"id":1,')).toThrow(SyntaxError);
  });
});

describe('LineReader', () => {
  it('joins a line split across chunks, including inside a multi-byte character, and drops a trailing \\r', () => {
    const reader = new LineReader(1024);
    const bytes = Buffer.from('{"a":"é🙂"}\r\n{"b":2}\n\n{"c"', 'utf8');
    const events = [...bytes].flatMap((byte) => reader.feed(Buffer.from([byte])));
    expect(events).toEqual([{ kind: 'line', text: '{"a":"é🙂"}' }, { kind: 'line', text: '{"b":2}' }]);
    expect(reader.pending).toBe(4);
    expect(reader.pendingPreview()).toBe('{"c"');
  });

  it('reports a line over the limit as soon as the limit is passed, newline or not', () => {
    expect(new LineReader(10).feed(Buffer.from('0123456789A'))).toEqual([{ kind: 'too-long', bytes: 11 }]);
    expect(new LineReader(10).feed(Buffer.from('ok\n0123456789AB\n'))).toEqual([{ kind: 'line', text: 'ok' }, { kind: 'too-long', bytes: 12 }]);
    const reader = new LineReader(10);
    expect(reader.feed(Buffer.from('01234'))).toEqual([]);
    expect(reader.feed(Buffer.from('56789\n'))).toEqual([{ kind: 'line', text: '0123456789' }]);
  });
});

describe('splitCommandLine', () => {
  it('splits words as a POSIX shell does, without expanding anything', () => {
    expect(splitCommandLine('python3 examples/python/correct_runtime.py')).toEqual(['python3', 'examples/python/correct_runtime.py']);
    expect(splitCommandLine(`  node  'my dir/child.js' "say \\"hi\\"" a\\ b $HOME  `)).toEqual(['node', 'my dir/child.js', 'say "hi"', 'a b', '$HOME']);
    expect(splitCommandLine(`x ''`)).toEqual(['x', '']);
  });

  it('answers an error for unbalanced quotes', () => {
    expect(splitCommandLine(`python3 'x.py`)).toEqual({ error: `unbalanced ' in command line "python3 'x.py"` });
    expect(splitCommandLine(`python3 "x.py`)).toHaveProperty('error');
  });
});

describe('StderrRing', () => {
  it('keeps the last bytes and counts what it dropped', () => {
    const ring = new StderrRing(8);
    ring.push(Buffer.from('abcdef'));
    expect(ring.text()).toBe('abcdef');
    ring.push(Buffer.from('ghijklmnopqrstuvwxyz'));
    expect(ring.text()).toBe('[… 18 earlier bytes of stderr dropped]\nstuvwxyz');
  });
});

describe('prefetchIds', () => {
  it('names the ids the checkers observe after each kind of operation, once each', () => {
    const cases: [Operation, string[]][] = [
      [{ kind: 'append', span: { id: 'd', kind: 'derived', content: 'x', sources: ['a', 'a', 'b'] } }, ['d', 'a', 'b']],
      [{ kind: 'summarize', summaryId: 's', sourceIds: ['a', 'b'], content: 'x' }, ['s', 'a', 'b']],
      [{ kind: 'reframe', frame: 'f', scores: { a: 1 }, derivations: { d: ['a'] } }, ['a', 'd']],
      [{ kind: 'rotate' }, []],
      [{ kind: 'compact', threshold: 1 }, []],
      [{ kind: 'claim', claim: 'c', requiredIds: ['a', 'b', 'a'] }, ['a', 'b']],
      [{ kind: 'prune', spanId: 'a' }, ['a']],
    ];
    for (const [op, ids] of cases) expect(prefetchIds(op), op.kind).toEqual(ids);
    expect(prefetchIds({ kind: 'append', span: 'not-an-object' } as unknown as Operation)).toEqual([]);
  });
});
