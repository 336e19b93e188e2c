/** The part of a stream `flushOutput` needs: Node's stdout and stderr, or a test's stand-in. */
export interface FlushableStream {
  readonly writableLength: number;
  write(chunk: string, callback: (error?: Error | null) => void): boolean;
}

/**
 * Resolves once everything written to each stream so far has been handed to the OS. On Linux a pipe is written
 * asynchronously, so `process.exit` right after a large write keeps only the first 64 KiB
 * (`prunecheck check --reporter json | jq` would read a cut report); the process waits for this first.
 */
export async function flushOutput(streams: readonly FlushableStream[]): Promise<void> {
  await Promise.all(
    streams.map(
      (stream) =>
        new Promise<void>((resolve) => {
          if (stream.writableLength === 0) {
            resolve();
            return;
          }
          // Writes are ordered: the callback of an empty write runs after every earlier chunk is flushed.
          stream.write('', () => resolve());
        }),
    ),
  );
}
