import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitRevision } from '../../mutation/gitRevision.ts';
import { ROOT } from '../../mutation/paths.ts';

const outside = mkdtempSync(join(tmpdir(), 'prunecheck-norepo-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('gitRevision', () => {
  it('names the checkout’s commit', () => {
    expect(gitRevision(ROOT)?.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('answers undefined outside a git checkout, so a report says its commit is unknown', () => {
    expect(gitRevision(outside)).toBeUndefined();
  });
});
