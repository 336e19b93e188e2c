import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { credentialValues, secretsIn } from '../../adapters/policy/secrets.ts';

/** The placeholder `redact` writes in place of a secret. */
export const REDACTED = '[REDACTED]';

/**
 * What prunecheck's own pruner does with a summarizer's answer about secrets (spec/SPEC.md INV-35): the values
 * of every credential in tool output marked sensitive that it was fed are kept out of the summary. By default a
 * line that holds one is dropped; with `redact` the line stays with each value replaced by `[REDACTED]` (a choice
 * the rule leaves open, `legal-redacts-secrets`). The archive of the original output is untouched.
 */
export function guardSecrets(text: string, history: readonly PolicyMessage[], redact: boolean): string {
  const secrets = secretsIn(history);
  if (secrets.length === 0) return text;
  const lines = text.split('\n');
  if (redact) return lines.map((line) => secrets.reduce((l, s) => l.split(s).join(REDACTED), line)).join('\n');
  return lines.filter((line) => !secrets.some((s) => line.includes(s))).join('\n');
}

/**
 * The `NAME=value` credential lines of the tool results among `gone`, as a pruner keeps them when it preserves
 * "identifiers" verbatim (openclaw/openclaw PR #67801's prompt asked to keep "tokens, API keys"): what the
 * `repeats-secrets` flaw carries into its summary's anchors.
 */
export function credentialLines(gone: readonly PolicyMessage[]): string[] {
  return gone.flatMap((m) => (m.role === 'tool' ? m.content.split('\n').filter((line) => credentialValues(line).length > 0).map((line) => `- kept from ${m.toolCallId}: ${line}`) : []));
}
