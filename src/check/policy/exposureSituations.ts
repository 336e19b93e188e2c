import { attachmentsIn } from '../../adapters/policy/attachments.ts';
import { isSensitive } from '../../adapters/policy/secrets.ts';
import { fedSoFar } from './doneStaysDone.ts';
import { isKept } from './messageQueries.ts';
import type { PolicyObservation } from './PolicyObservation.ts';

const removed = (o: PolicyObservation): boolean => o.before.some((m) => !isKept(m, o.after));

/**
 * The situations INV-33…INV-35 need a run to reach (SPEC 1.2): a prune that removed messages from a list
 * holding an assistant turn with no text of its own (only calls or reasoning), where stripping its parts
 * leaves an empty or reasoning-only turn and a cut next to it leaves a model or tool turn first; a prune that
 * removed messages after the user gave an image or a file; and one that removed messages after the agent read
 * output marked sensitive.
 */
export function exposureSituations(obs: readonly PolicyObservation[], bump: (name: string, reached: boolean) => void): void {
  bump('request-shape-at-risk', obs.some((o) => removed(o) && o.before.some((m) => m.role === 'assistant' && m.content.trim() === '')));
  bump('attachment-pruned', obs.some((o) => removed(o) && attachmentsIn(fedSoFar(o)).length > 0));
  bump('secret-pruned', obs.some((o) => removed(o) && fedSoFar(o).some(isSensitive)));
}
