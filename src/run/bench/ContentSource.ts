import { Rng } from './Rng.ts';

const CORPUS_BYTES = 1 << 20;

/** The range of content lengths, in bytes. */
export const CONTENT_MIN_BYTES = 512;
export const CONTENT_MAX_BYTES = 1536;

/**
 * Deterministic span content: seeded pseudo-text (ASCII, so UTF-8 bytes = characters), lengths uniform in
 * [min, max]. Each string is a fresh flat heap string, written through a scratch buffer: no two spans share
 * backing storage, so memory per span and hashing cost are what unique tool outputs would cost.
 */
export class ContentSource {
  readonly min: number;
  readonly max: number;
  private readonly rng: Rng;
  private readonly corpus: Buffer;
  private readonly scratch: Buffer;
  private bytes = 0;
  private count = 0;

  constructor(seed: number, label: string, min = CONTENT_MIN_BYTES, max = CONTENT_MAX_BYTES) {
    this.min = min;
    this.max = max;
    this.rng = new Rng(seed, `content:${label}`);
    this.corpus = corpusFor(seed);
    this.scratch = Buffer.alloc(max);
  }

  /** Content for span `id`: starts with the id, so every span's content (and digest) is unique. */
  next(id: string): string {
    const length = this.rng.between(this.min, this.max);
    const head = this.scratch.write(`${id} `, 0, 'latin1');
    const start = this.rng.int(CORPUS_BYTES - length);
    this.corpus.copy(this.scratch, head, start, start + length - head);
    this.bytes += length;
    this.count += 1;
    return this.scratch.toString('latin1', 0, length);
  }

  /** Mean bytes of the content handed out so far. */
  get meanBytes(): number {
    return this.count === 0 ? 0 : this.bytes / this.count;
  }

  /** Restarts the running mean (the window's resident content is measured apart from later additions). */
  resetStats(): void {
    this.bytes = 0;
    this.count = 0;
  }
}

const corpora = new Map<number, Buffer>();

function corpusFor(seed: number): Buffer {
  let corpus = corpora.get(seed);
  if (corpus === undefined) {
    corpus = makeCorpus(new Rng(seed, 'corpus'));
    corpora.set(seed, corpus);
  }
  return corpus;
}

/** Lines of words, numbers and punctuation, roughly like log lines and JSON tool output. */
function makeCorpus(rng: Rng): Buffer {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const vocabulary = Array.from({ length: 512 }, () => Array.from({ length: rng.between(2, 10) }, () => letters[rng.int(26)]).join(''));
  const parts: string[] = [];
  let size = 0;
  while (size < CORPUS_BYTES) {
    const roll = rng.int(20);
    const part = roll === 0 ? '\n' : roll === 1 ? `${rng.int(1_000_000)} ` : roll === 2 ? '": "' : `${vocabulary[rng.int(vocabulary.length)] as string} `;
    parts.push(part);
    size += part.length;
  }
  return Buffer.from(parts.join('').slice(0, CORPUS_BYTES), 'latin1');
}
