/** Longest text a bounded pattern is matched on in prunecheck's own thread; longer texts go to the worker. */
export const INLINE_MAX_TEXT = 4_096;

/**
 * Whether a pattern's match time is bounded by its text's length alone, so that it can run in prunecheck's own
 * thread instead of the matcher's worker (`safeExec`): at most one quantifier (`*`, `+`, `?`, `{…}`), not applied
 * to a group, no alternation, no backreference and no lookaround. Such a pattern is a fixed sequence of atoms
 * with at most one repeated, so a match tries each start position at most once per length of the repetition:
 * O(n²) steps at worst on a text of n characters, 1.7 × 10⁷ at `INLINE_MAX_TEXT`. Every other pattern (nested or
 * adjacent quantifiers such as `(a+)+` or `a?a?a?aaa`, alternatives such as `(a|a)(a|a)b`) may backtrack
 * exponentially and runs in the worker under its time limit. Conservative: a character that only looks like a
 * quantifier (a literal `{`) may send a safe pattern to the worker, never an unsafe one here.
 */
export function isBoundedPattern(pattern: string): boolean {
  let quantifiers = 0;
  let inClass = false;
  /** What the previous token was: a lazy `?` may follow a quantifier, a group's kind `?` may follow `(`. */
  let previous: 'atom' | 'open' | 'close' | 'quantifier' | 'none' = 'none';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') {
      // \1…\9 and \k<name> refer back to a group; any other escape is one atom (or a class member).
      if (!inClass && /[1-9k]/.test(pattern[i + 1] ?? '')) return false;
      i += 1;
      if (!inClass) previous = 'atom';
      continue;
    }
    if (inClass) {
      if (c === ']') {
        inClass = false;
        previous = 'atom';
      }
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '|') return false;
    else if (c === '(') {
      const kind = pattern.slice(i + 1, i + 4);
      if (kind.startsWith('?=') || kind.startsWith('?!') || kind === '?<=' || kind === '?<!') return false;
      previous = 'open';
    } else if (c === ')') previous = 'close';
    else if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (c === '?' && (previous === 'open' || previous === 'quantifier')) {
        previous = 'atom';
        continue;
      }
      if (previous === 'close') return false;
      quantifiers += 1;
      if (quantifiers > 1) return false;
      if (c === '{') i = pattern.indexOf('}', i) < 0 ? i : pattern.indexOf('}', i);
      previous = 'quantifier';
    } else previous = 'atom';
  }
  return true;
}
