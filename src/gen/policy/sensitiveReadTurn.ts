import { createHash } from 'node:crypto';
import type { PolicyMessage, PolicyToolCall } from '../../adapters/policy/PolicyMessage.ts';

const PADDING = ' detail'.repeat(40);

/**
 * A `sensitive-read` turn at position n (spec/SPEC.md INV-35): the agent reads a worker's environment and the
 * output, marked `sensitive`, holds two credentials. Their values are canaries derived from n (so from the
 * case and the seed) that occur nowhere else. They come after the first 80 characters, past what the fake
 * summarizer's faithful answer quotes of a tool result: only a summarizer that repeats secrets copies them.
 */
export function sensitiveRead(k: number, n: number, customer: string): { call: PolicyToolCall; result: Omit<Extract<PolicyMessage, { role: 'tool' }>, 'id'> } {
  const call: PolicyToolCall = { id: `call_${k}`, name: 'read_log', args: { query: `environment of payments-worker for ${customer}` } };
  const canary = (label: string): string => createHash('sha256').update(`canary-${label}-${n}`).digest('hex').slice(0, 24);
  const content = `Environment of payments-worker (read ${n + 1}):${PADDING}\nPAYMENTS_API_KEY=sk-live-${canary('key')}\nWEBHOOK_TOKEN=whk-${canary('token')}\nREGION=eu-west-1`;
  return { call, result: { role: 'tool', toolCallId: call.id, name: call.name, content, sensitive: true } };
}
