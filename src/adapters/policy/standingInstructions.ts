import type { PolicyMessage } from './PolicyMessage.ts';

/**
 * Standing instructions (spec/SPEC.md INV-32): project instructions delivered as a message of their own, as
 * agents attach AGENTS.md, CLAUDE.md, a skill or a persona (system-role, or a user-role reminder), marked by the
 * generator's convention `<standing-instructions source="…">`.
 */
const STANDING = /^<standing-instructions source="[^"]+">/;

export const isStanding = (m: PolicyMessage): boolean => (m.role === 'system' || m.role === 'user') && STANDING.test(m.content);

/** The standing instructions in `messages`, one per distinct text, first occurrence kept. */
export function standingInstructions(messages: readonly PolicyMessage[]): PolicyMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => isStanding(m) && !seen.has(m.content) && seen.add(m.content) !== undefined);
}
