import { closeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { killAllGroups } from '../adapters/protocol/processGroups.ts';
import { flushOutput } from './flushOutput.ts';
import { describeInterruption, runInterruptHandlers, type Interruption } from '../run/interruption.ts';
import { traceStartUp } from '../run/traceStartUp.ts';
import { describeThrown } from '../util/safeJson.ts';
import { terminalText } from '../util/terminalText.ts';
import { deferStallMonitor, type StallInfo } from '../util/stallMonitor.ts';
import type { Command } from './Command.ts';
import { COMMANDS, type CommandEntry } from './commands.ts';
import { isInputError, SIGNAL_EXIT_CODES } from './exitCode.ts';
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

/**
 * Runs the CLI on `argv` (without node and script) and answers the exit code: 0 ok, 1 a verdict other than
 * conformant, 2 a usage or input error (the message says what to fix), 3 an internal error. Never throws.
 * `commands` are loaded commands or lazy entries; only the one that runs is loaded.
 */
export async function main(argv: readonly string[], commands: readonly (Command | CommandEntry)[] = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    process.stdout.write('prunecheck 0.1.0\n');
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  try {
    if (entry === undefined) {
      throw new UsageError('UNKNOWN_COMMAND', `unknown command '${name}'; commands: ${commands.map((c) => c.name).join(', ')}`);
    }
    const command = 'load' in entry ? await entry.load() : entry;
    if (rest.includes('--help') || rest.includes('-h')) {
      process.stdout.write(`${command.usage}\n`);
      return 0;
    }
    return await command.run(rest);
  } catch (error: unknown) {
    if (isInputError(error)) {
      // An input error quotes what it read (a file's field, a path): escaped, as every outside string is.
      process.stderr.write(`prunecheck: ${terminalText(error.message, { keepNewlines: true })}\n`);
      return 2;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : describeThrown(error);
    process.stderr.write(`prunecheck: internal error (a bug in prunecheck, not in your runtime; please report it with the command line): ${terminalText(detail, { keepNewlines: true })}\n`);
    return 3;
  }
}

let interrupting = false;

/** Saves what was found (the interrupt handlers of the running command), stops every child, and exits. */
function finish(why: Interruption, code: number): never {
  interrupting = true;
  runInterruptHandlers(why, (message) => process.stderr.write(`prunecheck: ${message}\n`));
  killAllGroups();
  // After a stall the main thread is paused by the monitor's inspector session, and Node would add "Waiting
  // for the debugger to disconnect..." to stderr at exit; everything prunecheck had to say is written by now.
  if (why.kind === 'stall') closeSync(2);
  process.exit(code);
}

function onStall(info: StallInfo): never {
  const why: Interruption = { kind: 'stall', ...info };
  process.stderr.write(`\nprunecheck: ${describeInterruption(why)}; saving what was found and exiting\n`);
  finish(why, 1);
}

/**
 * The `prunecheck` process: runs `main`, then exits at once with its code, whatever the adapter left running
 * (a timer of its own, an unsettled promise, an idle child). SIGINT, SIGTERM and SIGHUP save what was found so
 * far, kill every child's process group and exit 130, 143 or 129; an adapter call that blocks the event loop
 * is caught by the stall monitor, saved as a TIMEOUT finding, and exits 1.
 */
export async function runProcess(argv: readonly string[]): Promise<never> {
  for (const signal of Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[]) {
    process.on(signal, () => {
      const code = SIGNAL_EXIT_CODES[signal];
      if (interrupting) process.exit(code); // a second signal: stop saving, exit now
      process.stderr.write(`\nprunecheck: ${signal}: saving what was found so far, stopping child processes\n`);
      finish({ kind: 'signal', signal }, code);
    });
  }
  deferStallMonitor(onStall);
  const code = await main(argv);
  killAllGroups();
  traceStartUp('exit');
  await flushOutput([process.stdout, process.stderr]);
  process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void runProcess(process.argv.slice(2));
}
