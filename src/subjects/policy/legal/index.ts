import type { PolicyAdapter } from '../../../adapters/policy/PolicyAdapter.ts';
import type { InvariantId } from '../../../model/invariants.ts';
import { createWindowPruner, type WindowChoice } from '../windowPruner.ts';
import { forProviders } from './forProviders.ts';
import { observeWindow, type StateChoice } from '../observedWindow.ts';
import { legalObserved } from './legalObserved.ts';
import { legalPruner } from './legalPruner.ts';

/**
 * A window pruner that makes one choice the spec leaves open otherwise than prunecheck's own, and the
 * invariant that leaves it open. Each must be conformant (`npm start`, spec/subjects/policy/legalPruners.test.ts):
 * a check that convicts one is stricter than spec/SPEC.md.
 */
export interface LegalPolicyPruner {
  readonly adapter: PolicyAdapter;
  readonly choice: WindowChoice | StateChoice;
  readonly leftOpenBy: InvariantId;
}

function legalWindow(choice: WindowChoice, leftOpenBy: InvariantId, description: string): LegalPolicyPruner {
  return legalPruner(choice, leftOpenBy, description, (model, config) => observeWindow(createWindowPruner(model, config, [], [choice]), config));
}

export const LEGAL_POLICY_PRUNERS: readonly LegalPolicyPruner[] = [
  legalWindow('drops-retracted', 'INV-30', 'Window pruner that drops a cancelled or replaced instruction (with its retraction) and a plan never approved entirely, archived, instead of keeping them verbatim'),
  legalWindow('keeps-elided-quotes', 'INV-31', 'Window pruner whose summary guard keeps a quote of the user or a tool that leaves words out with an elision mark ([id], …) instead of dropping it'),
  legalWindow('reinjects-standing', 'INV-32', 'Window pruner that lets standing instructions leave with the old messages, archived, and injects one copy of each again after the summary, naming the original it replaces'),
  forProviders(legalWindow('summary-first', 'INV-33', 'Window pruner that puts its summary first after the system message, declaring only OpenAI, whose rules prunecheck knows do not ask for a user turn first'), ['openai']),
  legalWindow('marks-attachments', 'INV-34', 'Window pruner that takes the image and file parts off old user messages, archived, and names each in a marker line of its summary'),
  legalWindow('redacts-secrets', 'INV-35', 'Window pruner whose summary keeps a line holding a secret from sensitive tool output with the secret replaced by [REDACTED], instead of dropping the line'),
  legalObserved('clears-read-cache', 'INV-36', 'Window pruner whose read cache is emptied whenever it compacts (as an agent resets its read state after compaction) instead of losing only the entries whose content left the list'),
  legalObserved('applies-arrivals-at-once', 'INV-37', 'Window pruner that runs again on the messages that arrived during its compaction, so they are in that step\'s list, instead of taking them with the next step'),
  legalObserved('reports-own-tokens', 'INV-38', 'Window pruner that reports its outcome in its own token count (words) and without message counts'),
];
