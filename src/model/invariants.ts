/**
 * The invariants of spec/SPEC.md §4, as data. The traceability test keeps this list and SPEC.md in step.
 */
export const INVARIANTS = {
  'INV-01': 'Every eviction writes an external tombstone',
  'INV-02': 'Re-evicting changed content is refused',
  'INV-03': 'A span leaves only through the gate',
  'INV-04': '"Pruned" is never "never existed"',
  'INV-05': 'Summaries carry provenance and a closed derivation chain',
  'INV-06': 'Raw observations are never derivable',
  'INV-07': 'Raw observations have a retention floor',
  'INV-08': 'A re-frame invalidates derivability and floors flipped spans',
  'INV-09': 'Side-effecting retries are deduplicated outside the window',
  'INV-10': 'Claims rest on raw evidence',
  'INV-11': 'Versions are events, and artefacts carry them',
  'INV-12': 'Every directive is logged; rejections are surfaced',
  'INV-13': 'At capacity, "window full", never a crash or a silent eviction',
  'INV-14': "A summary never lowers its sources' retention",
  'INV-15': 'A refused or malformed operation changes nothing',
  // INV-16…INV-26 apply to policy-mode pruners (message-list compactors), not to the reference runtime.
  'INV-16': 'A failing summarizer does not delete history',
  'INV-17': 'User statements and the task survive pruning',
  'INV-18': 'Tool calls and their results are never split',
  'INV-19': 'A system message stays first',
  'INV-20': 'In-flight tool calls and unread results survive the prune',
  'INV-21': 'Reasoning and signed thinking items stay with their tool calls',
  'INV-22': 'Compaction makes progress and fits',
  'INV-23': 'A summary never gains authority it did not have',
  'INV-24': 'Done stays done, pending stays pending',
  'INV-25': 'No repeated side effect after compaction',
  'INV-26': 'Agent state outside the message list survives compaction',
  // INV-27 onward (SPEC 1.1) apply to runtimes again.
  'INV-27': "A summary's retention never exceeds its sources'",
  'INV-28': 'No claim rests on the window being complete',
  'INV-29': 'Markers cost tokens, and crowded markers fold into one gap marker',
  // INV-30 onward (SPEC 1.2) apply to policy-mode pruners only.
  'INV-30': 'What the user took back stays taken back',
  'INV-31': 'No false attribution',
  'INV-32': 'Standing instructions survive exactly once',
  'INV-33': 'The next request is valid',
  'INV-34': 'Attachments leave a trace',
  'INV-35': 'Secrets do not travel',
  'INV-36': 'State outside the window agrees with the window',
  'INV-37': 'Nothing that arrives during a compaction is lost',
  'INV-38': 'What it says it did is what it did',
} as const;

export type InvariantId = keyof typeof INVARIANTS;

export const INVARIANT_IDS = Object.keys(INVARIANTS) as InvariantId[];

/** INV-16…INV-26 and, from SPEC 1.2, INV-30 onward: observed on policy-mode pruners (message-list compactors) only, never on runtime adapters. */
export const POLICY_ONLY_INVARIANT_IDS: readonly InvariantId[] = INVARIANT_IDS.filter((id) => (Number(id.slice(4)) >= 16 && Number(id.slice(4)) <= 26) || Number(id.slice(4)) >= 30);

/** What a runtime-mode adapter can claim: INV-01…INV-15 and, from SPEC 1.1, INV-27 onward. */
export const RUNTIME_INVARIANT_IDS: InvariantId[] = INVARIANT_IDS.filter((id) => !POLICY_ONLY_INVARIANT_IDS.includes(id));
