import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import type { Operation } from '../model/Operation.ts';
import type { Counterexample, FindingKind } from './CheckReport.ts';

/** sha256 of the canonical JSON of a trace: two counterexamples with the same hash replay the same steps. */
export function traceHash(trace: readonly Operation[]): string {
  return createHash('sha256').update(JSON.stringify(trace)).digest('hex');
}

/** A file-name-safe form of an adapter name (`cmd:python3 x.py` → `cmd-python3-x.py`). */
export function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'adapter';
}

export function counterexamplePath(outDir: string, adapter: string, invariant: FindingKind, seed: number): string {
  return join(outDir, `${safeName(adapter)}-${invariant}-${seed}.json`);
}

/** The command that replays a counterexample file, relative to the working directory when possible. */
export function replayCommand(path: string): string {
  const shown = isAbsolute(path) && !relative(process.cwd(), path).startsWith('..') ? relative(process.cwd(), path) : path;
  return `npx prunecheck replay ${shown.includes(' ') ? JSON.stringify(shown) : shown}`;
}

/**
 * Writes a counterexample as 2-space JSON with a trailing newline, through a temporary file and a rename, so a
 * crash mid-write never leaves a truncated file where a good one was.
 */
export function writeCounterexample(path: string, counterexample: Counterexample): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(counterexample, null, 2)}\n`);
  renameSync(temporary, path);
}
