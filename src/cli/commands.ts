import type { Command } from './Command.ts';
import { demoCommand } from './demoCommand.ts';
import { listCommand } from './listCommand.ts';

/** Every subcommand, in the order `--help` lists them. Add a command by adding its module here. */
export const COMMANDS: readonly Command[] = [demoCommand, listCommand];
