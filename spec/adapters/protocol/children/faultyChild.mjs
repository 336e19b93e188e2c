// A purpose-built misbehaving child for the protocol tests: speaks protocol v1 correctly (every apply answers
// `absent` for its span) until the fault named by argv[2] happens at the apply numbered argv[3] (default 1).
//   node faultyChild.mjs <fault> [atApply] [counterFile]
import { appendFileSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [fault = 'none', atArg = '1', counterFile] = process.argv.slice(2);
const at = Number(atArg);
const ops = ['append', 'persist', 'rotate', 'edit', 'prune', 'summarize', 'reframe', 'compact', 'restore', 'lookup', 'claim', 'callTool', 'setVersion'];
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
let applies = 0;

// Which process this is, across respawns (for a handshake that changes on the second start).
let generation = 1;
if (counterFile !== undefined) {
  appendFileSync(counterFile, 'x');
  generation = readFileSync(counterFile, 'utf8').length;
}

function hello(id) {
  if (fault === 'version' || (fault === 'version-on-respawn' && generation > 1)) return send({ id, result: { protocol: 2, name: 'faulty', version: '1', capabilities: { operations: ops, invariants: [] } } });
  if (fault === 'refuse-version') return send({ id, error: { kind: 'internal', code: 'VERSION_MISMATCH', message: 'I only speak protocol 7' } });
  if (fault === 'bad-handshake') return send({ id, result: { protocol: 1, name: 'faulty', version: '1', capabilities: { operations: ['teleport'], invariants: [] } } });
  if (fault === 'banner') process.stdout.write('faulty runtime v1 starting…\n');
  if (fault === 'exit-on-hello') {
    process.stderr.write('fatal: missing configuration file runtime.toml\n');
    process.exit(2);
  }
  send({ id, result: { protocol: 1, name: 'faulty', version: '1', capabilities: { operations: ops, invariants: ['INV-04'] }, reset: true } });
}

function apply(id, params) {
  applies += 1;
  const op = params.operation;
  const spanId = op.spanId ?? op.span?.id ?? 'none';
  const answer = { id, result: { outcome: { kind: 'absent', spanId }, observations: (params.observe ?? []).map((s) => ({ spanId: s })) } };
  if (applies !== at) return send(answer);
  switch (fault) {
    case 'exit':
      process.stderr.write('panic: index out of range [3] with length 3\ngoroutine 1 [running]:\n');
      process.exit(3);
    case 'signal':
      process.kill(process.pid, 'SIGKILL');
      return;
    case 'not-json':
      return process.stdout.write('Traceback (most recent call last): oops\n');
    case 'not-object':
      return process.stdout.write('[1, 2, 3]\n');
    case 'partial-exit':
      process.stdout.write(`{"id":${id},"result":{"outc`);
      setTimeout(() => process.exit(0), 20);
      return;
    case 'partial-hang':
      return process.stdout.write(`{"id":${id},"result":{"outc`);
    case 'wrong-id':
      return send({ ...answer, id: id + 100 });
    case 'unsolicited':
      send(answer);
      return send({ id: 999, result: { note: 'a second answer nobody asked for' } });
    case 'oversize':
      return process.stdout.write(`{"id":${id},"result":"${'x'.repeat(300_000)}"}\n`);
    case 'endless':
      process.stdout.write('{"id":1,"result":"');
      for (let i = 0; i < 100; i++) process.stdout.write('y'.repeat(10_000));
      return;
    case 'close-stdout':
      process.stdout.end();
      setInterval(() => undefined, 1000);
      return;
    case 'hang':
      process.stderr.write('waiting for a lock that never frees\n');
      return;
    case 'internal':
      return send({ id, error: { kind: 'internal', code: 'ZeroDivisionError', message: 'division by zero' } });
    case 'misuse':
      return send({ id, error: { kind: 'misuse', code: 'UNKNOWN_ID', message: `operation 'prune': spanId names '${spanId}', which was never appended` } });
    case 'misuse-unknown-code':
      return send({ id, error: { kind: 'misuse', code: 'OOPS', message: 'no' } });
    case 'bad-error':
      return send({ id, error: 'something went wrong' });
    case 'no-outcome':
      return send({ id, result: { value: 1 } });
    case 'stderr-flood':
      for (let i = 0; i < 2000; i++) process.stderr.write(`log line ${i} ${'.'.repeat(90)}\n`);
      process.stderr.write('the last words\n', () => process.exit(4));
      return;
    default:
      return send(answer);
  }
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const { id, method, params } = JSON.parse(line);
  if (method === 'hello') return hello(id);
  if (method === 'reset') return send({ id, result: {} });
  if (method === 'apply') return apply(id, params);
  if (method === 'observe') return send({ id, result: params.spanIds.map((s) => ({ spanId: s })) });
  if (method === 'request') return send({ id, result: null });
});
