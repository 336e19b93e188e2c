import { vi } from 'vitest';
import type { Command } from '../../src/cli/Command.ts';
import { main } from '../../src/cli/main.ts';
import { UsageError } from '../../src/cli/UsageError.ts';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `body` capturing what it writes to stdout and stderr. */
export async function captured(body: () => Promise<number>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await body();
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** Runs `prunecheck <argv>` in-process. */
export function runCli(argv: readonly string[]): Promise<CliResult> {
  return captured(() => main(argv));
}

/** Runs one command (e.g. built with injected dependencies) as main would: a UsageError is exit 2. */
export function runCommand(command: Command, argv: readonly string[]): Promise<CliResult> {
  return captured(async () => {
    try {
      return await command.run(argv);
    } catch (error: unknown) {
      if (!(error instanceof UsageError)) throw error;
      process.stderr.write(`prunecheck: ${error.message}\n`);
      return 2;
    }
  });
}
