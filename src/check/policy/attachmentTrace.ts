import { attachmentsIn, carries } from '../../adapters/policy/attachments.ts';
import { fedSoFar } from './doneStaysDone.ts';
import { describe, mentions } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-34: attachments leave a trace. Every image or file part the user gave is, after the prune, still a part
 * of a message in the list (same name, media type and bytes), or some message in the list names it by its name,
 * so the model knows it no longer has it (open-webui/open-webui#29747: images silently gone, their content then
 * hallucinated). The text that referred to it does not name it; a marker does.
 */
export const attachmentsLeaveTrace: PolicyCheck = (o) =>
  attachmentsIn(fedSoFar(o))
    .filter(({ attachment }) => !o.after.some((a) => carries(a, attachment) || mentions(a.content, attachment.name)))
    .map(({ attachment, message }) => `the ${attachment.kind} ${attachment.name} (${attachment.mediaType}) of ${describe(message)} is after round ${o.round}'s prune neither a part of any message in the list nor named by one: the model reads what refers to it without knowing it is gone.`);
