// Secrets agents' sessions hold: provider keys, tokens, passwords in assignments, private keys, JWTs.
const SECRETS: readonly RegExp[] = [
  /\b(?:sk|pk|rk)-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}/g,
  /\b(?:ghp|gho|ghu|ghs|github_pat|glpat|xox[abpr])[-_][A-Za-z0-9_]{16,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g,
];
const ASSIGNED = /\b((?:password|passwd|secret|token|api[_-]?key|access[_-]?key|client[_-]?secret|authorization)["']?\s*[:=]\s*["']?)([^\s"',}]{4,})/gi;
const LONG_VALUE = /[A-Za-z0-9+/=_-]{32,}/g;

/**
 * Masks what a report must not repeat from a session: secrets (keys, tokens, passwords in assignments,
 * private keys) become `[redacted]`, and any other unbroken value of 32 characters or more keeps its first
 * four characters and its length.
 */
export function redact(text: string): string {
  let out = text;
  for (const pattern of SECRETS) out = out.replace(pattern, '[redacted]');
  out = out.replace(ASSIGNED, (_all, key: string) => `${key}[redacted]`);
  return out.replace(LONG_VALUE, (v) => `${v.slice(0, 4)}…[${v.length} chars]`);
}
