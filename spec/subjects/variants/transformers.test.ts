import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { everyFreedom, TRANSFORMERS } from '../../../src/subjects/variants/transformers/index.ts';
import { TOKEN_ORIGIN } from '../../../src/subjects/variants/transformers/shiftTokenRanges.ts';
import { ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../../src/subjects/zoo/index.ts';
import { raw } from '../../helpers/model.ts';
import { observedOf, outcomeAt, playAdapter } from '../../helpers/playAdapter.ts';
import { transformedSubjects } from '../../helpers/transformed.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-transformed-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Issue 22, "legal variants by transformation": the fast tier runs seed 1 (with the recorded scenarios) for each
// transformer alone and every freedom at once on the reference and on the first legal variant (1.5 s of CPU each);
// every subject at seeds 1–36, these and every freedom on each other legal variant, is
// spec/subjects/variants/transformersAt36Seeds.soak.test.ts (`npm run test:soak`).
const FAST_SUBJECTS = transformedSubjects().slice(0, TRANSFORMERS.length + 2);

describe('legal variants by transformation', () => {
  it('every freedom at once really changes what the runtime shows', async () => {
    const ops = [raw('a', 'alpha'), raw('b', 'beta', { persist: true }), { kind: 'prune', spanId: 'a', acceptLossy: true }, { kind: 'prune', spanId: 'b' }, { kind: 'prune', spanId: 'zz' }] as const;
    const [plain, free] = await Promise.all([playAdapter(referenceAdapter, ops, { ids: ['a', 'b'] }), playAdapter(everyFreedom(referenceAdapter), ops, { ids: ['a', 'b'] })]);
    expect(outcomeAt(free!, 3, 'evicted').handle).toMatch(/^vault:/);
    expect(observedOf(free!, 'a').index).toMatchObject({ kind: 'lossy', text: expect.stringContaining('«a»') });
    expect(observedOf(free!, 'b').tombstone?.tokenRange).toEqual((observedOf(plain!, 'b').tombstone?.tokenRange ?? []).map((n) => n + TOKEN_ORIGIN));
    expect(observedOf(free!, 'b').tombstone?.handle).toBe(outcomeAt(free!, 3, 'evicted').handle);
  });

  it.each(FAST_SUBJECTS.map(([choice, adapter]) => [choice, adapter.name, adapter] as const))('%s %s is conformant at seed 1', async (_choice, name, adapter) => {
    const report = await checkAdapter(adapter, { seed: 1, outDir, examples: true });
    expect(report.verdict, `${name}: ${report.error ?? ''} ${report.violations.map((v) => v.because.join(' / ')).join('\n')}`).toBe('conformant');
  });

  // The masks hide only the choices: a broken runtime taking every freedom is still caught on its invariant.
  it.each(['no-external-tombstone', 'trusts-stale-copy', 'lossy-without-marker', 'rejections-not-surfaced', 'tombstone-in-window-only', 'provenance-step-of-source'])('%s taking every freedom is still caught on its invariant', async (name) => {
    const adapter = ZOO_ADAPTERS.find((a) => a.name === name);
    if (adapter === undefined) throw new Error(`no zoo member ${name}`);
    const report = await checkAdapter(everyFreedom(adapter), { seed: 1, outDir, examples: false });
    expect(report.violations.map((v) => v.invariant)).toContain(ZOO_EXPECTATIONS[name]);
  });
});
