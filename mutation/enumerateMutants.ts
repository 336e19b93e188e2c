import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@stryker-mutator/api/logging';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { mutantKey, numberIdentical, type MutantKey } from './MutantKey.ts';
import type { SourceRange } from './SourceRange.ts';

/** A mutant as Stryker's instrumenter places it, before any test runs. */
export interface PlannedMutant {
  /** The file's name inside the copy (`runAppend.ts`). */
  readonly file: string;
  readonly mutator: string;
  readonly replacement: string;
  /** 0-based lines and columns. */
  readonly range: SourceRange;
  /** Its key (mutation/MutantKey.ts), as a report and the triage name it: what the sample is drawn by. */
  readonly key: MutantKey;
}

const quiet: Logger = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => true,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => process.stderr.write(`stryker instrumenter: ${message}\n`),
  error: (message: string) => process.stderr.write(`stryker instrumenter: ${message}\n`),
  fatal: (message: string) => process.stderr.write(`stryker instrumenter: ${message}\n`),
};

/**
 * Every mutant Stryker would make of the `.ts` files in `dir`, with its default mutators (the options
 * mutation/strykerOptions.ts leaves at their defaults), in a stable order: file, then position, then mutator and
 * replacement. The sample is drawn from this list, so it does not depend on Stryker's mutant ids.
 */
export async function enumerateMutants(dir: string): Promise<PlannedMutant[]> {
  const names = readdirSync(dir).filter((name) => name.endsWith('.ts')).sort();
  const files = names.map((name) => ({ name: join(dir, name), content: readFileSync(join(dir, name), 'utf8'), mutate: true as const }));
  const { mutants } = await new Instrumenter(quiet).instrument(files, { ignorers: [], excludedMutations: [], plugins: null });
  const sources = new Map(files.map((f) => [f.name.slice(dir.length + 1), f.content]));
  const planned = mutants
    .map((m) => ({ file: m.fileName.slice(dir.length + 1), mutator: m.mutatorName, replacement: m.replacement, range: { start: { ...m.location.start }, end: { ...m.location.end } } }))
    .sort(comparePlanned);
  const keys = numberIdentical(planned.map((m) => mutantKey(m.file, sources.get(m.file) ?? '', m.range, m.mutator, m.replacement)));
  return planned.map((m, i) => ({ ...m, key: keys[i] as MutantKey }));
}

function comparePlanned(a: Omit<PlannedMutant, 'key'>, b: Omit<PlannedMutant, 'key'>): number {
  return (
    a.file.localeCompare(b.file) ||
    a.range.start.line - b.range.start.line ||
    a.range.start.column - b.range.start.column ||
    a.range.end.line - b.range.end.line ||
    a.range.end.column - b.range.end.column ||
    a.mutator.localeCompare(b.mutator) ||
    a.replacement.localeCompare(b.replacement)
  );
}
