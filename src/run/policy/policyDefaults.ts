/**
 * Conversations a policy check generates by default (`prunecheck check --runs`), chosen from the time to detect
 * (reports/detection.md, "The policy zoo and the shipped libraries"): at seeds 1–36, every broken pruner of the
 * policy zoo breaks its invariant within 56 conversations, and every finding reports/ecosystem.md lists for the
 * shipped libraries within 225 (the slowest: llamaindex-memory's INV-24, median 31). 250 finds each at every
 * one of the 36 seeds, with a margin; the old default, 40, missed broken-trusts-summary (INV-30, up to 56) and 5
 * library findings at some seeds: ai-prune-messages INV-21 (up to 96), llamaindex-memory INV-18 (63), INV-24
 * (225), INV-30 (117) and INV-31 (103). Measured 2026-12-03 with nice on a shared 2-core machine: the zoo takes
 * about 25 s for all 36 seeds, llamaindex-memory about 12 minutes.
 */
export const POLICY_DEFAULT_RUNS = 250;

/**
 * How long one `create` or `step` of a policy adapter may take before the run ends with a timeout. Here, not in
 * runPolicyCase.ts, so the reports that describe a step budget (stepBudget.ts) do not load the policy engine.
 */
export const POLICY_STEP_TIMEOUT_MS = 5_000;
