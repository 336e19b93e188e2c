import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../../src/subjects/zoo/index.ts';
import { expectZooMemberCaught, ZOO_CAUGHT_IN_SOAK } from '../../helpers/zooCaught.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-zoo-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// Every member but the two whose check is mostly shrinking (ZOO_CAUGHT_IN_SOAK: zooIsCaught.soak.test.ts).
describe('the engine catches every zoo member', () => {
  it('every member left to the soak tier is in the zoo (a renamed one would otherwise run in neither tier)', () => {
    expect(ZOO_CAUGHT_IN_SOAK.filter((name) => !ZOO_ADAPTERS.some((a) => a.name === name))).toEqual([]);
  });

  it.each(ZOO_ADAPTERS.filter((adapter) => !ZOO_CAUGHT_IN_SOAK.includes(adapter.name)).map((adapter) => [ZOO_EXPECTATIONS[adapter.name] as string, adapter.name, adapter] as const))(
    '%s %s is found with its invariant under default settings, with a short replayable counterexample',
    async (invariant, _name, adapter) => {
      await expectZooMemberCaught(adapter, invariant, outDir);
    },
  );
});
