import { brokenView } from './viewFlaw.ts';

/** From how many characters the pruner takes a user message for a pasted document. */
export const LONG_USER_CHARS = 2_000;

/**
 * Breaks INV-17. Once it compacts, the pruner takes a user message of 2,000 characters or more for a pasted
 * document and archives it with the old messages, as context managers that treat large user pastes as attachments
 * do: the statement is gone from the list. Issue 22: generated user messages stayed under ~100 characters, so this
 * passed; they now range from empty to longer than the summarizer's window.
 */
export const archivesLongUsers = brokenView(
  'archives-long-users',
  'Window pruner that archives user messages of 2,000 characters or more once it compacts',
  'INV-17',
  (view) => view.filter((m) => m.role === 'user' && m.content.length >= LONG_USER_CHARS),
);
