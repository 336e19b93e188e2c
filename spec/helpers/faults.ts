import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';

/** The repository root, so spawned commands and adapter modules find the sources from any working directory. */
export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'prunecheck.js');
export const FIXTURES = join(ROOT, 'spec', 'faults', 'fixtures');

/** A temporary directory for one test file, removed after it (symlinks, FIFOs and all). */
export function scratch(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `prunecheck-${prefix}-`));
    made.push(dir);
    return dir;
  };
}

export interface Spawned {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The least time a spawned command gets before it is taken for hung: far past what any of these commands needs on
 * a loaded machine (a check bounded by runs and steps took over 45 s at load average 25 on two cores), and short
 * of vitest's own 20-minute hang guard, so a hang still fails its test rather than the suite.
 */
const HANG_GUARD_MS = 10 * 60_000;

/**
 * Runs a command in its own process group and waits for it; past `killAfterMs` (never less than the hang guard
 * above) the whole group is killed (the answer then has signal SIGKILL), so a hang fails the test instead of the
 * suite. Nothing here measures time.
 */
export function spawnAndWait(file: string, args: readonly string[], options: { readonly cwd?: string; readonly killAfterMs?: number; readonly env?: NodeJS.ProcessEnv; readonly onStart?: (pid: number) => void } = {}): Promise<Spawned> {
  return new Promise((done) => {
    const child = spawn(file, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, NO_COLOR: '1', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const guard = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, Math.max(options.killAfterMs ?? 0, HANG_GUARD_MS));
    if (child.pid !== undefined) options.onStart?.(child.pid);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      // Output still in the pipes arrives before 'close'; a grandchild holding them must not stall the test.
      const settle = setTimeout(() => done({ code, signal, stdout, stderr }), 2_000);
      child.on('close', () => {
        clearTimeout(settle);
        done({ code, signal, stdout, stderr });
      });
    });
  });
}

/** Runs the `prunecheck` executable (bin/prunecheck.js) as a user would. */
export function runBin(args: readonly string[], options: Parameters<typeof spawnAndWait>[2] = {}): Promise<Spawned> {
  return spawnAndWait(process.execPath, [BIN, ...args], options);
}

/** Whether a process is running (a zombie, killed and not yet reaped, counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true;
  const state = /\) (\S)/.exec(readFileSync(stat, 'utf8'))?.[1];
  return state !== 'Z' && state !== 'X';
}

/** Polls `condition` until it holds or `limitMs` passes; answers whether it held. For liveness, never timing. */
export async function eventually(condition: () => boolean, limitMs = 10_000): Promise<boolean> {
  const until = Date.now() + limitMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pids a fixture child wrote to `file`, one per line. */
export function pidsIn(file: string): number[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map(Number);
}

/** A scenario small enough to break in one place at a time (the shape of scenarios/*.json). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON to break in one place at a time
export function tinyScenario(): Record<string, any> {
  return {
    format: 'prunecheck-scenario/1',
    name: 'tiny',
    title: 'A tiny scenario',
    record: '002_0145940426faa471.txt',
    reproduces: ['Turn N+5: an exact identifier is needed.'],
    unit: 'turn',
    seed: 7,
    window: { capacity: 1000, trigger: 0.85, target: 0.6 },
    model: { pass: 'summarize-span', spanTurns: 2, summaryTokens: 20, summaryRelevance: 0.9, keepRecent: 1, jitter: 0 },
    timeline: [
      { turn: 1, kind: 'filler', to: 3, tokens: 100, relevance: [0.4, 0.6], persist: true },
      { turn: 2, kind: 'observe', id: 'block_7', rawKind: 'tool-output', content: 'request_id=req-1', tokens: 50, relevance: 0.1, persist: true },
      { turn: 3, kind: 'need', id: 'block_7', pattern: 'req-\\d+', failure: 'never-existed' },
    ],
    expect: { reference: [{ failure: 'never-existed', turn: 3, outcome: 'prevented', mechanism: 'INV-04' }] },
  };
}
