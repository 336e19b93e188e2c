import type { Command } from './Command.ts';

/**
 * A subcommand as `--help` lists it: its name and summary, and how to load the rest. A command's module (and all
 * it imports: the checker, the subjects, the report writers) is imported only when that command runs or shows its
 * own help, so `prunecheck --help` does not pay for the checker. spec/cli/commands.test.ts holds each entry's name
 * and summary to the ones its module declares.
 */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<Command>;
}

/** Every subcommand, in the order `--help` lists them. Add a command by adding an entry for its module here. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'check',
    summary: 'check a pruning runtime against every invariant of spec/SPEC.md',
    load: async () => (await import('./checkCommand.ts')).checkCommand,
  },
  {
    name: 'replay',
    summary: 'replay a counterexample file: reproduced, diverged (nondeterminism), or now passing',
    load: async () => (await import('./replayCommand.ts')).replayCommand,
  },
  {
    name: 'merge',
    summary: 'join the shard reports of a check run as --shard i/n into one report (JSON, JUnit, Markdown)',
    load: async () => (await import('./mergeCommand.ts')).mergeCommand,
  },
  {
    name: 'list',
    summary: 'list the built-in adapters (with the invariant each broken one breaks) and the invariants',
    load: async () => (await import('./listCommand.ts')).listCommand,
  },
  {
    name: 'conformance',
    summary: 'the main job: check the reference and every built-in broken runtime; write the conformance matrix',
    load: async () => (await import('./conformanceCommand.ts')).conformanceCommand,
  },
  {
    name: 'ecosystem',
    summary: 'check the npm context pruners (langchain, deepagents, ai…) and write reports/ecosystem.md',
    load: async () => (await import('./ecosystemCommand.ts')).ecosystemCommand,
  },
  {
    name: 'bench',
    summary: "benchmark any pruner's cost per call and its growth, beside the reference and the floor",
    load: async () => (await import('./benchCommand.ts')).benchCommand,
  },
  {
    name: 'scenario',
    summary: 'replay a recorded incident on a runtime and show the failure or its prevention',
    load: async () => (await import('./scenarioCommand.ts')).scenarioCommand,
  },
  {
    name: 'audit',
    summary: 'judge the compactions in sessions real agents recorded (Claude Code, Codex, pi, opencode, gemini-cli)',
    load: async () => (await import('./auditCommand.ts')).auditCommand,
  },
  {
    name: 'demo',
    summary: 'run the reference runtime through a short demonstration episode',
    load: async () => (await import('./demoCommand.ts')).demoCommand,
  },
];
