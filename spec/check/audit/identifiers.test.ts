import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLASSIFY, visitIdentifiersInText, type IdentifierClass } from '../../../src/check/audit/identifiers.ts';

/**
 * The identifier scan as its definition reads, slowly: URLs out, every maximal run of identifier characters
 * that holds a digit, '/', '_' or '.', without a leading comma or trailing commas and dots, of three or more
 * characters, classed by the first regex of CLASSIFY that accepts it (a number without its separators).
 */
function reference(text: string): [IdentifierClass, string][] {
  const plain = text.replace(/\bhttps?:\/\/\S+/g, ' ');
  const out: [IdentifierClass, string][] = [];
  for (const run of plain.match(/[A-Za-z0-9_@./,~+%-]+/g) ?? []) {
    if (!/[\d/_.]/.test(run)) continue;
    const token = run.replace(/^,+/, '').replace(/[,.]+$/, '');
    if (token.length < 3) continue;
    const hit = CLASSIFY.find(([, test]) => test.test(token));
    if (hit !== undefined) out.push([hit[0], hit[0] === 'number' ? token.replace(/,/g, '') : token]);
  }
  return out;
}

function scanned(text: string): [IdentifierClass, string][] {
  const out: [IdentifierClass, string][] = [];
  visitIdentifiersInText(text, (cls, value) => out.push([cls, value]));
  return out;
}

// Pieces that sit on the edges of every class and of the scan's shortcuts: prefixes in both cases, UUIDs (and
// one character short), errno names, upper-case codes, paths with and without directories, grouped and decimal
// numbers, URLs, punctuation that ends a token, characters outside ASCII.
const PIECE = fc.constantFrom(
  'req_7f3a9c', 'REQ-A1B2C3', 'idem_key9', 'Ch_123', 'tx-9', 'ord_77x', 'inv-2024-11', 'request_id', 'file_path', 'tool_use_id',
  '0f8fad5b-d9cb-469f-a165-70867728950e', 'C0F8FAD5-D9CB-469F-A165-70867728950E', '0f8fad5b-d9cb-469f-a165-7086772895',
  'ENOENT', 'E_TIMEOUT_42', 'ERR-4471', 'PAYMENT_DECLINED_ERROR', 'TS2345', 'UTF-8', 'ISO-8601', 'E1234', 'Error_x',
  'src/payments/ledger.ts', './scripts/run.sh', '~/x/y', '/var/log/a.log', 'ledger.ts', 'README.md', 'a.b', 'x/y',
  '1,250,000', '1,25', '4471', '129.95', '42', '007', '3.14159', '12,345.67',
  'https://api.example/refunds?order=4471', 'http://x/y_1', '://', 'hello', 'world', 'über_5', 'naïve/path',
  ' ', '  ', '\n', '\t', ',', '.', ';', ':', '"', "'", '(', ')', '[', ']', '{', '}', '=', '@', '~', '+', '%', '-', '_', '/',
);
const TEXT = fc.array(PIECE, { maxLength: 24 }).map((pieces) => pieces.join(''));

describe('identifier scan', () => {
  it('finds, in order, exactly the identifiers its definition names (property, pieces glued at random)', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        expect(scanned(text)).toEqual(reference(text));
      }),
      { numRuns: 5000, seed: 23 },
    );
  });

  it('and on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80, unit: fc.constantFrom(...'aZ09_-./,~+%@: \n"ié'.split('')) }), (text) => {
        expect(scanned(text)).toEqual(reference(text));
      }),
      { numRuns: 5000, seed: 23 },
    );
  });

  it('classes what it finds', () => {
    expect(scanned('req_7f3a9c failed with ENOENT in src/a.ts after 1,250 tries; see https://x.example/1234/a.ts')).toEqual([
      ['request-id', 'req_7f3a9c'],
      ['file-path', 'src/a.ts'],
      ['number', '1250'],
    ]);
  });
});
