import type { Command } from './Command.ts';
import { demoCommand } from './demoCommand.ts';
import { mergeCommand } from './mergeCommand.ts';
import { listCommand } from './listCommand.ts';
import { checkCommand } from './checkCommand.ts';
import { conformanceCommand } from './conformanceCommand.ts';
import { replayCommand } from './replayCommand.ts';
import { scenarioCommand } from './scenarioCommand.ts';
import { ecosystemCommand } from './ecosystemCommand.ts';
import { auditCommand } from './auditCommand.ts';
import { benchCommand } from './benchCommand.ts';

/** Every subcommand, in the order `--help` lists them. Add a command by adding its module here. */
export const COMMANDS: readonly Command[] = [checkCommand, replayCommand, mergeCommand, listCommand, conformanceCommand, ecosystemCommand, benchCommand, scenarioCommand, auditCommand, demoCommand];
