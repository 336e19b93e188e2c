import { describe, expect, it } from 'vitest';
import { policyCoverageGaps } from '../../../src/run/policy/situations.ts';

const reached = { pruned: 1, 'multi-round': 1, 'system-first': 1, 'structured-error': 1, reframe: 1 };

describe('the coverage gate for SPEC 1.2 rules 5-7', () => {
  it('INV-33 is not judged until a prune removed messages next to an assistant turn with no text of its own, and one ran after an answered approval', () => {
    expect(policyCoverageGaps(['INV-33'], reached, 40)).toEqual(['40 conversations never reached: request-shape-at-risk, approval-pruned; raise --runs']);
    expect(policyCoverageGaps(['INV-33'], { ...reached, 'request-shape-at-risk': 2 }, 40)).toEqual(['40 conversations never reached: approval-pruned; raise --runs']);
    expect(policyCoverageGaps(['INV-33'], { ...reached, 'request-shape-at-risk': 2, 'approval-pruned': 1 }, 40)).toEqual([]);
  });

  it('INV-34 is not judged until a prune ran after the user gave an image or a file', () => {
    expect(policyCoverageGaps(['INV-34'], reached, 40)).toEqual(['40 conversations never reached: attachment-pruned; raise --runs']);
    expect(policyCoverageGaps(['INV-34'], { ...reached, 'attachment-pruned': 1 }, 40)).toEqual([]);
  });

  it('INV-35 is not judged until a prune ran after the agent read output marked sensitive', () => {
    expect(policyCoverageGaps(['INV-35'], reached, 40)).toEqual(['40 conversations never reached: secret-pruned; raise --runs']);
    expect(policyCoverageGaps(['INV-35'], { ...reached, 'secret-pruned': 1 }, 40)).toEqual([]);
  });
});
