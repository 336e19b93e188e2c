import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this folder's parent), whatever the working directory. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The oracle: the reference model the checker runs. Never mutated, never importing the copy. */
export const ORACLE_DIR = join(ROOT, 'src', 'model');

/**
 * Where the system under test lives: a byte-for-byte copy of the oracle, generated at run time (git-ignored, so
 * no clone of src/model is ever committed). Stryker mutates only this folder.
 */
export const COPY_DIR = join(ROOT, 'mutation', 'sut', 'model');

/** `COPY_DIR` relative to the root, with forward slashes, as Stryker's `mutate` patterns and reports name it. */
export const COPY_PREFIX = relative(ROOT, COPY_DIR).split('\\').join('/');

/** Where the mutation reports go. */
export const REPORTS = {
  markdown: join(ROOT, 'reports', 'mutation.md'),
  json: join(ROOT, 'reports', 'mutation.json'),
  /** Stryker's own outputs (HTML, raw JSON, incremental state): git-ignored. */
  strykerDir: join(ROOT, 'reports', 'mutation'),
} as const;

/** The committed triage of surviving mutants. */
export const TRIAGE_FILE = join(ROOT, 'mutation', 'triage.json');
