import type { PolicyMessage } from '../../adapters/policy/PolicyMessage.ts';
import { credentialValues } from '../../adapters/policy/secrets.ts';

/**
 * A recorded tool result that prints credentials (`NAME=value`, the name saying key, token, secret or password),
 * marked sensitive as the generator marks its own (INV-35): no session records which output is sensitive, so on a
 * recording a credential's shape stands for the mark. Any other message is returned as it is.
 */
export function markCredentials(m: PolicyMessage): PolicyMessage {
  return m.role === 'tool' && m.sensitive !== true && credentialValues(m.content).length > 0 ? { ...m, sensitive: true } : m;
}
