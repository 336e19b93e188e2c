import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { digest } from '../../src/model/digest.ts';
import { lossyMarkerText } from '../../src/model/IndexEntry.ts';
import { estimateTokens, isDerivedKind } from '../../src/model/Span.ts';
import { SPEC_VERSION } from '../../src/model/specVersion.ts';
import { sha256 } from '../helpers/model.ts';

describe('digest', () => {
  it('is the sha256 of the UTF-8 bytes, lowercase hex', () => {
    expect(digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(digest('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(digest('café ✓')).toBe(sha256('café ✓'));
    expect(digest('café')).not.toBe(digest('cafe'));
  });
});

describe('estimateTokens', () => {
  it('counts one token per four UTF-16 code units, at least one', () => {
    expect(['', 'a', 'abcd', 'abcde', 'x'.repeat(41)].map(estimateTokens)).toEqual([1, 1, 1, 2, 11]);
  });
});

describe('span kinds and markers', () => {
  it('treats derived spans and summaries as derived artefacts, raw ones not', () => {
    expect((['raw', 'derived', 'summary'] as const).map(isDerivedKind)).toEqual([false, true, true]);
  });

  it('words the lossy marker as seed 002 does', () => {
    expect(lossyMarkerText('block_7')).toBe('block_7: pruned, unrecoverable, contents unknown');
  });

  it('declares the version spec/SPEC.md states', () => {
    const spec = readFileSync(new URL('../SPEC.md', import.meta.url), 'utf8');

    expect(SPEC_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(spec).toContain(`Version: ${SPEC_VERSION} (`);
  });
});
