import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { replayCounterexample } from '../../src/run/replayCounterexample.ts';
import { UntrustedAdapterError } from '../../src/run/replayTrust.ts';
import { runCli } from '../helpers/cli.ts';
import { scratch } from '../helpers/faults.ts';

// Issue 25, row 6 ("security"): a counterexample's adapterRef with control characters printed raw let a
// terminal show a harmless command while --trust ran a hidden one. Now it is shown escaped, and refused.
const temp = scratch('security');
const RAW = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

let recorded = '';
beforeAll(async () => {
  const dir = temp();
  const report = await checkAdapter(findBuiltin('trusts-safe-claim') as Adapter, { runs: 200, seed: 1, examples: false, outDir: dir });
  recorded = report.violations[0]?.counterexample ?? '';
  expect(recorded).not.toBe('');
});

/** The recorded counterexample with another adapterRef (not part of the trace hash, so the file stays valid). */
function withRef(adapterRef: string): string {
  const data = JSON.parse(readFileSync(recorded, 'utf8')) as Record<string, unknown>;
  const file = join(temp(), 'cx.json');
  writeFileSync(file, `${JSON.stringify({ ...data, adapterRef }, null, 2)}\n`);
  return file;
}

describe('terminal-safe replay (issue 25, row 6)', () => {
  // What a terminal shows of this reference: "reference", the line's start overwritten by \r and ESC [2K.
  const marker = () => join(temp(), 'ran');

  it('replay --trust refuses an adapterRef with control characters, shows it escaped, and runs nothing', async () => {
    const ran = marker();
    const hidden = `cmd:sh -c 'touch ${ran}'\r\u001b[2Kreference`;
    const file = withRef(hidden);
    const result = await runCli(['replay', file, '--trust']);
    expect(result.code, result.stderr).toBe(2);
    expect(existsSync(ran)).toBe(false);
    expect(result.stderr + result.stdout).not.toMatch(RAW);
    // The exact reference, in ANSI-C quoting: pasted into bash it is the string the file holds.
    expect(result.stderr).toContain(`$'cmd:sh -c \\'touch ${ran}\\'\\r\\x1b[2Kreference'`);
    expect(result.stderr).toMatch(/control characters.*not even with --trust/);
  });

  it('the library API refuses it too, even with trust', async () => {
    const file = withRef(`cmd:sh -c 'touch ${marker()}'\u001b[1A\u001b[2Kreference`);
    await expect(replayCounterexample(file, { trust: true })).rejects.toThrow(UntrustedAdapterError);
    await expect(replayCounterexample(file, { trust: true })).rejects.toMatchObject({ code: 'CONTROL_CHARACTERS' });
  });

  it('without --trust the refusal shows the reference escaped as well', async () => {
    const result = await runCli(['replay', withRef(`./adapter\u001b]0;title\u0007.ts`)]);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(RAW);
    expect(result.stderr).toContain("$'./adapter\\x1b]0;title\\x07.ts'");
  });

  it('replay --trust of a clean command says exactly what it runs before it runs it', async () => {
    const ran = marker();
    const result = await runCli(['replay', withRef(`cmd:sh -c 'touch ${ran}; exit 1'`), '--trust']);
    expect(result.stderr).toContain(`--trust: running what the file names, exactly: 'cmd:sh -c '\\''touch ${ran}; exit 1'\\'''`);
    expect(existsSync(ran)).toBe(true);
  });
});
