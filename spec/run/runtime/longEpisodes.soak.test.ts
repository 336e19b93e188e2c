import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../../src/model/Outcome.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';
import { RequestLedger } from '../../../src/model/RequestLedger.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { testRuntime } from '../../helpers/drive.ts';

/** A ledger that keeps the last 16 signatures it recorded: a handful more than any short episode calls. */
class ForgetfulLedger extends RequestLedger {
  private readonly order: string[] = [];
  override record(record: RequestRecord): void {
    super.record(record);
    this.order.push(record.signature);
    while (new Set(this.order).size > 16) this.forget(this.order.shift() as string);
  }
  private forget(signature: string): void {
    if (this.order.includes(signature)) return;
    (this as unknown as { records: Map<string, RequestRecord> }).records.delete(signature);
  }
}

class ForgetfulRuntime extends ReferenceRuntime {
  override readonly ledger: RequestLedger = new ForgetfulLedger();
  constructor(config: RuntimeConfig) {
    super(config);
  }
}

const forgetful = testRuntime('forgets-after-16-signatures', (config) => new ForgetfulRuntime(config));
const outDir = mkdtempSync(join(tmpdir(), 'prunecheck-long-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

// The soak tier of longEpisodes.test.ts: finding and shrinking a failure 500 operations deep is the heavy part.
describe('long episodes (--long), soak tier', () => {
  it('find state that only breaks late, which short episodes never reach', async () => {
    // Default runs reach it too since issue 22, by plan (more than 16 distinct calls before a retry); runs of at most
    // 80 steps drawn at random (an explicit --max-steps) still do not.
    const short = await checkAdapter(forgetful, { runs: 300, seed: 5, outDir, examples: false, maxSteps: 79 });
    expect(short.violations).toEqual([]);
    const byDefault = await checkAdapter(forgetful, { runs: 300, seed: 5, outDir, examples: false });
    expect([byDefault.verdict, byDefault.violations[0]?.invariant]).toEqual(['violation', 'INV-09']);
    const long = await checkAdapter(forgetful, { long: true, runs: 100, seed: 5, outDir, examples: false });
    expect([long.verdict, long.violations[0]?.invariant]).toEqual(['violation', 'INV-09']);
  });
});
