import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, unlinkSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Operation } from '../model/Operation.ts';
import { createFileAtomic, OutputPathError, writeFileAtomic } from '../util/writeFileAtomic.ts';
import { looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import { shellQuote } from '../util/shellQuote.ts';
import { safeCopy } from '../util/safeJson.ts';

/** sha256 of the canonical JSON of a trace: two counterexamples with the same hash replay the same steps. */
export function traceHash(trace: readonly Operation[]): string {
  return createHash('sha256').update(JSON.stringify(trace)).digest('hex');
}

/** sha256 of any JSON value, as an identity for a finding (its config and trace, or its generated case). */
export function findingIdentity(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value) ?? '').digest('hex');
}

/**
 * A file-name-safe form of an adapter name or invariant id (`cmd:python3 x.py` → `cmd-python3-x.py`,
 * `../../escaped/pwn` → `escaped-pwn`): letters, digits, `.`, `_`, `-`, never starting with a dot.
 */
export function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 80) || 'adapter';
}

/** The file name of the `n`th distinct finding of one adapter, invariant and seed (`n` from 1). */
export function counterexampleName(adapter: string, invariant: string, seed: number, n = 1): string {
  return `${safeName(adapter)}-${safeName(invariant)}-${seed}${n === 1 ? '' : `-${n}`}.json`;
}

/** Where the first finding of one adapter, invariant and seed is saved in `outDir`. */
export function counterexamplePath(outDir: string, adapter: string, invariant: string, seed: number): string {
  return join(outDir, counterexampleName(adapter, invariant, seed));
}

/**
 * The command that replays a counterexample file, relative to the working directory when possible. Replay runs
 * a module or a command only when the command line names it (a file's own adapterRef is never trusted), so for
 * an adapter that is code, `adapterRef` (a module path or `cmd:…`) is named with `--adapter`.
 */
export function replayCommand(path: string, adapterRef?: string): string {
  const shown = isAbsolute(path) && !relative(process.cwd(), path).startsWith('..') ? relative(process.cwd(), path) : path;
  const code = adapterRef !== undefined && (adapterRef.startsWith('cmd:') || looksLikeModulePath(adapterRef));
  return `npx prunecheck replay ${shellQuote(shown)}${code ? ` --adapter ${shellQuote(adapterRef)}` : ''}`;
}

/** The 2-space JSON of a counterexample, with adapter data made safe (cycles cut, huge strings shortened). */
export function counterexampleText(counterexample: unknown): string {
  return `${JSON.stringify(safeCopy(counterexample), null, 2)}\n`;
}

/**
 * Writes a counterexample to `path` atomically (temporary file in the same directory, fsync, rename), so a crash
 * mid-write never leaves a truncated file where a good one was. Replaces a regular file at `path`.
 */
export function writeCounterexample(path: string, counterexample: unknown): void {
  writeFileAtomic(path, counterexampleText(counterexample));
}

/** What identifies a finding's file: who found it, and a hash of what reproduces it (`findingIdentity`). */
export interface FindingKey {
  readonly adapter: string;
  readonly invariant: string;
  readonly seed: number;
  readonly identity: string;
}

/** A counterexample on disk, and whether this process created the file (rather than replaced its twin). */
export interface SavedCounterexample {
  readonly file: string;
  readonly created: boolean;
}

/** The identity recorded in a counterexample file: a hash of its config and trace, or of its generated case. */
export function identityOfCounterexample(data: Readonly<Record<string, unknown>>): string {
  return findingIdentity(data['case'] !== undefined ? data['case'] : [data['config'], data['trace']]);
}

/** The module or command a counterexample names (`adapterRef`), when it names one. */
function adapterRefOf(data: unknown): string | undefined {
  const ref = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['adapterRef'] : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

/** The finding a file holds: its identity and the adapter it names, or undefined when it holds none. */
function findingOfFile(file: string): { readonly identity: string; readonly adapterRef: string | undefined } | undefined {
  try {
    if (!lstatSync(file).isFile()) return undefined;
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof data === 'object' && data !== null ? { identity: identityOfCounterexample(data as Record<string, unknown>), adapterRef: adapterRefOf(data) } : undefined;
  } catch {
    return undefined;
  }
}

const MAX_NAMES = 1_000;

/**
 * Saves a counterexample in `outDir` under a name unique to its finding: `<adapter>-<invariant>-<seed>.json`,
 * or `-2`, `-3`… when that name holds another finding. A file holding the same finding (a re-run of the same
 * check: the same steps, found in the same module or command) is replaced, and so is one of `mine` (this run's
 * own provisional saves, such as the unshrunk episode saved the moment it failed); a file holding another finding
 * is never touched. Names are sanitised, so the
 * file is always directly inside `outDir`. `build` receives the chosen path (a counterexample names its own
 * replay command).
 */
export function saveCounterexample(outDir: string, key: FindingKey, build: (file: string) => unknown, mine: readonly SavedCounterexample[] = []): SavedCounterexample {
  for (let n = 1; n <= MAX_NAMES; n += 1) {
    const file = join(outDir, counterexampleName(key.adapter, key.invariant, key.seed, n));
    const counterexample = build(file);
    const text = counterexampleText(counterexample);
    if (createFileAtomic(file, text)) return { file, created: true };
    // Replaced: the same finding from an earlier run, or a provisional save of this run (`mine`). The same steps
    // found in another module or command of the same name are another finding: its replay names another adapter.
    const own = mine.find((saved) => saved.file === file);
    const held = own === undefined ? findingOfFile(file) : undefined;
    if (own !== undefined || (held?.identity === key.identity && held.adapterRef === adapterRefOf(counterexample))) {
      writeFileAtomic(file, text);
      return { file, created: own?.created ?? false };
    }
  }
  const dir = resolve(outDir);
  throw new OutputPathError('EXISTS', dir, `${dir} already holds ${MAX_NAMES} other counterexamples of ${key.adapter} ${key.invariant} with seed ${key.seed}; clear it or pass another --counterexamples directory`);
}

/** Removes a counterexample this process created (an unshrunk first save superseded by the shrunk one). */
export function discardCounterexample(saved: SavedCounterexample): void {
  if (!saved.created) return;
  try {
    unlinkSync(saved.file);
  } catch {
    // Already gone.
  }
}
