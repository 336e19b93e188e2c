// A purpose-built protocol 1.1 child for the step and batch tests: its runtime answers every operation
// `absent` for its span (a compaction evicts 'x'), observes every id as unknown, and misbehaves as argv[2] says
// at the step numbered argv[3] (default 1). Every method it is sent is appended, one per line, to argv[4].
//   node stepChild.mjs <fault> [atStep] [methodLog]
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [fault = 'none', atArg = '1', log] = process.argv.slice(2);
const at = Number(atArg);
const ops = ['append', 'persist', 'rotate', 'edit', 'prune', 'summarize', 'reframe', 'compact', 'restore', 'lookup', 'claim', 'callTool', 'setVersion'];
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
let steps = 0;
let resets = 0;

const observe = (spanId) => ({ spanId });
function outcomeOf(op) {
  if (op.kind === 'compact') return { kind: 'compacted', evicted: [{ spanId: 'x', mode: 'lossy' }], refused: [] };
  // After the first episode, a nondeterministic child names another span.
  const spanId = fault === 'nondeterministic' && resets > 1 ? 'elsewhere' : (op.spanId ?? op.span?.id ?? 'none');
  return { kind: 'absent', spanId };
}

/** One step's answer, or its error entry. */
function step(params) {
  steps += 1;
  const before = params.before.map(observe);
  if (steps === at && fault === 'misuse-before') return { error: { kind: 'misuse', code: 'UNKNOWN_ID', message: 'never appended', before } };
  if (steps === at && fault === 'misuse-no-before') return { error: { kind: 'misuse', code: 'UNKNOWN_ID', message: 'never appended' } };
  const outcome = outcomeOf(params.operation);
  const extra = outcome.kind === 'compacted' && fault !== 'after-short' ? ['x'] : [];
  const answer = { before, outcome, after: [...params.after, ...extra].map(observe) };
  return params.request === undefined ? answer : { ...answer, request: null };
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const { id, method, params } = JSON.parse(line);
  if (log !== undefined) appendFileSync(log, `${method}\n`);
  if (method === 'hello') return send({ id, result: { protocol: 1, minor: 1, name: 'stepper', version: '1', capabilities: { operations: ops, invariants: ['INV-04'] }, reset: true } });
  if (method === 'reset') {
    resets += 1;
    steps = 0;
    return send({ id, result: {} });
  }
  if (method === 'step') {
    const answer = step(params);
    return send('error' in answer ? { id, error: answer.error } : { id, result: answer });
  }
  if (method === 'batch') {
    if (fault === 'batch-exit') process.exit(5);
    if (fault === 'batch-bad') return send({ id, result: { steps: 'nope' } });
    const answers = [];
    for (const params2 of params.steps) {
      answers.push(step(params2));
      if ('error' in answers.at(-1)) break;
    }
    return send({ id, result: { steps: answers } });
  }
  if (method === 'apply') return send({ id, result: { outcome: outcomeOf(params.operation) } });
  if (method === 'observe') return send({ id, result: params.spanIds.map(observe) });
  if (method === 'request') return send({ id, result: null });
});
