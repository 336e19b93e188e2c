/** One `prunecheck <name>` subcommand. `run` answers the process exit code. */
export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  run(argv: readonly string[]): Promise<number>;
}
