/**
 * Keeps the last `capacity` bytes a child wrote to stderr, to show with its failures. Never parsed: stderr is
 * for people (spec/PROTOCOL.md §7). Appends are amortized O(chunk): chunks are joined and cut only when the
 * kept bytes exceed twice the capacity.
 */
export class StderrRing {
  private readonly capacity: number;
  private chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.kept += chunk.length;
    if (this.kept > 2 * this.capacity) this.trim();
  }

  /** The last `capacity` bytes as text, prefixed by how much was dropped before them. */
  text(): string {
    this.trim();
    const body = Buffer.concat(this.chunks).toString('utf8');
    return this.dropped === 0 ? body : `[… ${this.dropped} earlier bytes of stderr dropped]\n${body}`;
  }

  private trim(): void {
    if (this.kept <= this.capacity) return;
    const joined = Buffer.concat(this.chunks);
    this.dropped += joined.length - this.capacity;
    this.chunks = [Buffer.from(joined.subarray(joined.length - this.capacity))];
    this.kept = this.capacity;
  }
}
