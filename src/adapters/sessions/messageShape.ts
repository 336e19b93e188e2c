import type { PolicyMessage, PolicyToolCall } from '../policy/PolicyMessage.ts';
import { SessionFormatError } from './SessionFormatError.ts';

/**
 * Reads a prunecheck neutral message (the `PolicyMessage` JSON shape) off a record, checking every field it
 * uses; the error names the field.
 */
export function policyMessageOf(value: unknown, file: string, line: number, field: string): PolicyMessage {
  const bad = (what: string): never => {
    throw new SessionFormatError('BAD_FIELD', file, line, `field '${field}${what}; see spec/session.schema.json`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad(`' must be a message object`);
  const m = value as Record<string, unknown>;
  const str = (key: string, optional: boolean): string | undefined => {
    const v = m[key];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'string') return bad(`.${key}' must be a string`);
    return v;
  };
  const id = str('id', true);
  const content = str('content', false) as string;
  const replaces = m['replaces'];
  if (replaces !== undefined && (!Array.isArray(replaces) || !replaces.every((r) => typeof r === 'string'))) bad(`.replaces' must be an array of strings`);
  const base = { ...(id === undefined ? {} : { id }), content, ...(replaces === undefined ? {} : { replaces: replaces as string[] }) };
  switch (m['role']) {
    case 'system':
    case 'user':
      return { role: m['role'], ...base };
    case 'assistant': {
      const calls = m['toolCalls'];
      if (calls !== undefined && !Array.isArray(calls)) bad(`.toolCalls' must be an array`);
      const toolCalls = ((calls ?? []) as unknown[]).map((c, i): PolicyToolCall => {
        const call = c as Record<string, unknown>;
        if (typeof call?.['id'] !== 'string' || typeof call['name'] !== 'string') return bad(`.toolCalls[${i}]' needs string 'id' and 'name'`);
        const args = call['args'];
        if (typeof args !== 'object' || args === null || Array.isArray(args)) return bad(`.toolCalls[${i}].args' must be an object`);
        return { id: call['id'], name: call['name'], args: args as Record<string, unknown> };
      });
      const r = m['reasoning'] as Record<string, unknown> | undefined;
      if (r !== undefined && (typeof r !== 'object' || r === null || typeof r['text'] !== 'string')) bad(`.reasoning' must be {text, signature?}`);
      const reasoning = r === undefined ? undefined : { text: r['text'] as string, ...(typeof r['signature'] === 'string' ? { signature: r['signature'] } : {}) };
      return { role: 'assistant', ...base, ...(calls === undefined ? {} : { toolCalls }), ...(reasoning === undefined ? {} : { reasoning }) };
    }
    case 'tool': {
      const toolCallId = str('toolCallId', false) as string;
      const name = str('name', false) as string;
      const isError = m['isError'];
      if (isError !== undefined && typeof isError !== 'boolean') bad(`.isError' must be a boolean`);
      return { role: 'tool', ...base, toolCallId, name, ...(isError === undefined ? {} : { isError: isError as boolean }) };
    }
    default:
      return bad(`.role' must be one of system, user, assistant, tool (got ${JSON.stringify(m['role'])})`);
  }
}

/** Text of a content value that is a string or a list of `{type:'text', text}` blocks (Anthropic, pi, OpenAI). */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      if (typeof block === 'string') return block;
      const b = block as Record<string, unknown> | null;
      if (b === null || typeof b !== 'object') return '';
      if (typeof b['text'] === 'string') return b['text'];
      return '';
    })
    .filter((t) => t !== '')
    .join('\n');
}

/** Arguments recorded as a JSON string (OpenAI function calls): the object, or `{ input: text }` when not JSON. */
export function argsOf(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
  if (typeof raw !== 'string') return raw === undefined ? {} : { input: raw };
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { input: parsed };
  } catch {
    return { input: raw };
  }
}
