import type { PolicyCheck } from './PolicyCheck.ts';

const short = (text: string): string => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * INV-36: state outside the window agrees with the window. Whatever the library's own state says the model
 * holds after the prune (a read cache entry, a file snapshot, a dedup entry; `PolicyStep.held`) is in the
 * list, verbatim in some message: otherwise the next read is answered "unchanged, you already have it" for
 * content the model no longer has (yvgude/lean-ctx#808, tetsuo-ai/agenc-core PR #425), or an edit runs against
 * a snapshot the model cannot see (openclaw/openclaw#56554). Judged only on a library that reports such state.
 */
export const heldStateInWindow: PolicyCheck = (o) =>
  (o.held ?? [])
    .filter((h) => !o.after.some((m) => m.content.includes(h.text)))
    .map(
      (h) =>
        `after round ${o.round}'s prune the library's ${h.source} says the model holds ${h.key} (${short(h.text)}), but no message in the list carries that text: the library will answer "unchanged, you already have it" for content the model no longer has.`,
    );
