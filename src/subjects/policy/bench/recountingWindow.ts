import type { PolicyAdapter, PolicyConfig, PolicySystem } from '../../../adapters/policy/PolicyAdapter.ts';
import type { PolicyMessage } from '../../../adapters/policy/PolicyMessage.ts';
import { approximateTokens } from './approximateTokens.ts';
import { archivedMarker, cutPoint } from './cutPoint.ts';

/**
 * A window pruner as many are written: it keeps the whole conversation (as an agent framework's state does) and
 * on every call re-counts the tokens of all of it, then trims it to the last `keepMessages` behind a marker once
 * it holds `triggerMessages`. Each call reads the whole history, so its cost per turn grows with the
 * conversation and an episode of N turns costs N². Made for `prunecheck bench`: the quadratic one of the two
 * pruners the growth verdict is tested on (spec/run/bench/growthVerdict.soak.test.ts).
 */
export function createRecountingWindow(config: PolicyConfig): PolicySystem {
  const history: PolicyMessage[] = [];
  let prunes = 0;
  return {
    step(incoming) {
      for (const m of incoming) history.push(m);
      let tokens = 0;
      for (const m of history) tokens += approximateTokens(m);
      if (history.length < config.triggerMessages) return { view: history.slice(), record: { retained: history, offloaded: [], metadata: { tokens, prunes } } };
      const head = history[0]?.role === 'system' ? 1 : 0;
      const cut = cutPoint(history, head, config.keepMessages);
      prunes += 1;
      const view = cut > head ? [...history.slice(0, head), archivedMarker(prunes, history.slice(head, cut)), ...history.slice(cut)] : history.slice();
      return { view, record: { retained: history, offloaded: [], metadata: { tokens, prunes } } };
    },
  };
}

export const recountingWindowAdapter: PolicyAdapter = {
  kind: 'policy',
  name: 'bench-recounting-window',
  version: '0.1.0',
  description: 'In-repo benchmark subject: keeps the whole conversation and re-counts all its tokens on every call, then trims; linear per turn, quadratic per episode',
  package: 'prunecheck (in-repo, benchmark subject)',
  invariants: [],
  create: (_model, config) => createRecountingWindow(config),
};

export default recountingWindowAdapter;
