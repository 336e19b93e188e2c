import { ProtocolClient, type ClientOptions } from './ProtocolClient.ts';
import type { HelloResult } from './messages.ts';

const MAX_IDLE = 2;

/**
 * The children of one `cmd:` adapter. A run takes a child and gives it back when it closes; a child that
 * declared `reset: true`, is healthy and is not waiting for an answer is kept for the next run, any other is
 * stopped, so each run starts in a fresh process unless the runtime promised that `reset` is as good.
 *
 * When a reusable child had to be stopped (a fault), a spare is started in the background, so the next run
 * does not pay the child's start-up inside the engine's per-operation timeout on `create`.
 */
export class ClientPool {
  private readonly argv: readonly [string, ...string[]];
  private readonly command: string;
  private readonly options: ClientOptions;
  private readonly reuse: boolean;
  private readonly idle: ProtocolClient[] = [];
  private spare: Promise<ProtocolClient> | undefined;
  private expected: HelloResult | undefined;

  constructor(argv: readonly [string, ...string[]], command: string, options: ClientOptions, reuse: boolean) {
    this.argv = argv;
    this.command = command;
    this.options = options;
    this.reuse = reuse;
  }

  /** Starts the first child; its handshake is what every later child must repeat. */
  async first(): Promise<HelloResult> {
    const client = await ProtocolClient.start(this.argv, this.command, this.options);
    this.expected = client.hello;
    await this.release(client);
    return client.hello;
  }

  async acquire(): Promise<ProtocolClient> {
    for (let client = this.idle.pop(); client !== undefined; client = this.idle.pop()) {
      if (client.idle) return client;
      await client.kill();
    }
    if (this.spare !== undefined) {
      const spare = await this.spare.catch(() => undefined);
      this.spare = undefined;
      if (spare?.idle === true) {
        this.warm();
        return spare;
      }
    }
    const client = await this.start();
    this.warm();
    return client;
  }

  async release(client: ProtocolClient): Promise<void> {
    if (this.reusable() && client.idle && this.idle.length < MAX_IDLE) {
      this.idle.push(client);
      return;
    }
    // A child still owing an answer (the engine gave up waiting) is not asked to exit politely.
    await (client.healthy && !client.idle ? client.kill() : client.close());
  }

  /** Closes every idle child and the spare. */
  async drain(): Promise<void> {
    const idle = this.idle.splice(0);
    const spare = this.spare;
    this.spare = undefined;
    await Promise.all([...idle.map((client) => client.close()), spare?.then((client) => client.close(), () => undefined)]);
  }

  private reusable(): boolean {
    return this.reuse && this.expected?.reset === true;
  }

  private warm(): void {
    if (!this.reusable() || this.spare !== undefined) return;
    this.spare = this.start();
    this.spare.catch(() => undefined); // a failing spare is retried, and its error thrown, by the next acquire
  }

  private async start(): Promise<ProtocolClient> {
    const client = await ProtocolClient.start(this.argv, this.command, this.options);
    if (this.expected !== undefined && JSON.stringify(client.hello) !== JSON.stringify(this.expected)) {
      throw client.failWith('BAD_HANDSHAKE', `the handshake changed between processes: first ${JSON.stringify(this.expected)}, now ${JSON.stringify(client.hello)}`, 'hello');
    }
    return client;
  }
}
