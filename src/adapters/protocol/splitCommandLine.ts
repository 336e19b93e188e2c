/**
 * Splits the command line after `cmd:` into a program and its arguments, as a POSIX shell splits words:
 * whitespace separates; '…' quotes literally; "…" quotes with `\"` and `\\` escapes; a backslash outside
 * quotes escapes the next character. No expansion, pipes or redirection: the program is spawned directly, so
 * prunecheck can stop exactly the process it started. Answers an error sentence for unbalanced quotes.
 */
export function splitCommandLine(line: string): string[] | { readonly error: string } {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) return { error: `unbalanced ' in command line ${JSON.stringify(line)}` };
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && (line[j + 1] === '"' || line[j + 1] === '\\')) j++;
        word += line[j] as string;
      }
      if (j >= line.length) return { error: `unbalanced " in command line ${JSON.stringify(line)}` };
      inWord = true;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[i + 1] as string;
      inWord = true;
      i++;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
