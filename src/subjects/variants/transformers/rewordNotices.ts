import type { Adapter } from '../../../adapters/Adapter.ts';
import type { SpanObservation } from '../../../model/RuntimeConfig.ts';
import { wrapSystem } from './wrapSystem.ts';

/** C-5 (and C-9's step): every lossy marker and rejection notice worded otherwise; a lossy marker still names its span. */
export function rewordObservation(s: SpanObservation): SpanObservation {
  if (s.index?.kind === 'lossy') return { ...s, index: { ...s.index, text: `[gone] «${s.spanId}» was given up; nothing can bring it back` } };
  if (s.index?.kind === 'rejected') return { ...s, index: { ...s.index, reason: `the runtime kept this span (${s.index.reason.replaceAll('-', ' ')})`, step: 0 } };
  return s;
}

export function rewordNotices(inner: Adapter): Adapter {
  return wrapSystem(inner, `${inner.name}+reworded`, `${inner.description ?? inner.name}, with every marker and notice worded its own way (C-5)`, () => ({ observation: rewordObservation }));
}
