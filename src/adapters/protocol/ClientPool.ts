import { ProtocolClient, type ClientOptions } from './ProtocolClient.ts';
import type { HelloResult } from './messages.ts';

const MAX_IDLE = 2;

/**
 * The children of one `cmd:` adapter. A run takes a child and gives it back when it closes; a child that
 * declared `reset: true`, is healthy and is not waiting for an answer is kept for the next run, any other is
 * closed, so each run starts in a fresh process unless the runtime promised that `reset` is as good.
 */
export class ClientPool {
  private readonly argv: readonly [string, ...string[]];
  private readonly command: string;
  private readonly options: ClientOptions;
  private readonly reuse: boolean;
  private readonly idle: ProtocolClient[] = [];
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
    const client = await ProtocolClient.start(this.argv, this.command, this.options);
    if (this.expected !== undefined && !sameHello(client.hello, this.expected)) {
      throw client.failWith('BAD_HANDSHAKE', `the handshake changed between processes: first ${JSON.stringify(this.expected)}, now ${JSON.stringify(client.hello)}`, 'hello');
    }
    return client;
  }

  async release(client: ProtocolClient): Promise<void> {
    if (this.reuse && client.hello.reset && client.idle && this.idle.length < MAX_IDLE) {
      client.setRef(false);
      this.idle.push(client);
      return;
    }
    await client.close();
  }

  /** Closes every idle child. */
  async drain(): Promise<void> {
    const idle = this.idle.splice(0);
    await Promise.all(idle.map((client) => client.close()));
  }
}

function sameHello(a: HelloResult, b: HelloResult): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
