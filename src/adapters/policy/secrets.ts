import type { PolicyMessage } from './PolicyMessage.ts';

/**
 * Secrets in tool output (spec/SPEC.md INV-35). The harness marks a tool result that holds credentials
 * `sensitive`; a credential is a `NAME=value` line whose name says key, token, secret or password, as an
 * environment dump or a config file prints it. The values are canaries: random-looking strings that occur
 * nowhere else, so finding one anywhere else is finding the secret travel.
 */
const ASSIGNMENT = /\b[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD)[A-Z0-9_]*=(\S{12,})/g;

export const isSensitive = (m: PolicyMessage): boolean => m.role === 'tool' && m.sensitive === true;

/** The credential values `text` assigns (`PAYMENTS_API_KEY=sk-…` gives `sk-…`). */
export function credentialValues(text: string): string[] {
  return [...text.matchAll(ASSIGNMENT)].map((match) => match[1] as string);
}

/** The secret values of the sensitive tool outputs among `messages`, each once. */
export function secretsIn(messages: readonly PolicyMessage[]): string[] {
  return [...new Set(messages.filter(isSensitive).flatMap((m) => credentialValues(m.content)))];
}
