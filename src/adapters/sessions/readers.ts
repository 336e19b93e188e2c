import { claudeCodeReader } from './claudeCode.ts';
import { codexReader } from './codex.ts';
import { geminiReader } from './gemini.ts';
import { neutralReader } from './neutral.ts';
import { opencodeReader } from './opencode.ts';
import { piReader } from './pi.ts';
import type { SessionReader } from './SessionReader.ts';

/** Every session reader, in detection order (the neutral header first: it is the most specific). */
export const SESSION_READERS: readonly SessionReader[] = [neutralReader, codexReader, piReader, geminiReader, claudeCodeReader, opencodeReader];
