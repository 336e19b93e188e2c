import type { PolicyAdapter, PolicyMessage } from 'prunecheck';

// Stand-in for your pruner: keep the system message and the last `keep` messages; archive the rest.
function prune(messages: PolicyMessage[], keep: number, archive: PolicyMessage[]): PolicyMessage[] {
  const system = messages[0]?.role === 'system' ? messages.slice(0, 1) : [];
  const rest = messages.slice(system.length);
  let cut = Math.max(0, rest.length - keep);
  while (cut > 0 && rest[cut]?.role === 'tool') cut -= 1; // never part a tool call from its result
  archive.push(...rest.slice(0, cut));
  return [...system, ...rest.slice(cut)];
}

const adapter: PolicyAdapter = {
  kind: 'policy',
  name: 'keep-last',
  version: '1.0.0',
  description: 'keeps the system message and the last N messages; archives the rest',
  package: 'my-app',
  invariants: ['INV-01', 'INV-03', 'INV-04', 'INV-05', 'INV-09', 'INV-16', 'INV-17', 'INV-18', 'INV-19'],
  create(_model, config) {
    let history: PolicyMessage[] = [];
    const archive: PolicyMessage[] = [];
    return {
      step(incoming) {
        history = [...history, ...incoming];
        if (history.length >= config.triggerMessages) history = prune(history, config.keepMessages, archive);
        return { view: history, record: { retained: [...archive], offloaded: [], metadata: {} } };
      },
    };
  },
};
export default adapter;
