import type { Command } from './Command.ts';
import { demoCommand } from './demoCommand.ts';
import { listCommand } from './listCommand.ts';
import { checkCommand } from './checkCommand.ts';
import { scenarioCommand } from './scenarioCommand.ts';

/** Every subcommand, in the order `--help` lists them. Add a command by adding its module here. */
export const COMMANDS: readonly Command[] = [checkCommand, listCommand, scenarioCommand, demoCommand];
