import type { PolicyCapabilities } from '../../adapters/policy/PolicyCapabilities.ts';

/**
 * Situations a library's declared capabilities make impossible, so the coverage gate does not wait for them:
 * a call in flight at a prune (it prunes only between turns) and a system prompt first in the list (it keeps
 * the prompt outside the list).
 */
export function waivedSituations(capabilities: PolicyCapabilities | undefined): readonly string[] {
  return [...(capabilities?.prunesOnlyBetweenTurns === true ? ['in-flight-call'] : []), ...(capabilities?.systemPromptOutsideList === true ? ['system-first'] : [])];
}
