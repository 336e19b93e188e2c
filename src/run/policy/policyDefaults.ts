/**
 * Conversations a policy check generates by default (`prunecheck check --runs`), chosen from the time to detect
 * (reports/detection.md, "The policy zoo and the shipped libraries"): at seeds 1–36, every broken pruner of the
 * policy zoo breaks its invariant within 56 conversations, and every finding reports/ecosystem.md lists for the
 * shipped libraries within 225 (the slowest: llamaindex-memory's INV-24, median 31). 250 finds each at every
 * one of the 36 seeds, with a margin; the old default, 40, missed broken-trusts-summary at seed 22 and 8 of the
 * library findings at some seeds.
 */
export const POLICY_DEFAULT_RUNS = 250;
