import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flushOutput } from '../../src/cli/flushOutput.ts';

const BYTES = 3_000_000;

/** Bytes a reader that starts late gets from a child that writes `BYTES` to a pipe and then calls `process.exit`. */
function piped(flush: boolean): Promise<number> {
  const module = join(import.meta.dirname, '../../src/cli/flushOutput.ts');
  const script = `import { flushOutput } from ${JSON.stringify(module)};
process.stdout.write('x'.repeat(${BYTES}));
${flush ? 'await flushOutput([process.stdout, process.stderr]);' : ''}
process.exit(0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let n = 0;
    child.stdout.pause();
    const read = (): void => {
      child.stdout.on('data', (chunk: Buffer) => (n += chunk.length));
      child.stdout.resume();
    };
    // A slow `| jq`. Without the flush the reader starts only once the child has exited, so the cut is certain
    // whatever the machine's speed; with it the child waits for the reader, so the reader starts after a pause.
    if (flush) setTimeout(read, 300);
    else child.on('exit', read);
    child.on('error', reject);
    child.stdout.on('end', () => resolve(n));
  });
}

describe('flushOutput', () => {
  it('a large write to a pipe reaches a late reader whole when the process waits for it before exiting', async () => {
    expect(await piped(true)).toBe(BYTES);
  });

  it('without it the same pipe is cut (why the process waits)', async () => {
    expect(await piped(false)).toBeLessThan(BYTES);
  });

  it('resolves at once for streams with nothing pending', async () => {
    const idle = { writableLength: 0, write: () => { throw new Error('not written to'); } };
    await expect(flushOutput([idle, idle])).resolves.toBeUndefined();
  });
});
