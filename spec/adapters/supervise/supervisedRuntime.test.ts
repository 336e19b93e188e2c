import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../../src/subjects/builtins.ts';
import { checkAdapter } from '../../../src/run/checkAdapter.ts';
import type { Counterexample } from '../../../src/run/CheckReport.ts';
import { ROOT, scratch } from '../../helpers/faults.ts';

// The supervised boundary changes where an adapter runs, never what it is judged to do: a module re-exporting a
// built-in, checked through its path (supervised: one round trip per step, observations and the ledger record
// answered from it), gets the verdict, the finding, its step and its shrunk trace that the object gets in-process.
const temp = scratch('supervised');

/** A module whose default export is the built-in `name`, as a user's adapter module is. */
function moduleOf(dir: string, name: string): string {
  const file = join(dir, `${name}.mts`); // .mts: the temporary directory has no package.json saying "type": "module"
  writeFileSync(file, `import { findBuiltin } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src', 'subjects', 'builtins.ts')).href)};\nexport default findBuiltin(${JSON.stringify(name)});\n`);
  return file;
}

describe('a module in its supervised process is judged as the same adapter in-process', () => {
  for (const name of ['trusts-safe-claim', 'retries-are-duplicates', 'no-external-tombstone', 'reference']) {
    it(`${name}: same verdict, finding, step and shrunk trace`, async () => {
      const dir = temp();
      const options = { runs: 60, seed: 3, reruns: 0, examples: false } as const;
      const inProcess = await checkAdapter(findBuiltin(name) as Adapter, { ...options, outDir: join(dir, 'in') });
      const supervised = await checkAdapter(moduleOf(dir, name), { ...options, outDir: join(dir, 'sup') });
      expect(supervised.verdict).toBe(inProcess.verdict);
      expect(supervised.violations.map((v) => [v.invariant, v.step, v.because])).toEqual(inProcess.violations.map((v) => [v.invariant, v.step, v.because]));
      const trace = (file: string | undefined) => (file === undefined ? undefined : (JSON.parse(readFileSync(file, 'utf8')) as Counterexample).trace);
      expect(trace(supervised.violations[0]?.counterexample)).toEqual(trace(inProcess.violations[0]?.counterexample));
      expect(supervised.opsChecked).toBe(inProcess.opsChecked);
      // Every invariant's status too: what the system lets prunecheck observe (its audit log: INV-11, INV-12) crosses.
      expect(supervised.invariants.map((i) => [i.invariant, i.status])).toEqual(inProcess.invariants.map((i) => [i.invariant, i.status]));
    });
  }
});
