import type { PolicyAdapter, PolicyConfig } from '../../adapters/policy/PolicyAdapter.ts';
import { evaluatePolicyRun } from '../../check/policy/evaluatePolicyRun.ts';
import { buildConversation } from '../../gen/policy/buildConversation.ts';
import type { PolicyCase, TurnSpec } from '../../gen/policy/PolicyCase.ts';
import { messageSize } from '../../adapters/policy/PolicyMessage.ts';
import { TOKEN_BUDGET_RANGE } from '../../gen/policy/tokenBudgets.ts';
import type { InvariantId } from '../../model/invariants.ts';
import { runPolicyCase, type PolicyRunOptions } from './runPolicyCase.ts';

/** The most extra runs one simplification may make: a slow library's finding is reported shrunk as far as this goes. */
export const SIMPLIFY_MAX_RUNS = 1_500;

/** What a shrunk counterexample is measured by: the messages a case feeds the pruner, then their characters. */
export function fedMessages(c: PolicyCase): number {
  return buildConversation(c).rounds.reduce((n, round) => n + round.length, 0);
}

function fedSize(c: PolicyCase): readonly [number, number] {
  const fed = buildConversation(c).rounds.flat();
  return [fed.length, fed.reduce((n, m) => n + messageSize(m), 0)];
}

/** The plainest turns, which a turn of any kind may become: a note, a statement, one read-only call. */
const PLAIN_TURNS: readonly TurnSpec[] = [
  { kind: 'assistant-text' },
  { kind: 'user-statement' },
  { kind: 'tool-calls', calls: [{ tool: 'read_log', fails: false, retried: false }] },
];

/** Every message-budget pair the generator can draw (keep 1–4, trigger keep + 2 … 8), smallest first. */
function messageBudgets(): { triggerMessages: number; keepMessages: number }[] {
  const out: { triggerMessages: number; keepMessages: number }[] = [];
  for (let keepMessages = 1; keepMessages <= 4; keepMessages += 1) for (let triggerMessages = keepMessages + 2; triggerMessages <= 8; triggerMessages += 1) out.push({ triggerMessages, keepMessages });
  return out.sort((a, b) => a.triggerMessages - b.triggerMessages || a.keepMessages - b.keepMessages);
}

/**
 * fast-check shrinks one field at a time, so a finding that needs the conversation and the budgets to shrink
 * together stops at a local minimum: a cut between a call and its result at trigger 5, keep 3 needs two more
 * messages than at trigger 3, keep 1, and removing a turn alone, or lowering the budgets alone, makes the
 * finding vanish (a shrunk counterexample kept 17 messages where 3 suffice, issue 27). So after fast-check,
 * this tries each turn removed (and one round fewer) together with every smaller budget, keeps the first
 * candidate that still breaks `invariant` with fewer messages fed, and repeats until none does.
 */
export async function simplifyPolicyCase(adapter: PolicyAdapter, c: PolicyCase, invariant: InvariantId, options: PolicyRunOptions = {}): Promise<PolicyCase> {
  let best = c;
  let bestSize = fedSize(c);
  let runs = 0;
  const breaks = async (candidate: PolicyCase): Promise<boolean> => {
    runs += 1;
    const run = await runPolicyCase(adapter, candidate, options);
    return run.timedOut === undefined && evaluatePolicyRun(run, invariant)?.invariant === invariant;
  };
  for (let improved = true; improved && runs < SIMPLIFY_MAX_RUNS; ) {
    improved = false;
    for (const candidate of candidates(best)) {
      if (runs >= SIMPLIFY_MAX_RUNS) break;
      const size = fedSize(candidate);
      const order = size[0] - bestSize[0] || size[1] - bestSize[1];
      if (order > 0 || (order === 0 && !smallerConfig(candidate.config, best.config))) continue;
      if (await breaks(candidate)) {
        best = candidate;
        bestSize = size;
        improved = true;
        break;
      }
    }
  }
  return best;
}

/**
 * Smaller cases than `c`: a turn fewer or a round fewer, then a turn made plain (a large read, a retried call,
 * a reasoning item become a note, a statement or one read), each with every budget at most as large; then
 * smaller budgets alone. fast-check never changes a turn's kind (`oneof` does not shrink across its choices).
 */
function* candidates(c: PolicyCase): Generator<PolicyCase> {
  const configs = messageBudgets()
    .filter((m) => m.triggerMessages <= c.config.triggerMessages)
    .flatMap((m) => tokenOptions(c.config).map((t) => ({ ...m, ...t })));
  const shorter: PolicyCase[] = [
    ...c.turns.map((_, i) => ({ ...c, turns: c.turns.filter((_t, j) => j !== i), rounds: Math.min(c.rounds, Math.max(1, c.turns.length - 1)) })).filter((x) => x.turns.length > 0),
    ...(c.rounds > 1 ? [{ ...c, rounds: c.rounds - 1 }] : []),
  ];
  const plainer: PolicyCase[] = c.turns.flatMap((turn, i) =>
    PLAIN_TURNS.filter((plain) => JSON.stringify(plain) !== JSON.stringify(turn)).map((plain) => ({ ...c, turns: c.turns.map((t, j) => (j === i ? plain : t)) })),
  );
  for (const s of [...shorter, ...plainer]) for (const config of [c.config, ...configs]) yield { ...s, config };
  for (const config of configs) yield { ...c, config };
}

/** The case's token budgets, or the smallest ones the generator draws. */
function tokenOptions(config: PolicyConfig): { triggerTokens?: number; keepTokens?: number }[] {
  const own = config.triggerTokens === undefined || config.keepTokens === undefined ? {} : { triggerTokens: config.triggerTokens, keepTokens: config.keepTokens };
  const least = { triggerTokens: TOKEN_BUDGET_RANGE.trigger.min, keepTokens: TOKEN_BUDGET_RANGE.keep.min };
  return own.triggerTokens === least.triggerTokens && own.keepTokens === least.keepTokens ? [own] : [own, least];
}

function smallerConfig(a: PolicyConfig, b: PolicyConfig): boolean {
  const key = (x: PolicyConfig): number[] => [x.triggerMessages, x.keepMessages, x.triggerTokens ?? 0, x.keepTokens ?? 0];
  const [ka, kb] = [key(a), key(b)];
  for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return (ka[i] as number) < (kb[i] as number);
  return false;
}
