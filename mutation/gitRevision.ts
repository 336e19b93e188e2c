import { execFileSync } from 'node:child_process';

/** The commit a run measured: the model it copied and the suite (checkers, generator) that checked it. */
export interface Revision {
  /** `git rev-parse HEAD` when the run started. */
  readonly commit: string;
  /** Whether src/ differed from that commit (uncommitted changes were measured too). */
  readonly uncommitted: boolean;
}

/**
 * The revision of the working tree at `root`, or `undefined` outside a git checkout (a packed copy): a report then
 * says its commit is unknown rather than naming one it did not measure.
 */
export function gitRevision(root: string): Revision | undefined {
  try {
    const git = (...args: string[]): string => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return { commit: git('rev-parse', 'HEAD'), uncommitted: git('status', '--porcelain', '--', 'src') !== '' };
  } catch {
    return undefined;
  }
}
