import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAdapter } from '../../src/run/checkAdapter.ts';
import { renderMarkdownReport } from '../../src/report/markdownReport.ts';
import { scratch } from '../helpers/faults.ts';
import { checkHostile, HOSTILE } from '../helpers/hostile.ts';

// Issue 25, "Judge and subject apart": a user who opts out of the supervised process for speed (--in-process,
// CheckOptions.inProcess) gets the old behaviour, and the report says so; the supervised default says nothing.
const temp = scratch('in-process');

describe('--in-process: the adapter module runs in prunecheck\'s own process, and the report says so', () => {
  it('on the command line: stderr, the pretty report and the JSON report name it', async () => {
    const dir = temp();
    const { result, report } = await checkHostile('none', dir, ['--in-process', '--runs', '3']);
    expect(result.code, result.stderr).toBe(report?.verdict === 'conformant' ? 0 : 1); // 3 runs: too few for a verdict
    expect(result.stderr).toContain('--in-process: ');
    expect(result.stdout).toContain("in-process: the adapter module ran inside prunecheck's own process");
    expect(report?.inProcess).toBe(true);
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toContain('"inProcess": true');
  });

  it('through checkAdapter: inProcess is in the report and its Markdown; the supervised default leaves it out', async () => {
    const inProcess = await checkAdapter(HOSTILE, { runs: 3, seed: 1, examples: false, inProcess: true, outDir: temp() });
    expect(inProcess.inProcess).toBe(true);
    expect(renderMarkdownReport(inProcess)).toContain('(--in-process)');
    const supervised = await checkAdapter(HOSTILE, { runs: 3, seed: 1, examples: false, outDir: temp() });
    expect(supervised.verdict).toBe(inProcess.verdict);
    expect(supervised.inProcess).toBeUndefined();
  });
});
