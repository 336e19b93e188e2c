import type { Adapter, PruningSystem } from '../Adapter.ts';
import { AdapterLoadError } from '../AdapterLoadError.ts';
import type { RuntimeConfig } from '../../model/ReferenceRuntime.ts';
import { ClientPool } from './ClientPool.ts';
import { CommandSystem } from './CommandSystem.ts';
import { StepCommandSystem } from './StepCommandSystem.ts';
import { DEFAULT_CLIENT_OPTIONS, type ClientOptions } from './ProtocolClient.ts';
import { ProtocolError } from './ProtocolError.ts';
import { splitCommandLine } from './splitCommandLine.ts';
import { unwrapAnswer } from './unwrapAnswer.ts';

/** Options of a `cmd:` adapter: the child's limits, and two switches the benchmark and tests turn off. */
export interface CommandAdapterOptions extends Partial<ClientOptions> {
  /** Ask for the observations of the ids an operation names in the `apply` round trip. Default true. */
  readonly prefetch?: boolean;
  /** Speak protocol 1.1's `step` and `batch` to a child that offers them. Default true; false drives it as 1.0. */
  readonly step?: boolean;
  /** Keep a child that declared `reset: true` for the next run instead of starting a new one. Default true. */
  readonly reuse?: boolean;
}

/** An adapter whose runtime is a child process speaking spec/PROTOCOL.md, with a `drain()` to stop idle children. */
export interface CommandAdapter extends Adapter {
  /** The command line after `cmd:`. */
  readonly commandLine: string;
  /** Closes children kept between runs. Optional: idle children never keep prunecheck from exiting. */
  drain(): Promise<void>;
}

/**
 * Starts `commandLine` once to read its handshake (name, version, capabilities), and answers an adapter whose
 * `create` hands each run a fresh episode in a child (`reset` with the run's config). Load-time faults are
 * `AdapterLoadError`s (exit 2); faults during a run are `ProtocolError`s thrown at that step.
 */
export async function commandAdapter(commandLine: string, options: CommandAdapterOptions = {}): Promise<CommandAdapter> {
  const argv = splitCommandLine(commandLine.trim());
  if ('error' in argv || argv.length === 0) {
    const why = 'error' in argv ? argv.error : 'it is empty';
    throw new AdapterLoadError('BAD_ADAPTER', `cmd: adapter command line cannot be used: ${why}; write --adapter 'cmd:python3 path/to/runtime.py'`);
  }
  const { prefetch = true, step = true, reuse = true, ...limits } = options;
  const clientOptions: ClientOptions = { ...DEFAULT_CLIENT_OPTIONS, ...limits };
  const pool = new ClientPool(argv as [string, ...string[]], commandLine, clientOptions, reuse);
  let hello;
  try {
    hello = await pool.first();
  } catch (error: unknown) {
    if (!(error instanceof ProtocolError)) throw error;
    const code = error.code === 'VERSION_MISMATCH' || error.code === 'BAD_HANDSHAKE' ? 'BAD_ADAPTER' : 'IMPORT_FAILED';
    throw new AdapterLoadError(code, `${error.message}\n  (handshake of --adapter 'cmd:${commandLine}' failed with ${error.code}; see spec/PROTOCOL.md)`, { cause: error });
  }
  return {
    name: hello.name,
    version: hello.version,
    ...(hello.description === undefined ? {} : { description: hello.description }),
    capabilities: hello.capabilities,
    commandLine,
    async create(config: RuntimeConfig): Promise<PruningSystem> {
      const client = await pool.acquire();
      try {
        unwrapAnswer(await client.call('reset', { config }), client, 'reset');
      } catch (error: unknown) {
        await pool.release(client);
        throw error;
      }
      // A 1.1 child takes an engine step in one round trip; a 1.0 child is driven as before.
      return client.hello.minor >= 1 && step ? new StepCommandSystem(client, pool, config, prefetch) : new CommandSystem(client, pool, config, prefetch);
    },
    drain: () => pool.drain(),
  };
}

/** The loader `loadAdapter` uses for `cmd:<command line>` references. */
export function loadCommandAdapter(rest: string): Promise<CommandAdapter> {
  return commandAdapter(rest);
}
