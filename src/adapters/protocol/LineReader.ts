/** What feeding bytes to a `LineReader` yields. */
export type LineEvent = { readonly kind: 'line'; readonly text: string } | { readonly kind: 'too-long'; readonly bytes: number };

/**
 * Splits a byte stream into newline-terminated UTF-8 lines, enforcing a maximum line length in bytes while the
 * line is still arriving (a child streaming an endless line is stopped at the limit, not buffered without end).
 * A trailing `\r` is dropped; blank lines are skipped. After `too-long` the reader must not be fed again.
 */
export class LineReader {
  private readonly maxLineBytes: number;
  private chunks: Buffer[] = [];
  private pendingBytes = 0;

  constructor(maxLineBytes: number) {
    this.maxLineBytes = maxLineBytes;
  }

  /** Bytes received after the last newline: a line not finished (yet). */
  get pending(): number {
    return this.pendingBytes;
  }

  /** The start of the unfinished line, for error messages. */
  pendingPreview(maxChars = 200): string {
    return Buffer.concat(this.chunks).toString('utf8').slice(0, maxChars);
  }

  feed(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const length = this.pendingBytes + (nl - start);
      if (length > this.maxLineBytes) return [...events, { kind: 'too-long', bytes: length }];
      let text: string;
      if (this.chunks.length === 0) {
        text = chunk.toString('utf8', start, nl);
      } else {
        this.chunks.push(chunk.subarray(start, nl));
        text = Buffer.concat(this.chunks).toString('utf8');
        this.chunks = [];
        this.pendingBytes = 0;
      }
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() !== '') events.push({ kind: 'line', text });
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > this.maxLineBytes) return [...events, { kind: 'too-long', bytes: this.pendingBytes }];
      this.chunks.push(start === 0 ? chunk : chunk.subarray(start));
    }
    return events;
  }
}
