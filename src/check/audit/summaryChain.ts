import { quote, type AuditCheck } from './AuditFinding.ts';
import { summaryMessageOf } from './droppedMessages.ts';
import { holds, identifiersInText, searchable } from './identifiers.ts';

/**
 * A summary of a summary that loses the earlier summary's sources (seed 000's derivation chain): compaction
 * N drops the summary compaction N-1 wrote, and identifiers that summary still carried from its own sources
 * are held nowhere after N. The earlier summary was the last place they lived.
 */
export const summaryChain: AuditCheck = (o) => {
  const previous = o.previous;
  if (previous === undefined || previous.summary.kind !== 'text' || o.compaction.summary.kind !== 'text') return [];
  const earlier = summaryMessageOf(previous);
  if (earlier === undefined || !o.compaction.before.includes(earlier) || o.compaction.after.some((m) => m.content === earlier.content)) return [];
  const after = searchable(o.compaction.after);
  const lost = [...identifiersInText(previous.summary.text)].flatMap(([cls, values]) => [...values].filter((v) => !holds(after, cls, v)).map((v) => `${cls} ${v}`));
  if (lost.length === 0) return [];
  return [
    {
      rule: 'summary-chain',
      compaction: o.compaction.at,
      because: [
        `compaction ${o.index} summarised the summary of compaction ${o.index - 1} (line ${previous.at.line}) and lost ${lost.length} identifier(s) that summary carried from its sources: ${lost.slice(0, 6).join(', ')}${lost.length > 6 ? ', …' : ''}; the sources were dropped at the earlier compaction, so nothing can recover them.`,
      ],
      evidence: [
        { at: previous.at, label: `earlier summary (compaction ${o.index - 1})`, quote: quote(previous.summary.text) },
        { at: o.compaction.at, label: `this summary (compaction ${o.index})`, quote: quote(o.compaction.summary.text) },
      ],
    },
  ];
};
