import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonData } from '../../src/util/parseJsonData.ts';
import { shellQuote } from '../../src/util/shellQuote.ts';
import { hasControlCharacters, terminalText } from '../../src/util/terminalText.ts';

const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028-\u202E\u2066-\u2069\uFEFF]/;

describe('terminalText', () => {
  it('leaves no character a terminal acts on, and changes nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = terminalText(text);
        expect(shown).not.toMatch(UNSAFE);
        expect(hasControlCharacters(text)).toBe(UNSAFE.test(text));
        if (!UNSAFE.test(text)) expect(shown).toBe(text);
        // Kept line breaks are the only difference with keepNewlines.
        expect(terminalText(text, { keepNewlines: true }).replace(/\n/g, '\\n').replace(/\t/g, '\\t')).toBe(shown);
      }),
      { seed: 25, numRuns: 500 },
    );
  });
});

describe('shellQuote', () => {
  it('round-trips through bash: what is printed is the argument, and carries no raw control character', () => {
    const words = fc.string({ unit: 'binary', maxLength: 30 }).filter((s) => !s.includes('\u0000'));
    const samples = fc.sample(words, { seed: 25, numRuns: 40 });
    samples.push('\r\u001b[2Kcmd:harmless', "it's", '$(touch x)', 'a\\b', '\u009b31m', '\u202etxt.exe', '');
    const script = samples.map((s) => `printf '%s\\0' ${shellQuote(s) === '' ? "''" : shellQuote(s)}`).join('\n');
    for (const s of samples) expect(shellQuote(s)).not.toMatch(UNSAFE);
    const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\u0000').slice(0, -1);
    samples.forEach((s, i) => expect(JSON.stringify(out[i]), shellQuote(s)).toBe(JSON.stringify(s)));
  });
});

describe('parseJsonData', () => {
  it('parses any JSON as JSON.parse does, with every object prototype-free when it holds a __proto__, constructor or prototype key', () => {
    const keys = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'));
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(keys, tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const text = JSON.stringify(value);
        const parsed = parseJsonData(text);
        expect(JSON.stringify(parsed)).toBe(JSON.stringify(JSON.parse(text)));
        const walk = (v: unknown): void => {
          if (typeof v !== 'object' || v === null) return;
          if (Array.isArray(v)) return v.forEach(walk);
          if (/"(__proto__|constructor|prototype)"\s*:/.test(text)) expect(Object.getPrototypeOf(v)).toBeNull();
          Object.values(v).forEach(walk);
        };
        walk(parsed);
      }),
      { seed: 25, numRuns: 300 },
    );
  });
});
