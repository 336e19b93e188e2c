/**
 * What a library reports it did in one step (spec/SPEC.md INV-38): a "compacted" flag, counts, tokens saved.
 * An adapter sets only what its library reports (a return value, an event, a flag it writes on messages) and
 * never derives a field from the lists themselves: INV-38 compares the report against the observed difference.
 * A step without an outcome is not judged; an adapter that never sets one leaves INV-38 `unknown: not observable`.
 */
export interface PolicyOutcome {
  /** The library says it changed the list in this step (removed, replaced or inserted messages). */
  readonly compacted: boolean;
  /** Messages the library says it removed from the list (dropped or folded into a summary). */
  readonly removed?: number;
  /** Messages the library says it rewrote in place (a cleared tool result keeping its id). */
  readonly replaced?: number;
  /** Messages the library says it inserted (a summary, a marker, a re-injected instruction). */
  readonly inserted?: number;
  /** The list's length before and after, as the library counts it. */
  readonly messagesBefore?: number;
  readonly messagesAfter?: number;
  /** The list's size before and after in the library's own token count, whatever its tokenizer. */
  readonly tokensBefore?: number;
  readonly tokensAfter?: number;
  /** Tokens the library says it saved, in its own count. */
  readonly tokensSaved?: number;
}
