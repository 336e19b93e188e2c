/**
 * One entry of state a library keeps outside the message list that says the model already holds some content
 * (spec/SPEC.md INV-36): a read cache entry ("unchanged since last read, you already have it"), a file
 * snapshot an edit will run against, a dedup map entry that suppresses a repeat. An adapter reports these only
 * when its library keeps such state (`PolicyStep.held`); INV-36 then requires each `text` to be in the list.
 */
export interface PolicyHeldItem {
  /** What kind of state vouches for the content. */
  readonly source: 'read-cache' | 'file-snapshot' | 'dedup';
  /** The library's key for it: a path, a hash, a call signature. Shown in findings. */
  readonly key: string;
  /** The content the state says the model has in its context, verbatim as the list would carry it. */
  readonly text: string;
}
