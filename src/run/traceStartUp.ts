/**
 * `PRUNECHECK_TRACE_STARTUP=1`: the process writes one line to stderr at each of two marks, `first-episode`
 * (a check's first episode is about to start: its modules are loaded, its adapter resolved and the recorded
 * incidents it runs first turned into traces; taken where the engine starts the first of them,
 * src/run/runtime/explicitExamples.ts, or in policy mode where `prunecheck check` hands over to the policy engine)
 * and `exit` (the verdict is out, `prunecheck` is about to exit), with the CPU time the process has used so far
 * (`process.cpuUsage()`, user + system) and the wall time since it started. What start-up costs is the CPU
 * before the first episode over the CPU at exit; bench/startUpShare.ts reads these lines. Unset, nothing is
 * written and a mark costs one comparison.
 */
export const TRACE_STARTUP_ENV = 'PRUNECHECK_TRACE_STARTUP';

/** Where a mark is taken. */
export type StartUpMarkName = 'first-episode' | 'exit';

/** Which build a process ran (`bin/prunecheck.js` chooses). */
export type StartUpBuild = 'bundle' | 'dist' | 'sources';

/** One traced mark, as written and read back. */
export interface StartUpMark {
  readonly mark: StartUpMarkName;
  /** CPU time (user + system) the process had used at the mark, in microseconds. */
  readonly cpuUs: number;
  /** Wall time since the process started, in milliseconds. */
  readonly wallMs: number;
  /** Which build ran: the build's bundle of dist/ (`dist/bundle/`), the compiled `dist/` module per module, or the TypeScript sources (through tsx). */
  readonly build: StartUpBuild;
}

const PREFIX = 'prunecheck-trace-startup';
const LINE = /^prunecheck-trace-startup mark=(first-episode|exit) cpuUs=(\d+) wallMs=(\d+(?:\.\d+)?) build=(bundle|dist|sources)$/;

// This module is compiled to dist/run/traceStartUp.js; run from src/ it is the .ts file itself.
const BUILD: StartUpBuild = import.meta.url.includes('/dist/bundle/') ? 'bundle' : import.meta.url.endsWith('.js') ? 'dist' : 'sources';
const taken = new Set<StartUpMarkName>();

/** The line a mark is written as (without its newline). */
export function formatStartUpMark(mark: StartUpMark): string {
  return `${PREFIX} mark=${mark.mark} cpuUs=${Math.round(mark.cpuUs)} wallMs=${mark.wallMs.toFixed(1)} build=${mark.build}`;
}

/** Every mark in a process's stderr, in order; other lines are skipped. */
export function parseStartUpMarks(stderr: string): StartUpMark[] {
  return stderr.split('\n').flatMap((line) => {
    const m = LINE.exec(line.trimEnd());
    if (m === null) return [];
    return [{ mark: m[1] as StartUpMarkName, cpuUs: Number(m[2]), wallMs: Number(m[3]), build: m[4] as StartUpMark['build'] }];
  });
}

/** Whether this process traces its start-up (read on each call, so a test can set it). */
export function tracingStartUp(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[TRACE_STARTUP_ENV] === '1';
}

/** Writes the mark once per process when tracing is on (a check run per expected finding marks only the first). */
export function traceStartUp(mark: StartUpMarkName): void {
  if (!tracingStartUp() || taken.has(mark)) return;
  taken.add(mark);
  const cpu = process.cpuUsage();
  // process.uptime, not performance.now: the first read of `performance` loads Node's perf_hooks (about 2 ms of
  // CPU), which a default check otherwise never loads; traced, it would count in the check after the first episode.
  process.stderr.write(`${formatStartUpMark({ mark, cpuUs: cpu.user + cpu.system, wallMs: process.uptime() * 1000, build: BUILD })}\n`);
}
