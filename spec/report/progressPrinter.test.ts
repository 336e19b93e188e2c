import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from '../../src/report/progressPrinter.ts';
import type { CheckProgress } from '../../src/check/CheckProgress.ts';

function sink(isTTY: boolean): { stream: { isTTY: boolean; write(chunk: string): boolean }; written: string[] } {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (chunk) => written.push(chunk) > 0 } };
}

function progress(runsDone: number, elapsedMs: number, runsTotal = 100): CheckProgress {
  return { adapter: 'reference', runsDone, runsTotal, opsChecked: runsDone * 40, elapsedMs, violations: 0 };
}

describe('createProgressPrinter', () => {
  it('shows nothing for a check that finishes within the delay', () => {
    const { stream, written } = sink(true);
    const printer = createProgressPrinter({ stream });
    for (let run = 1; run <= 100; run++) printer.update(progress(run, run * 10));
    printer.done();
    expect(written).toEqual([]);
  });

  it('on a terminal redraws one line, at most every 100 ms, and clears it when done', () => {
    const { stream, written } = sink(true);
    const printer = createProgressPrinter({ stream });
    for (let run = 1; run <= 100; run++) printer.update(progress(run, 1500 + run * 20));
    printer.done();
    expect(written.every((chunk) => chunk.startsWith('\r\u001b[K') && !chunk.includes('\n'))).toBe(true);
    expect(written.length).toBeGreaterThan(5);
    expect(written.length).toBeLessThan(20);
    expect(written.at(-2)).toBe('\r\u001b[Kreference: run 100/100 · 4,000 ops · 3.5 s');
    expect(written.at(-1)).toBe('\r\u001b[K');
  });

  it('off a terminal writes plain lines every N runs and the last one', () => {
    const { stream, written } = sink(false);
    const printer = createProgressPrinter({ stream, delayMs: 0, everyRuns: 30 });
    for (let run = 1; run <= 100; run++) printer.update({ ...progress(run, run), violations: run > 50 ? 1 : 0 });
    printer.done();
    expect(written).toEqual([
      'reference: run 30/100 · 1,200 ops · 0.0 s\n',
      'reference: run 60/100 · 2,400 ops · 0.1 s · 1 violation\n',
      'reference: run 90/100 · 3,600 ops · 0.1 s · 1 violation\n',
      'reference: run 100/100 · 4,000 ops · 0.1 s · 1 violation\n',
    ]);
  });
});
