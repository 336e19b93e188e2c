import { isSensitive, secretsIn } from '../../adapters/policy/secrets.ts';
import { describe, insertedBy, isWritten } from './messageQueries.ts';
import type { PolicyCheck } from './PolicyCheck.ts';

/**
 * INV-35: secrets do not travel. A credential planted in tool output marked sensitive appears in no message
 * the pruner inserted and in nothing the library persists of its own (a retained summary, its metadata, an
 * offloaded file that is not an archive of the sensitive output itself). Its archive of the original messages
 * is not a leak: INV-01 and INV-03 ask for it (NousResearch/hermes-agent PR #12734: keys copied into
 * `_previous_summary` and carried into every later compaction).
 */
export const secretsDoNotTravel: PolicyCheck = (o) => {
  const originals = [...o.written.values()].filter(isSensitive);
  const secrets = secretsIn(originals);
  if (secrets.length === 0) return [];
  const out: string[] = [];
  const leaked = (text: string): string[] => secrets.filter((s) => text.includes(s));
  const shown = (s: readonly string[]): string => s.map((x) => `${x.slice(0, 8)}…`).join(', ');
  for (const a of insertedBy(o.before, o.after).filter((m) => !isWritten(o.written, m))) {
    const found = leaked(a.content);
    if (found.length > 0) out.push(`round ${o.round} inserted ${describe(a)}, which carries the secret ${shown(found)} from sensitive tool output.`);
  }
  for (const r of o.record.retained.filter((m) => !isWritten(o.written, m))) {
    const found = leaked(r.content);
    if (found.length > 0) out.push(`after round ${o.round} the library keeps ${describe(r)}, not an original message, which carries the secret ${shown(found)}.`);
  }
  const metadata = leaked(JSON.stringify(o.record.metadata));
  if (metadata.length > 0) out.push(`after round ${o.round} the library's metadata carries the secret ${shown(metadata)}.`);
  for (const f of o.record.offloaded) {
    const found = leaked(f.text).filter((s) => !originals.some((m) => m.content.includes(s) && f.text.includes(m.content)));
    if (found.length > 0) out.push(`after round ${o.round} the library's file ${f.path} carries the secret ${shown(found)} outside an archived copy of the output that held it.`);
  }
  return out;
};
