import type { PolicyMessage } from './PolicyMessage.ts';

/**
 * What the user took back (spec/SPEC.md INV-30), read off generated messages by their conventions
 * (src/gen/policy/turnMessages.ts):
 * - `cancelled`: `INSTRUCTION I-k: … order #N …`, later `CANCEL I-k: …`;
 * - `superseded`: `INSTRUCTION I-k: … order #N …`, later `REPLACE I-k: do not …; instead …`;
 * - `unapproved`: the assistant's `PLAN P-k (awaiting approval): … order #N …`, and no `APPROVE P-k` from the user.
 */
export type RetractionKind = 'cancelled' | 'superseded' | 'unapproved';

export interface Retraction {
  /** `I-k` or `P-k`. */
  readonly id: string;
  readonly kind: RetractionKind;
  /** The order the retracted action was about, digits only. */
  readonly order: string;
  /** The action's verb as the user wrote it (`refund`, `email`, `charge`, `check`). */
  readonly action: string;
  /** The message that asked for (or proposed) the action. */
  readonly item: PolicyMessage;
  /** The user's message that took it back; none for a plan never approved. */
  readonly by?: PolicyMessage;
}

const ASKED = /^INSTRUCTION (I-\d+): (\w+) .*order #(\d+)/;
const PLANNED = /^PLAN (P-\d+) \(awaiting approval\): (\w+) .*order #(\d+)/;
const TAKEN_BACK = /^(CANCEL|REPLACE) (I-\d+):/;
const APPROVED = /^APPROVE (P-\d+)\b/;

/** Every instruction the user cancelled or replaced, and every plan still awaiting approval, in `messages`. */
export function retractions(messages: readonly PolicyMessage[]): Retraction[] {
  const out: Retraction[] = [];
  for (const message of messages) {
    const plan = message.role === 'assistant' ? PLANNED.exec(message.content) : null;
    if (plan !== null) {
      const id = plan[1] as string;
      if (!messages.some((m) => m.role === 'user' && APPROVED.exec(m.content)?.[1] === id)) out.push({ id, kind: 'unapproved', action: plan[2] as string, order: plan[3] as string, item: message });
      continue;
    }
    const back = message.role === 'user' ? TAKEN_BACK.exec(message.content) : null;
    if (back === null) continue;
    const item = messages.find((m) => m.role === 'user' && ASKED.exec(m.content)?.[1] === back[2]);
    const asked = item === undefined ? null : ASKED.exec(item.content);
    if (item === undefined || asked === null) continue;
    out.push({ id: back[2] as string, kind: back[1] === 'CANCEL' ? 'cancelled' : 'superseded', action: asked[2] as string, order: asked[3] as string, item, by: message });
  }
  return out;
}

/**
 * A line that takes a directive for the agent's conduct the user never gave: to act without asking, confirming
 * or waiting for approval (anthropics/claude-code#10528, #27319). The phrasings a summary uses for it; the user's
 * own statements are never searched.
 */
export const UNASKED_DIRECTIVE = /\b(continue|proceed|go ahead|carry on|act)\b[^.\n]*\bwithout (asking|confirmation|confirming|approval|waiting)|\b(do not|don't|no need to) (ask|check with|confirm with|wait for)\b[^.\n]*\b(user|approval|confirmation)|\bauto-?approve/i;
