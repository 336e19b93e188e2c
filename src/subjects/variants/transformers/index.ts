import type { Adapter } from '../../../adapters/Adapter.ts';
import { renameHandles } from './renameHandles.ts';
import { reverseSetLists } from './reverseSetLists.ts';
import { rewordNotices } from './rewordNotices.ts';
import { shiftTokenRanges } from './shiftTokenRanges.ts';

/** A transformer: wraps any runtime and exercises one freedom spec/SPEC.md §7 gives it. */
export type Transformer = (inner: Adapter) => Adapter;

/**
 * One transformer per choice point a wrapper can exercise from outside the runtime, with its §7 row. The gate's own
 * choices (C-1, C-2 order and ties, C-3) are made inside a runtime: the legal variants make them (`../index.ts`).
 */
export const TRANSFORMERS: readonly (readonly [Transformer, string])[] = [
  [reverseSetLists, 'C-7'],
  [renameHandles, 'C-4'],
  [rewordNotices, 'C-5'],
  [shiftTokenRanges, 'C-6'],
];

/** Every transformer at once, innermost first: a runtime taking every outside freedom together. */
export const everyFreedom: Transformer = (inner) => TRANSFORMERS.reduce((adapter, [transform]) => transform(adapter), inner);
