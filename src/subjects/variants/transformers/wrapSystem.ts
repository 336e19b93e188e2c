import type { Adapter, PruningSystem } from '../../../adapters/Adapter.ts';
import type { Outcome, RequestRecord } from '../../../model/Outcome.ts';
import type { SpanObservation } from '../../../model/RuntimeConfig.ts';

/**
 * How a transformer rewrites what a runtime answers: each hook sees one answer and returns the one the wrapped
 * runtime reports instead. A hook left out passes the answer through.
 */
export interface AnswerRewrite {
  readonly outcome?: (outcome: Outcome) => Outcome;
  readonly observation?: (observation: SpanObservation) => SpanObservation;
  readonly record?: (record: RequestRecord) => RequestRecord;
}

/**
 * Wraps any runtime adapter so that every answer goes through `rewrite`, made fresh for each system (a rewrite may
 * keep state across one episode, such as a renaming table). The wrapped adapter claims what the inner one claims;
 * the combined `step` and `plan` are left out so every answer passes through the hooks.
 */
export function wrapSystem(inner: Adapter, name: string, description: string, rewrite: () => AnswerRewrite): Adapter {
  return {
    name,
    version: inner.version,
    description,
    capabilities: inner.capabilities,
    async create(config) {
      const system = await inner.create(config);
      const hooks = rewrite();
      const outcome = hooks.outcome ?? ((o: Outcome) => o);
      const observation = hooks.observation ?? ((o: SpanObservation) => o);
      const record = hooks.record ?? ((r: RequestRecord) => r);
      const wrapped: PruningSystem = {
        apply: async (op) => outcome(await system.apply(op)),
        observe: async (ids) => (await system.observe(ids)).map(observation),
        ...(system.request === undefined ? {} : { request: async (signature: string) => {
          const found = await (system.request as NonNullable<PruningSystem['request']>)(signature);
          return found === undefined ? undefined : record(found);
        } }),
        ...(system.auditLog === undefined ? {} : { auditLog: async () => {
          const entries = await (system.auditLog as NonNullable<PruningSystem['auditLog']>)();
          return entries.map((entry) => ({ ...entry, outcome: outcome(entry.outcome) }));
        } }),
        ...(system.close === undefined ? {} : { close: () => (system.close as NonNullable<PruningSystem['close']>)() }),
      };
      return wrapped;
    },
  };
}
