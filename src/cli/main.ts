import { pathToFileURL } from 'node:url';
import { COMMANDS } from './commands.ts';
import { UsageError } from './UsageError.ts';

/** Renders top-level help: every command with its one-line summary. */
export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'prunecheck — conformance and benchmarking harness for model-driven context pruning',
    '',
    'Usage: prunecheck <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    "Run 'prunecheck <command> --help' for a command's options. Spec: spec/SPEC.md",
  ].join('\n');
}

/** Runs the CLI on `argv` (without node and script); answers the exit code: 0 ok, 1 findings, 2 usage. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    process.stdout.write('prunecheck 0.1.0\n');
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (command === undefined) {
      throw new UsageError('UNKNOWN_COMMAND', `unknown command '${name}'; commands: ${COMMANDS.map((c) => c.name).join(', ')}`);
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`${command.usage}\n`);
      return 0;
    }
    return await command.run(rest);
  } catch (error: unknown) {
    if (error instanceof UsageError) {
      process.stderr.write(`prunecheck: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`prunecheck: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 3;
    },
  );
}
