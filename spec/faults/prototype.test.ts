import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { decodeMessage } from '../../src/adapters/protocol/codec.ts';
import { readCounterexampleFile } from '../../src/run/readCounterexampleFile.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { parseJsonData } from '../../src/util/parseJsonData.ts';
import { runCli } from '../helpers/cli.ts';
import { FIXTURES, scratch } from '../helpers/faults.ts';

// Issue 25, row 7: "__proto__" and "constructor" keys in what prunecheck parses (protocol answers,
// counterexamples, shard reports, expectations) are data. Decoded objects holding such a key are prototype-free,
// so no read of a field the child did not send can answer Object.prototype's. Shard reports and expectations
// are covered in merge.test.ts and expectations.test.ts.
const temp = scratch('prototype');

describe('parsed data has no prototype (issue 25, row 7)', () => {
  it('a protocol answer with __proto__, constructor and toString keys decodes into prototype-free objects holding them', () => {
    const answer = decodeMessage('{"id":1,"result":{"outcome":{"kind":"absent","spanId":"a","__proto__":{"kind":"evicted"},"constructor":{"x":1}},"observations":[{"spanId":"a","toString":"t"}]}}') as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- decoded JSON
    const outcome = answer['result'].outcome;
    expect(Object.getPrototypeOf(answer)).toBeNull();
    expect(Object.getPrototypeOf(outcome)).toBeNull();
    expect(outcome.kind).toBe('absent');
    expect(Object.keys(outcome)).toEqual(['kind', 'spanId', '__proto__', 'constructor']);
    expect(outcome['__proto__']).toEqual({ kind: 'evicted' });
    expect(outcome.constructor).toEqual({ x: 1 });
    // A field the child did not send reads as absent, never as Object.prototype's.
    expect(answer['result'].hasOwnProperty).toBeUndefined();
    expect('toString' in answer['result']).toBe(false);
    expect(answer['result'].observations[0].toString).toBe('t');
    // With null (absent) and $float in the same line, as Python children write them.
    const revived = decodeMessage('{"id":2,"result":{"__pro\\u0074o__":{"$float":"NaN"},"constructor":null}}') as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- decoded JSON
    expect(Object.getPrototypeOf(revived['result'])).toBeNull();
    expect(Object.keys(revived['result'])).toEqual(['__proto__']);
    expect(revived['result']['__proto__']).toBeNaN();
  });

  it('ordinary lines keep their plain objects (the fast path)', () => {
    expect(Object.getPrototypeOf(decodeMessage('{"id":1,"result":{"outcome":{"kind":"absent"}}}'))).toBe(Object.prototype);
    expect(Object.getPrototypeOf(parseJsonData('{"a":"caf\\u00e9"}'))).toBe(Object.prototype);
  });

  it('a deterministic child whose answers carry such keys is checked as the conformant runtime it is', async () => {
    const child = `cmd:${process.execPath} --import tsx ${join(FIXTURES, 'prototypeKeysChild.ts')}`;
    const result = await runCli(['check', '--adapter', child, '--runs', '40', '--seed', '1', '--counterexamples', temp()]);
    expect(result.stdout).not.toMatch(/ADAPTER-ERROR|DIFFERENTIAL|verdict: (violation|error|diverged)/);
    expect(result.code, result.stdout).toBeLessThanOrEqual(1);
  });

  describe('a counterexample file', () => {
    let file = '';
    beforeAll(async () => {
      const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { runs: 50, seed: 1, examples: false, outDir: temp() });
      file = report.violations[0]?.counterexample ?? '';
    });
    const edited = (edit: (text: string) => string): string => {
      const path = join(temp(), 'cx.json');
      writeFileSync(path, edit(readFileSync(file, 'utf8')));
      return path;
    };

    it('whose format is "constructor" or "__proto__" is refused naming the format', async () => {
      for (const format of ['constructor', '__proto__', 'toString']) {
        const path = edited((text) => text.replace('"format": "prunecheck-counterexample/1"', `"format": "${format}"`));
        await expect(readCounterexampleFile(path)).rejects.toThrow(`field 'format' must be one of prunecheck-counterexample/1, prunecheck-policy-counterexample/1, got "${format}"`);
      }
    });

    it('with a "__proto__" key holds it as data, and still replays', async () => {
      const path = edited((text) => text.replace('{\n  "format"', '{\n  "__proto__": { "adapterRef": "cmd:evil" },\n  "format"'));
      const read = await readCounterexampleFile(path);
      expect(read.adapterRef).toBe('trusts-safe-claim');
      expect(Object.getPrototypeOf(read.data)).toBeNull();
      const result = await runCli(['replay', path]);
      expect(result.stdout).toMatch(/^reproduced: /m);
    });
  });
});
