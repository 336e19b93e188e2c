import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { ZOO_ADAPTERS, ZOO_EXPECTATIONS } from '../../../src/subjects/zoo/index.ts';
import { expectZooMemberCaught, ZOO_CAUGHT_IN_SOAK } from '../../helpers/zooCaught.ts';

const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-zoo-soak-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const members = ZOO_ADAPTERS.filter((adapter) => ZOO_CAUGHT_IN_SOAK.includes(adapter.name));

// The soak tier of zooIsCaught.test.ts: the members whose default check is mostly shrinking (ZOO_CAUGHT_IN_SOAK).
describe('the engine catches every zoo member (the members that take long to shrink; soak tier)', () => {
  it.each(members.map((adapter) => [ZOO_EXPECTATIONS[adapter.name] as string, adapter.name, adapter] as const))(
    '%s %s is found with its invariant under default settings, with a short replayable counterexample',
    async (invariant, _name, adapter) => {
      await expectZooMemberCaught(adapter, invariant, outDir);
    },
  );
});
