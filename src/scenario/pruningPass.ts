import type { RunContext } from './RunContext.ts';

/**
 * The pruning pass that runs when occupancy reaches the trigger (85 % in seed 000). With `summarize-span`,
 * the model summarizes the run of `spanTurns` resident raw spans starting at its least relevant one into a
 * `summaryTokens` digest and prunes the run (seed 000 turn 55: "replaced a 12-turn span with a 200-token
 * summary"), until occupancy is at the target or nothing is left to try. With `compact`, the runtime's own
 * retention policy evicts below `compactThreshold` (seed 001). A pass that cannot reach the target backs off
 * until occupancy grows by another 5 % of capacity, as the model does not re-issue refused directives.
 */
export async function pruningPass(ctx: RunContext, turn: number): Promise<void> {
  const { driver, scenario } = ctx;
  const { capacity, trigger } = scenario.window;
  if (driver.used < trigger * capacity || driver.used < ctx.backoff) return;
  driver.note(turn, 'pass', `occupancy ${pct(driver.used, capacity)} ≥ ${pct(trigger * capacity, capacity)}: pruning pass (${scenario.model.pass})`);
  if (scenario.model.pass === 'compact') await compactPass(ctx, turn);
  else await summarizePass(ctx, turn);
  ctx.backoff = driver.used >= trigger * capacity ? driver.used + 0.05 * capacity : 0;
}

async function compactPass(ctx: RunContext, turn: number): Promise<void> {
  const outcome = await ctx.driver.apply({ kind: 'compact', threshold: ctx.scenario.model.compactThreshold ?? 0 }, turn);
  if (outcome?.kind !== 'compacted') return;
  for (const id of outcome.refused) {
    ctx.driver.addEvidence(id, 'compact-refused');
    ctx.driver.note(turn, 'reject', `compact refused to evict ${id}`);
  }
}

async function summarizePass(ctx: RunContext, turn: number): Promise<void> {
  const { driver, scenario } = ctx;
  const goal = scenario.window.target * scenario.window.capacity;
  const tried = new Set<string>();
  for (let k = 0; driver.used > goal && driver.crash === undefined; k += 1) {
    const run = nextRun(ctx, turn, tried);
    if (run.length === 0) return;
    for (const id of run) tried.add(id);
    const freed = await summarizeAndPrune(ctx, turn, k === 0 ? `s${turn}` : `s${turn}-${k}`, run);
    // The refusal is surfaced in the window: the model stops this pass rather than keep adding digests.
    if (freed === 0) return;
  }
}

/** Writes the gist summary of `sources` under `summaryId` (the sources stay resident). */
export async function writeSummary(ctx: RunContext, turn: number, summaryId: string, sources: readonly string[], tokens: number): Promise<void> {
  const { driver, model } = ctx;
  const first = driver.meta.get(sources[0] as string);
  const last = driver.meta.get(sources[sources.length - 1] as string);
  const unit = ctx.scenario.unit;
  const label = first?.turn === last?.turn ? `${unit} ${first?.turn}` : `${unit}s ${first?.turn}–${last?.turn}`;
  const content = model.summarize(sources.map((id) => ({ id, content: driver.meta.get(id)?.content ?? '', gist: driver.meta.get(id)?.gist })), label);
  driver.register({ id: summaryId, turn, content, gist: undefined, kind: 'summary' });
  const mark = driver.entries.length;
  const outcome = await driver.apply({ kind: 'summarize', summaryId, sourceIds: sources, content, tokens, score: model.summaryScore() }, turn);
  const fabricated = model.fabricationsFor(sources.map((id) => ({ id }))).map((f) => ` FABRICATED: "${f.claim}"`).join('');
  if (outcome?.kind === 'summarized') driver.note(turn, 'summary', `${summaryId} (${tokens} tok) summarizes ${sources.length === 1 ? sources[0] : `${sources[0]}…${sources[sources.length - 1]} (${sources.length} spans)`}: "${clip(content)}"${fabricated}`, mark);
  else if (outcome !== undefined) driver.note(turn, 'reject', `summarize ${summaryId} answered ${outcome.kind}`);
}

/** Summarizes `sources`, then prunes each (gated by the runtime, not the model); answers how many left. */
export async function summarizeAndPrune(ctx: RunContext, turn: number, summaryId: string, sources: readonly string[], tokens = ctx.scenario.model.summaryTokens): Promise<number> {
  const { driver } = ctx;
  await writeSummary(ctx, turn, summaryId, sources, tokens);
  let freed = 0;
  for (const id of sources) {
    const pruned = await driver.apply({ kind: 'prune', spanId: id }, turn);
    if (pruned?.kind === 'rejected') {
      ctx.refused.add(id);
      driver.addEvidence(id, 'prune-rejected');
      const check = pruned.check === undefined ? '' : ` (existence ${pruned.check.existence}, addressable ${pruned.check.addressable}, provenance ${pruned.check.provenance})`;
      driver.note(turn, 'reject', `prune ${id} rejected: ${pruned.reason}${check}`);
    } else if (pruned?.kind === 'evicted') freed += 1;
  }
  return freed;
}

/** The run of `spanTurns` resident raw spans starting at the least relevant eligible one, in window order. */
function nextRun(ctx: RunContext, turn: number, tried: ReadonlySet<string>): string[] {
  const { driver, scenario } = ctx;
  const eligible = driver.residents().filter((view) => {
    const meta = driver.meta.get(view.id);
    return meta?.kind === 'raw' && meta.turn <= turn - scenario.model.keepRecent && !tried.has(view.id) && !ctx.refused.has(view.id);
  });
  let start = -1;
  eligible.forEach((view, i) => {
    if (start < 0 || view.score < (eligible[start]?.score ?? Infinity)) start = i;
  });
  if (start < 0) return [];
  return eligible.slice(start, start + (scenario.model.spanTurns ?? 1)).map((view) => view.id);
}

export function pct(used: number, capacity: number): string {
  return `${((100 * used) / capacity).toFixed(1)}%`;
}

export function clip(text: string, max = 90): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
