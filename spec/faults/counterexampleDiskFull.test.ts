import * as fs from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Adapter } from '../../src/adapters/Adapter.ts';
import { renderJunitReport } from '../../src/report/junitReport.ts';
import { renderMarkdownReport } from '../../src/report/markdownReport.ts';
import { renderPrettyReport } from '../../src/report/prettyReport.ts';
import { checkAdapter } from '../../src/run/runtime/checkAdapter.ts';
import { findBuiltin } from '../../src/subjects/builtins.ts';
import { runCli } from '../helpers/cli.ts';
import { scratch } from '../helpers/faults.ts';

// Issue 25, row 14: with the disk full while a counterexample was written, the report printed empty
// "counterexample:" and "replay:" lines. Now it says the file was not written, and why. The disk is full here for
// every write of file content while `full` is set.
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const writeSync = (fd: number, buffer: Uint8Array, offset = 0, length = buffer.length - offset): number => {
    if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return real.writeSync(fd, buffer, offset, length);
  };
  return { ...real, writeSync, default: { ...real, writeSync } };
});
afterEach(() => {
  disk.full = false;
});

const temp = scratch('cx-full');
const broken = findBuiltin('trusts-safe-claim') as Adapter;

describe('a counterexample on a full disk (issue 25, row 14)', () => {
  it('the finding stands; the report says the counterexample was not written and why, and prints no empty lines', async () => {
    const dir = temp();
    disk.full = true;
    const report = await checkAdapter(broken, { runs: 50, seed: 1, examples: false, outDir: dir });
    disk.full = false;
    expect(report.verdict).toBe('violation');
    expect(report.violations[0]?.counterexample).toBe('');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    const pretty = renderPrettyReport(report);
    expect(pretty).not.toMatch(/(counterexample|replay): *$/m);
    expect(pretty).toMatch(/ {2}counterexample: not written: cannot write .*trusts-safe-claim-INV-03-1\.json \(ENOSPC: no space left on the device\); nothing to replay/);
    expect(renderMarkdownReport(report)).not.toMatch(/Counterexample: ``|```sh\n\n```/);
    expect(renderMarkdownReport(report)).toContain('Counterexample: not written: cannot write');
    expect(renderJunitReport(report)).not.toMatch(/(counterexample|replay): *(\n|<)/);
  });

  it('at the command line too', async () => {
    const dir = temp();
    disk.full = true;
    const result = await runCli(['check', '--adapter', 'trusts-safe-claim', '--runs', '50', '--seed', '1', '--counterexamples', dir]);
    disk.full = false;
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).not.toMatch(/(counterexample|replay): *$/m);
    expect(result.stdout).toMatch(/counterexample: not written: .*ENOSPC: no space left on the device/);
  });
});

describe('a policy-mode counterexample on a full disk (issue 25, row 14)', () => {
  it('the finding stands, and the report says the counterexample was not written and why', async () => {
    const dir = temp();
    disk.full = true;
    const result = await runCli(['check', '--adapter', 'broken-drops-system', '--runs', '40', '--seed', '11', '--counterexamples', dir]);
    disk.full = false;
    expect(result.code, result.stderr + result.stdout).toBe(1);
    expect(result.stdout).toMatch(/INV-19/);
    expect(result.stdout).not.toMatch(/(counterexample|replay): *$/m);
    expect(result.stdout + result.stderr).toMatch(/not written: .*ENOSPC: no space left on the device/);
  });
});
