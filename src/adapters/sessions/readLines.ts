import { createReadStream } from 'node:fs';

/**
 * The lines of a text file, a batch per chunk read, split exactly as `readline` splits them with
 * `crlfDelay: Infinity`: at `\n`, `\r\n` (also across a chunk boundary) and a lone `\r`; a last line without a
 * line break is given when it is not empty. Memory holds one chunk and the line it ends in, never the file.
 * A session is read at the speed of JSON.parse, and readline's per-line events and line-ending regex cost
 * about as much again as the parse.
 */
export async function* readLines(file: string, chunkBytes = 64 * 1024): AsyncGenerator<string[]> {
  // The start of a line that runs past the chunk: pieces, joined once the line ends (a line of megabytes
  // spans many chunks, and a growing string would be copied once per chunk).
  let pieces: string[] = [];
  let skipNewline = false;
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: chunkBytes }) as AsyncIterable<string>) {
    const out: string[] = [];
    let start = 0;
    // A \r that ended the previous chunk ended its line; a \n starting this one is the rest of that \r\n.
    if (skipNewline && chunk.charCodeAt(0) === 10) start = 1;
    skipNewline = false;
    // The next \r, looked up again only once passed (most files have none: one scan of the chunk).
    let nextReturn = chunk.indexOf('\r');
    for (;;) {
      if (nextReturn >= 0 && nextReturn < start) nextReturn = chunk.indexOf('\r', start);
      const newline = chunk.indexOf('\n', start);
      const end = nextReturn < 0 ? newline : newline < 0 ? nextReturn : Math.min(newline, nextReturn);
      if (end < 0) break;
      const tail = chunk.slice(start, end);
      out.push(pieces.length === 0 ? tail : `${pieces.join('')}${tail}`);
      pieces = [];
      start = end + 1;
      if (chunk.charCodeAt(end) === 13) {
        if (end + 1 === chunk.length) skipNewline = true;
        else if (chunk.charCodeAt(end + 1) === 10) start = end + 2;
      }
    }
    if (start < chunk.length) pieces.push(chunk.slice(start));
    if (out.length > 0) yield out;
  }
  const last = pieces.join('');
  if (last.length > 0) yield [last];
}

