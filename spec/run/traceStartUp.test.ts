import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatStartUpMark, parseStartUpMarks, TRACE_STARTUP_ENV, traceStartUp, type StartUpMark } from '../../src/run/traceStartUp.ts';

const markArb: fc.Arbitrary<StartUpMark> = fc.record({
  mark: fc.constantFrom('first-episode' as const, 'exit' as const),
  cpuUs: fc.integer({ min: 0, max: 2 ** 40 }),
  // Written with one decimal, so drawn with one.
  wallMs: fc.integer({ min: 0, max: 10 ** 9 }).map((tenths) => tenths / 10),
  build: fc.constantFrom('bundle' as const, 'dist' as const, 'sources' as const),
});

afterEach(() => {
  delete process.env[TRACE_STARTUP_ENV];
  vi.restoreAllMocks();
});

describe('traceStartUp', () => {
  it('reads back every mark it writes, among other stderr lines', () => {
    fc.assert(
      fc.property(fc.array(markArb, { maxLength: 4 }), fc.array(fc.string(), { maxLength: 3 }), (marks, noise) => {
        const stderr = [...noise.filter((line) => !line.includes('\n')), ...marks.map(formatStartUpMark)].join('\n');
        expect(parseStartUpMarks(stderr)).toEqual(marks);
      }),
    );
  });

  it('skips lines that only look like marks', () => {
    expect(parseStartUpMarks('prunecheck-trace-startup mark=start cpuUs=1 wallMs=1.0 build=dist\nprunecheck-trace-startup mark=exit cpuUs=x wallMs=1.0 build=dist')).toEqual([]);
  });

  it('writes nothing unless PRUNECHECK_TRACE_STARTUP is 1, then each mark once', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    traceStartUp('first-episode');
    expect(write).not.toHaveBeenCalled();
    process.env[TRACE_STARTUP_ENV] = '1';
    traceStartUp('first-episode');
    traceStartUp('first-episode');
    expect(write).toHaveBeenCalledTimes(1);
    const [mark] = parseStartUpMarks(String(write.mock.calls[0]?.[0]));
    expect(mark).toMatchObject({ mark: 'first-episode', build: 'sources' });
    expect(mark?.cpuUs).toBeGreaterThan(0);
  });

  it('a traced `prunecheck check` process marks its first episode, then its exit with more CPU', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prunecheck-trace-'));
    try {
      const bin = fileURLToPath(new URL('../../bin/prunecheck.js', import.meta.url));
      const run = promisify(execFile)(process.execPath, [bin, 'check', '--adapter', 'reference', '--runs', '3', '--seed', '1'], { cwd: dir, env: { ...process.env, [TRACE_STARTUP_ENV]: '1' }, encoding: 'utf8' });
      // Three runs reach too few situations for a verdict (exit 1): the marks are what this test reads.
      const { stderr } = await run.catch((error: { stderr: string }) => error);
      const marks = parseStartUpMarks(stderr);
      expect(marks.map((m) => m.mark)).toEqual(['first-episode', 'exit']);
      const [first, exit] = marks as [StartUpMark, StartUpMark];
      expect(exit.cpuUs).toBeGreaterThan(first.cpuUs);
      expect(exit.wallMs).toBeGreaterThan(first.wallMs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
