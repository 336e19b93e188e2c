import type { SpanInput } from '../model/Span.ts';
import type { Driver } from './Driver.ts';
import type { Scenario } from './Scenario.ts';
import type { ProbeResult } from './ScenarioRun.ts';
import type { SimulatedModel } from './SimulatedModel.ts';

/** What a `need` probe left for a later `fix`: the value the agent now believes, and the truth. */
export interface Recall {
  readonly value: string | undefined;
  readonly truth: string;
  readonly probe: ProbeResult;
}

/** The state of one scenario run shared by the agent loop, the pruning pass and the probes. */
export interface RunContext {
  readonly scenario: Scenario;
  readonly driver: Driver;
  readonly model: SimulatedModel;
  readonly probes: ProbeResult[];
  readonly recalls: Map<string, Recall>;
  /** Spans whose prune the runtime refused: the model sees the rejection notice and does not retry. */
  readonly refused: Set<string>;
  /** A pass that could not reach the target is retried only once occupancy reaches this many tokens. */
  backoff: number;
}

/**
 * Appends a span; on `window-full` the agent accepts loss of its least relevant older raw span and retries
 * (what seed 002 option (b) lets a caller do), recording the prevented overflow (INV-13).
 */
export async function appendSpan(ctx: RunContext, turn: number, input: SpanInput & { readonly tokens: number }, gist: string | undefined): Promise<boolean> {
  const { driver } = ctx;
  driver.register({ id: input.id, turn, content: input.content, gist, kind: input.kind, ...(input.score === undefined ? {} : { score: input.score }) });
  const tried = new Set<string>();
  for (;;) {
    const outcome = await driver.apply({ kind: 'append', span: input }, turn);
    if (outcome === undefined) {
      if (driver.crash?.code === 'CONTEXT_OVERFLOW') {
        ctx.probes.push({ turn, failure: 'context-overflow', status: 'failed', mechanisms: [], detail: `appending ${input.id} (${input.tokens} tok) crashed the runtime: ${driver.crash.message}` });
      }
      return false;
    }
    if (outcome.kind !== 'window-full') return true;
    driver.note(turn, 'window-full', `append ${input.id} needs ${outcome.needed} tok, ${outcome.used}/${outcome.capacity} used: answered window-full`);
    if (!overflowProbedAt(ctx.probes, turn)) {
      ctx.probes.push({ turn, failure: 'context-overflow', status: 'prevented', mechanisms: ['INV-13'], detail: `append of ${input.id} answered window-full (${outcome.used}/${outcome.capacity}); the agent accepted loss and continued` });
    }
    const victim = lossyVictim(ctx, turn, tried);
    if (victim === undefined) {
      driver.note(turn, 'reject', `nothing left to give up; ${input.id} is dropped by the agent`);
      return false;
    }
    tried.add(victim);
    const pruned = await driver.apply({ kind: 'prune', spanId: victim, acceptLossy: true }, turn);
    if (pruned?.kind === 'rejected') driver.note(turn, 'reject', `prune ${victim} acceptLossy rejected: ${pruned.reason}`);
  }
}

/**
 * Whether this turn already has its context-overflow probe. Probes are recorded turn by turn, so only this
 * turn's, at the end, are looked at: scanning them all made a scenario at the ceiling quadratic.
 */
function overflowProbedAt(probes: readonly ProbeResult[], turn: number): boolean {
  for (let i = probes.length - 1; i >= 0 && (probes[i] as ProbeResult).turn >= turn; i -= 1) {
    const p = probes[i] as ProbeResult;
    if (p.turn === turn && p.failure === 'context-overflow') return true;
  }
  return false;
}

function lossyVictim(ctx: RunContext, turn: number, tried: ReadonlySet<string>): string | undefined {
  let best: { id: string; score: number } | undefined;
  for (const view of ctx.driver.residents()) {
    const meta = ctx.driver.meta.get(view.id);
    if (meta === undefined || meta.kind !== 'raw' || tried.has(view.id) || meta.turn > turn - ctx.scenario.model.keepRecent) continue;
    if (best === undefined || view.score < best.score) best = { id: view.id, score: view.score };
  }
  return best?.id;
}
