import type { PolicyAdapter, PolicyConfig, PolicySystem } from '../../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';
import { approximateTokens } from './approximateTokens.ts';
import { archivedMarker, cutPoint } from './cutPoint.ts';

/**
 * A window pruner whose cost per turn does not grow with the conversation: it counts each message's tokens once,
 * when it arrives, and keeps a running total; past `triggerMessages` it archives all but the last
 * `keepMessages` (the system message stays, no call is parted from its result) behind a marker naming them.
 * Its archive is append-only and handed out as it is, never copied. Made for `prunecheck bench`: the flat one
 * of the two pruners the growth verdict is tested on (spec/run/bench/growthVerdict.soak.test.ts).
 */
export function createFlatWindow(config: PolicyConfig): PolicySystem {
  const window: PolicyMessage[] = [];
  const counts: number[] = [];
  const archive: PolicyMessage[] = [];
  let tokens = 0;
  let prunes = 0;
  return {
    step(incoming) {
      for (const m of incoming) {
        const n = approximateTokens(m);
        window.push(m);
        counts.push(n);
        tokens += n;
      }
      if (window.length >= config.triggerMessages) {
        const head = window[0]?.role === 'system' ? 1 : 0;
        const cut = cutPoint(window, head, config.keepMessages);
        if (cut > head) {
          prunes += 1;
          const gone = window.splice(head, cut - head);
          for (const n of counts.splice(head, cut - head)) tokens -= n;
          for (const m of gone) archive.push(m);
          const marker = archivedMarker(prunes, gone);
          window.splice(head, 0, marker);
          counts.splice(head, 0, approximateTokens(marker));
          tokens += counts[head] as number;
        }
      }
      return { view: window.slice(), record: { retained: archive, offloaded: [], metadata: { tokens, prunes, archived: archive.length } } };
    },
  };
}

export const flatWindowAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'bench-flat-window',
  version: '0.1.0',
  description: 'In-repo benchmark subject: window pruner that counts each message once (running token total) and archives behind a marker; flat per turn',
  package: 'prunecheck (in-repo, benchmark subject)',
  invariants: [],
  create: (_model, config) => createFlatWindow(config),
};

export default flatWindowAdapter;
