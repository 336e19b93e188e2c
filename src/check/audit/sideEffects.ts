import type { PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';
import { commandOf } from './identifiers.ts';

// Tools of Claude Code, Codex, pi, opencode and gemini-cli that only read or plan.
const READ_ONLY_TOOL = /^(?:read|read_file|readfile|read_many_files|view|cat|ls|list|list_dir|list_directory|glob|grep|rg|search|search_file_content|find|webfetch|web_fetch|websearch|web_search|google_web_search|todoread|todowrite|todo_write|update_plan|notebookread|bashoutput|killshell|exitplanmode|task|get_[\w]+|lsp[\w]*|codesearch)$/i;
const SHELL_TOOL = /^(?:bash|shell|local_shell|exec_command|run_shell_command|shell_command|container\.exec)$/i;
// First words of shell commands that only read.
const READ_ONLY_COMMAND = /^(?:ls|cat|head|tail|grep|rg|find|pwd|echo|wc|which|env|stat|file|tree|nl|du|df|date|whoami|sed -n|awk|sort|uniq|diff|git (?:status|log|diff|show|branch|rev-parse|ls-files|blame)|npm (?:ls|view|outdated)|node -e "console\.log)\b/;

/**
 * Answers of `test` by key, remembered: a session names a few tools and argument keys thousands of times.
 * Bounded, so a session of endless distinct names cannot grow it without end.
 */
function remembered<T>(test: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    if (known.size >= 4096) known.clear();
    const answer = test(key);
    known.set(key, answer);
    return answer;
  };
}

const toolKind = remembered((name): 'read-only' | 'shell' | 'other' => (READ_ONLY_TOOL.test(name) ? 'read-only' : SHELL_TOOL.test(name) ? 'shell' : 'other'));

/**
 * Whether a call can change the world (a file write, a request, a shell command that is not a plain read).
 * Unknown tools count as side-effecting: a duplicate of one is reported, and the report names the tool.
 */
export function isSideEffecting(call: PolicyToolCall): boolean {
  const kind = toolKind(call.name);
  if (kind === 'read-only') return false;
  if (kind === 'shell') {
    const command = commandOf(call.args);
    if (command === undefined) return true;
    // Every part of a pipeline or chain must be a read.
    return command.split(/\s*(?:\|\||&&|;|\|)\s*/).some((part) => !READ_ONLY_COMMAND.test(part.replace(/^(?:cd \S+|sudo)\s*/, '')));
  }
  return true;
}

/** Arguments as canonical JSON: keys sorted at every level, so key order never hides a duplicate. */
export function canonicalArgs(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalArgs).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    // Most calls: plain objects of strings and numbers, keys already in order. JSON.stringify writes them
    // exactly as below, natively.
    if (flatInOrder(value, keys)) return JSON.stringify(value);
    return `{${keys
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalArgs((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A plain object whose values are all JSON primitives and whose keys are already sorted. */
function flatInOrder(value: object, keys: readonly string[]): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (i > 0 && !((keys[i - 1] as string) < key)) return false;
    const v = (value as Record<string, unknown>)[key];
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return false;
  }
  return true;
}

const REQUEST_KEY = /request[_-]?id|idempotency[_-]?key|requestId|idempotencyKey/i;
const isRequestKey = remembered((key) => REQUEST_KEY.test(key));

/** Request ids a call carries: arguments whose key names one. */
export function requestIdsOf(call: PolicyToolCall): string[] {
  const ids: string[] = [];
  for (const k in call.args) {
    if (!Object.hasOwn(call.args, k) || !isRequestKey(k)) continue;
    const v = call.args[k];
    if (typeof v === 'string' || typeof v === 'number') ids.push(String(v));
  }
  return ids;
}
