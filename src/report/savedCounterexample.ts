import type { Violation } from '../run/CheckReport.ts';

/** How the engines say, in a report's error, that a finding's counterexample could not be written. */
const UNSAVED = 'the counterexample could not be saved: ';

/**
 * Where a finding's counterexample is, for every reporter: its file and the command that replays it, or, when
 * no file was written (a full disk, a directory that cannot be written), that it was not and why, in the words
 * of the report's error. Never an empty file name or an empty replay command.
 */
export type SavedCounterexample = { readonly kind: 'saved'; readonly file: string; readonly replay: string } | { readonly kind: 'unsaved'; readonly why: string };

export function savedCounterexample(v: Violation, error: string | undefined): SavedCounterexample {
  if (v.counterexample !== '') return { kind: 'saved', file: v.counterexample, replay: v.replay };
  const at = error?.indexOf(UNSAVED) ?? -1;
  const why = error !== undefined && at !== -1 ? error.slice(at + UNSAVED.length) : 'no counterexample directory was given';
  return { kind: 'unsaved', why: `not written: ${why}; nothing to replay (re-run the check with a writable --counterexamples directory)` };
}
