import type { Operation } from '../model/Operation.ts';
import type { Outcome } from '../model/Outcome.ts';
import { ReferenceRuntime } from '../model/ReferenceRuntime.ts';
import type { Command } from './Command.ts';

/** A short episode touching every rule: rotation before a prune, lossy opt-in, duplicate retry, a gap claim. */
export const DEMO_EPISODE: readonly Operation[] = [
  { kind: 'append', span: { id: 'task', kind: 'raw', rawKind: 'user', content: 'user: fix the failing migration', persist: true } },
  { kind: 'callTool', signature: 'POST /migrations/run {"id":"m7"}', requestId: 'req-4711', retryAfter: 30 },
  { kind: 'append', span: { id: 'block_7', kind: 'raw', rawKind: 'error', content: 'ERROR 23505 duplicate key value violates unique constraint "users_email_key" (request req-4711, retry-after 30)', persist: true } },
  { kind: 'append', span: { id: 'count', kind: 'derived', content: 'errors so far: 1', sources: ['block_7'] } },
  { kind: 'summarize', summaryId: 'digest_7', sourceIds: ['block_7'], content: 'the migration failed due to a schema mismatch' },
  { kind: 'prune', spanId: 'count' },
  { kind: 'rotate', spanIds: ['block_7'] },
  { kind: 'prune', spanId: 'block_7', claimSafe: true },
  { kind: 'prune', spanId: 'block_7', acceptLossy: true },
  { kind: 'lookup', spanId: 'block_7' },
  { kind: 'lookup', spanId: 'block_8' },
  { kind: 'claim', claim: 'the violated constraint is users_email_key', requiredIds: ['block_7'] },
  { kind: 'claim', claim: 'the migration failed', requiredIds: ['digest_7'] },
  { kind: 'callTool', signature: 'POST /migrations/run {"id":"m7"}', requestId: 'req-4712' },
  { kind: 'prune', spanId: 'task' },
  { kind: 'lookup', spanId: 'task' },
];

/** One line per step: what was asked and what the reference runtime answered. */
export function describeStep(step: number, op: Operation, outcome: Outcome): string {
  const target = 'spanId' in op ? op.spanId : 'summaryId' in op ? op.summaryId : 'signature' in op ? op.signature : op.kind === 'append' ? op.span.id : '';
  const detail = JSON.stringify(outcome, (key, value: unknown) => (key === 'span' || key === 'tombstone' || key === 'check' ? undefined : value));
  return `${String(step).padStart(2)}  ${op.kind.padEnd(9)} ${target.padEnd(34)} → ${detail}`;
}

export const demoCommand: Command = {
  name: 'demo',
  summary: 'run the reference runtime through a short demonstration episode',
  usage: 'Usage: prunecheck demo\n\nRuns the reference runtime of spec/SPEC.md through a scripted episode and prints each outcome.',
  async run() {
    const runtime = new ReferenceRuntime({ capacity: 4096 });
    process.stdout.write('prunecheck demo: the reference runtime (spec/SPEC.md) through a scripted episode\n\n');
    DEMO_EPISODE.forEach((op, i) => {
      process.stdout.write(`${describeStep(i + 1, op, runtime.apply(op))}\n`);
    });
    process.stdout.write(`\nwindow: ${runtime.window.used}/${runtime.window.capacity} tokens, ${runtime.window.size} resident, ${runtime.tombstones.size} tombstones, ${runtime.log.size} log entries\n`);
    return 0;
  },
};
