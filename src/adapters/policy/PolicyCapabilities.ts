/**
 * What a policy-mode library does that changes which checks apply (docs/policy-mode.md "Capabilities").
 * Every field is optional and false when absent: an adapter declares only what its library does. Each is a
 * fact about the library a user can read in its source, not a way to silence a finding: a capability changes
 * the situations prunecheck puts the library in (as its framework would), never a verdict on what it did.
 */
export interface PolicyCapabilities {
  /**
   * The library prunes only between turns: its framework never runs it while a tool call is in flight (the
   * results of the model's last calls are always in the list when it runs). prunecheck then feeds a round that
   * ends with calls in flight together with the next one, and the in-flight clause of INV-20 and its situation
   * do not apply; results the model has not read yet still must stay (INV-20's other clause).
   */
  readonly prunesOnlyBetweenTurns?: boolean;
  /**
   * The system prompt lives outside the library's list (the agent passes it to the model separately, as
   * beeai-framework and LlamaIndex memories do): prunecheck feeds no system prompt, so INV-19 has nothing to
   * hold and its situation `system-first` does not apply. Standing instructions sent as system messages
   * mid-conversation are still fed (INV-32).
   */
  readonly systemPromptOutsideList?: boolean;
  /**
   * The library inserts its summary as a system message at the head of the list. A provider reads every leading
   * system message as one system prompt, so INV-19 accepts the library's own system messages before the real
   * system prompt, as long as the prompt itself is kept unchanged and every system message before it is one the
   * library inserted. (Without this capability, and always for the real prompt, INV-19 holds as written.)
   * Replacing its own earlier summary is legal with or without it: INV-19 holds only the system message the
   * agent wrote.
   */
  readonly summaryIsSystemMessage?: boolean;
}

/** The capability names, for validation and reports. */
export const POLICY_CAPABILITY_NAMES = ['prunesOnlyBetweenTurns', 'systemPromptOutsideList', 'summaryIsSystemMessage'] as const satisfies readonly (keyof PolicyCapabilities)[];
