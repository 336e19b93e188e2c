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

  // A check whose failure ends the adapter's process shrinks for up to a minute (a process start a candidate): it
  // printed nothing then, and looked hung.
  it('while shrinking, says so: the finding, the candidates tried and the smallest failure so far', () => {
    const shrinking = (tried: number, steps: number): CheckProgress => ({ ...progress(13, 3000 + tried * 1000), violations: 1, shrinking: { finding: 'ADAPTER-ERROR', tried, steps } });
    const terminal = sink(true);
    const onTerminal = createProgressPrinter({ stream: terminal.stream });
    for (let tried = 1; tried <= 3; tried++) onTerminal.update(shrinking(tried, 40));
    expect(terminal.written).toEqual([1, 2, 3].map((n) => `\r\u001b[Kreference: shrinking the ADAPTER-ERROR finding · ${n} ${n === 1 ? 'candidate' : 'candidates'} tried · smallest 40 steps · ${3 + n}.0 s`));
    const log = sink(false);
    const inLog = createProgressPrinter({ stream: log.stream, delayMs: 0 });
    for (let tried = 1; tried <= 60; tried++) inLog.update(shrinking(tried, tried < 30 ? 40 : 1));
    expect(log.written).toEqual([
      'reference: shrinking the ADAPTER-ERROR finding · 1 candidate tried · smallest 40 steps · 4.0 s\n',
      'reference: shrinking the ADAPTER-ERROR finding · 25 candidates tried · smallest 40 steps · 28.0 s\n',
      'reference: shrinking the ADAPTER-ERROR finding · 50 candidates tried · smallest 1 step · 53.0 s\n',
    ]);
  });
});
