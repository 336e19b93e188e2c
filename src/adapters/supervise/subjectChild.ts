import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PruningSystem } from '../Adapter.ts';
import { AdapterLoadError } from '../AdapterLoadError.ts';
import { importAdapterModule } from '../importAdapterModule.ts';
import type { FakeChatModel, PolicyAdapter, PolicySystem } from '../policy/PolicyAdapter.ts';
import { isPolicyAdapter, validatePolicyAdapter } from '../policy/validatePolicyAdapter.ts';
import { afterIds } from '../protocol/stepParams.ts';
import { validateAdapter } from '../validateAdapter.ts';
import type { Adapter } from '../Adapter.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { describeThrown } from '../../util/safeJson.ts';
import { toWire, type ExpectedMode, type FromChild, type LastWords, type SubjectDescriptor, type ToChild, type WireBatchEntry, type WireError, type WireSettled, type WireStep } from './wire.ts';
import type { PlannedStep } from './StepPlanner.ts';
import { LogSender } from './LogSender.ts';
import { copyAsSent } from './plainCopy.ts';
import { ObservationSender, type WireObserved } from './ObservationSender.ts';
import { deepFreeze } from '../../util/deepFreeze.ts';
import { callNow, setterOf, traceTimers } from './callbackOrigin.ts';

/**
 * The supervised adapter process: loads one adapter module (argv: its path, the mode expected) and serves its
 * adapter to prunecheck over the IPC channel (`SubjectProcess`). Whatever the adapter does to this process (exits,
 * throws from a timer, loops forever, never finishes loading) ends this process at most, never the checker:
 * the reason is written synchronously to fd 4 first, so it survives the exit.
 */
const LAST_WORDS_FD = 4;
const [path = '', expected = 'any'] = process.argv.slice(2) as [string?, ExpectedMode?];

function lastWords(words: LastWords): void {
  try {
    writeSync(LAST_WORDS_FD, `${JSON.stringify(words)}\n`);
  } catch {
    // prunecheck is gone: nobody is left to tell.
  }
}

/** The first frame of a stack that is not this file's nor Node's: where the adapter called from. */
function callerOf(stack: string | undefined): string {
  const self = [import.meta.url, fileURLToPath(import.meta.url)];
  const frame = (stack ?? '').split('\n').slice(1).map((line) => line.trim()).find((line) => !self.some((s) => line.includes(s)) && !line.includes('node:'));
  return frame === undefined ? 'unknown' : frame.replace(/^at /, '');
}

// `process.exit` in adapter code ends this process only; say where it was called before it does.
const exit = process.exit.bind(process);
process.exit = ((code?: number | string | null) => {
  lastWords({ kind: 'exit', code: Number(code ?? process.exitCode ?? 0), where: callerOf(new Error().stack) });
  return exit(code as number);
}) as typeof process.exit;
for (const origin of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(origin, (error: unknown) => {
    // The adapter's frames, not this file's, Node's internals or the timer tracing's.
    const own = [import.meta.url, fileURLToPath(import.meta.url), 'callbackOrigin.'];
    const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => !own.some((s) => line.includes(s)) && !line.includes('node:internal')).join('\n') : undefined;
    const detail = stack ?? describeThrown(error);
    // A timer's callback: the call that set it, and whether its system has been closed since (an earlier run's).
    const by = setterOf(error);
    lastWords({ kind: 'crash', origin, detail, ...(by === undefined ? {} : { setBy: { step: by.step, earlier: !open.has(by.sys) } }) });
    exit(70);
  });
}
// Before the adapter's module loads: every timer it sets remembers the call that set it.
traceTimers();
// prunecheck went away (killed, or closed the channel): nothing more will be asked.
process.on('disconnect', () => exit(0));

function send(message: FromChild): void {
  try {
    process.send?.(message);
  } catch (error: unknown) {
    // An answer that cannot be cloned (a function, a class with private state): say so instead.
    if (message.t !== 'ok') throw error;
    process.send?.({ t: 'err', id: message.id, error: { kind: 'error', name: 'DataCloneError', message: `its answer cannot cross the process boundary (${describeThrown(error)}); answer plain data (objects, arrays, strings, numbers), or run it with --in-process` } } satisfies FromChild);
  }
}

let loading = true;
// While the module loads, the channel does not keep this process alive: a top-level await that waits on
// nothing leaves the event loop empty, which is how it is told apart from one that waits on something.
process.channel?.unref();
process.on('beforeExit', () => {
  if (!loading) return;
  lastWords({ kind: 'stuck' });
  exit(13);
});

async function load(): Promise<Adapter | PolicyAdapter> {
  const { path: resolved, value } = await importAdapterModule(path);
  if (expected === 'policy' || (expected === 'any' && isPolicyAdapter(value))) return validatePolicyAdapter(value, resolved);
  return validateAdapter(value, resolved);
}

function describe(adapter: Adapter | PolicyAdapter): SubjectDescriptor {
  if (isPolicyAdapter(adapter)) {
    const { create: _create, ...fields } = adapter;
    return { mode: 'policy', adapter: structuredClone(fields) as Record<string, unknown> };
  }
  const { name, version, description, capabilities } = adapter;
  return { mode: 'runtime', adapter: { name, version, ...(typeof description === 'string' ? { description } : {}), capabilities: structuredClone(capabilities) } };
}

const systems = new Map<number, PruningSystem | PolicySystem>();
/** Systems created and not closed: their runs are running (a timer a closed one set is an earlier run's). */
const open = new Set<number>();

/** What the child keeps of a runtime system's run: the operations it was given, by step, its log and observations as last sent. */
interface Run {
  readonly steps: Map<object, number>;
  count: number;
  readonly log: LogSender;
  observations: ObservationSender;
}
const runs = new Map<number, Run>();

function runOf(sys: number): Run {
  let run = runs.get(sys);
  if (run === undefined) {
    const steps = new Map<object, number>();
    run = { steps, count: 0, log: new LogSender(steps), observations: new ObservationSender() };
    runs.set(sys, run);
  }
  return run;
}

/**
 * An operation the system is about to be given, frozen as the engine freezes its own before an in-process adapter
 * sees it (a write to it fails there as here), and counted: a log entry naming this very object crosses as its step.
 */
function given(sys: number, op: unknown): void {
  const run = runOf(sys);
  deepFreeze(op);
  if (typeof op === 'object' && op !== null && !run.steps.has(op)) run.steps.set(op, run.count);
  run.count += 1;
  callNow({ sys, step: run.count });
}
/** Systems being created: what a message for one waits on when it came right behind its create. */
const created = new Map<number, Promise<unknown>>();
const modelCalls = new Map<number, { resolve: (text: string) => void; reject: (error: unknown) => void }>();
/** Errors the model proxy rejected with: passed through by the adapter, they are the fake model's, not its own. */
const outages = new WeakMap<object, number>();
let nextCall = 1;

function wire(thrown: unknown): WireError {
  const call = typeof thrown === 'object' && thrown !== null ? outages.get(thrown) : undefined;
  return call === undefined ? toWire(thrown) : { kind: 'outage', call };
}

/** The fake chat model of one policy system: each `complete` is answered by prunecheck's model. */
function modelFor(sys: number, contextChars: number | undefined): FakeChatModel {
  return {
    ...(contextChars === undefined ? {} : { contextChars }),
    complete(prompt: string): Promise<string> {
      const call = nextCall++;
      return new Promise((resolve, reject) => {
        modelCalls.set(call, { resolve, reject });
        send({ t: 'complete', sys, call, prompt: String(prompt) });
      });
    },
  };
}

async function settled(value: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: WireError }> {
  try {
    return { ok: true, value: await value };
  } catch (error: unknown) {
    return { ok: false, error: wire(error) };
  }
}

/**
 * A read of the system, copied when it answered (`copyAsSent`): a step's answer is sent with the batch's last,
 * and a module that answers its own live objects (an observation it updates in place, one array for every call)
 * would otherwise be judged on what they hold then, steps later, where in-process the engine reads them at once.
 */
async function read(value: unknown): Promise<WireSettled> {
  const answer = await settled(value);
  return answer.ok ? { ok: true, value: copyAsSent(answer.value) } : answer;
}

/**
 * An `observe(ids)` answer as it is sent, read now: in a batch (`sender`), as what changed since the last of each
 * id when it can be; else a copy (`copyAsSent`).
 */
function observation(ids: readonly string[], value: unknown, sender: ObservationSender | undefined): { readonly value?: unknown; readonly sent?: WireObserved } {
  const sent = sender?.encode(ids, value);
  return sent === undefined ? { value: copyAsSent(value) } : { sent };
}

/**
 * Observe before, apply, observe after and read the ledger: one engine step in one round trip. In a batch, the
 * observations are sent as what changed (`sender`); each answer is read as it is when the module gives it.
 */
async function step(system: PruningSystem, before: readonly string[], op: Operation, after: readonly string[], request: string | undefined, sender?: ObservationSender): Promise<WireStep> {
  let seen: { readonly value?: unknown; readonly sent?: WireObserved };
  let outcome: Outcome;
  if (system.step !== undefined) {
    const answer = await system.step(before, op, after);
    if (typeof answer !== 'object' || answer === null || !('outcome' in answer)) return { before: copyAsSent((answer as { before?: unknown } | null)?.before), thrown: wire((answer as { thrown?: unknown } | null)?.thrown) };
    seen = observation(before, answer.before, sender);
    outcome = copyAsSent(answer.outcome) as Outcome;
  } else {
    // Read before the operation is applied: it may change what the module answered.
    seen = before.length === 0 ? { value: [] } : observation(before, await system.observe(before), sender);
    try {
      outcome = copyAsSent(await system.apply(op)) as Outcome;
    } catch (error: unknown) {
      return { ...beforeOf(seen), thrown: wire(error) };
    }
  }
  const ids = afterIds(after, outcome);
  const observed = ids.length === 0 ? { ok: true as const, value: [] } : await settled(system.observe(ids));
  const shown = observed.ok && ids.length > 0 ? observation(ids, observed.value, sender) : undefined;
  const record = request === undefined || system.request === undefined ? undefined : await read(system.request(request));
  return { ...beforeOf(seen), outcome, afterIds: ids, ...(shown?.sent === undefined ? { after: shown === undefined ? observed : { ok: true, value: shown.value } } : { afterSent: shown.sent }), ...(record === undefined ? {} : { request: record }) };
}

function beforeOf(seen: { readonly value?: unknown; readonly sent?: WireObserved }): Pick<WireStep, 'before' | 'beforeSent'> {
  return seen.sent === undefined ? { before: seen.value } : { beforeSent: seen.sent };
}

/** The signature whose ledger record a step reads with it: a `callTool`'s. */
function requestOf(op: Operation): string | undefined {
  return op.kind === 'callTool' && typeof op.signature === 'string' ? op.signature : undefined;
}

/** A recheck's reads after a step of a batch, as the engine makes them, each as the system answered it; the first failure ends them. */
async function recheck(system: PruningSystem, run: Run, ids: readonly string[], signatures: readonly string[]): Promise<NonNullable<WireBatchEntry['recheck']>> {
  const answered = ids.length === 0 ? { ok: true as const, value: [] } : await settled(call(() => system.observe(ids)));
  const requests: (readonly [string, WireSettled])[] = [];
  if (!answered.ok) return { ids, observed: answered, requests };
  const shown = ids.length === 0 ? { value: [] } : observation(ids, answered.value, run.observations);
  const observed = shown.sent === undefined ? { ids, observed: { ok: true as const, value: shown.value } } : { ids, observed: { ok: true as const, value: [] }, observedSent: shown.sent };
  for (const signature of system.request === undefined ? [] : signatures) {
    const record = await read(call(() => system.request?.(signature)));
    requests.push([signature, record]);
    if (!record.ok) return { ...observed, requests };
  }
  if (system.auditLog === undefined) return { ...observed, requests };
  const log = await settled(call(() => system.auditLog?.()));
  const tail = log.ok ? run.log.encode(log.value) : undefined;
  return { ...observed, requests, ...(tail === undefined ? { auditLog: log } : { auditLogTail: tail }) };
}

/** A call whose synchronous throw becomes a rejection, as an awaited call's would. */
function call(run: () => unknown): Promise<unknown> {
  try {
    return Promise.resolve(run());
  } catch (error: unknown) {
    return Promise.reject(error);
  }
}

/**
 * A predicted stretch of a run in one message: each step as `step` runs it, and a recheck's reads where one
 * falls, in the order the engine would make them. It stops after a step that threw or failed, or a read that
 * failed: the engine's run would not go on as predicted past it; and after the step that reaches `until`, the
 * check's time limit. A beat every `beatMs` says it is still running.
 */
async function batch(system: PruningSystem, sys: number, steps: readonly PlannedStep[], beatMs: number, until: number | undefined, beat: (done: number) => void): Promise<WireBatchEntry[]> {
  const entries = await runBatch(system, sys, steps, beatMs, until, beat);
  // One turn of the event loop before answering: Node reports a promise the adapter rejected with nobody to catch
  // it only after the microtasks drain, and runs its `setImmediate` callbacks only then. A crash of either kind
  // then ends this process while the batch is running, so the engine finds it at its step, re-applying the steps
  // one round trip each, rather than at the next run's create with no step to blame (about 10 µs per batch).
  await new Promise<void>((resolve) => setImmediate(resolve));
  return entries;
}

async function runBatch(system: PruningSystem, sys: number, steps: readonly PlannedStep[], beatMs: number, until: number | undefined, beat: (done: number) => void): Promise<WireBatchEntry[]> {
  const entries: WireBatchEntry[] = [];
  const run = runOf(sys);
  let last = Date.now();
  for (const planned of steps) {
    let answer: WireStep;
    given(sys, planned.op);
    try {
      answer = await step(system, planned.before, planned.op, planned.after, requestOf(planned.op), run.observations);
    } catch (error: unknown) {
      entries.push({ failed: wire(error) });
      // What this step encoded is not sent: the engine will not hold it, so nothing sent before may be named.
      run.observations = new ObservationSender();
      break;
    }
    const reads = answer.thrown === undefined && answer.after?.ok !== false && answer.request?.ok !== false && planned.recheck !== undefined ? await recheck(system, run, planned.recheck.ids, planned.recheck.signatures) : undefined;
    const entry: WireBatchEntry = reads === undefined ? { step: answer } : { step: answer, recheck: reads };
    if (answer.thrown !== undefined || answer.after?.ok === false || answer.request?.ok === false) {
      entries.push(entry);
      break;
    }
    if (reads !== undefined && (!reads.observed.ok || reads.requests.some(([, r]) => !r.ok) || reads.auditLog?.ok === false)) {
      entries.push(entry);
      break;
    }
    if (planned.close === true) {
      // The run's last step: the engine closes the system next. Closed here, it costs the run no round trip; a
      // later 'close' for it (the engine left the plan, or took the answer) finds it closed and does nothing.
      systems.delete(sys);
      runs.delete(sys);
      open.delete(sys);
      entries.push({ ...entry, closed: await settled(call(() => system.close?.())) });
      break;
    }
    entries.push(entry);
    // The check's time limit: the engine stops at the next step, so running on would only overrun it.
    if (until !== undefined && Date.now() >= until) break;
    if (Date.now() - last >= beatMs) {
      beat(entries.length);
      last = Date.now();
    }
  }
  return entries;
}

async function serve(adapter: Adapter | PolicyAdapter, message: ToChild): Promise<unknown> {
  switch (message.t) {
    case 'create': {
      callNow({ sys: message.id, step: 0 });
      open.add(message.id);
      const creating = Promise.resolve(isPolicyAdapter(adapter) ? adapter.create(modelFor(message.id, message.model?.contextChars), message.config as never) : adapter.create(message.config as never));
      // A batch sent right behind its create (`Supervisor.createAndPlan`) waits for it.
      created.set(message.id, creating);
      const system = await creating;
      systems.set(message.id, system);
      const methods = typeof system === 'object' && system !== null ? ['apply', 'observe', 'request', 'auditLog', 'step', 'arrive', 'plan', 'close'].filter((m) => (system as unknown as Record<string, unknown>)[m] !== undefined) : [];
      // What create answered, when it is no system: the engine's check of it names what is wrong.
      return { methods, shape: typeof system === 'object' && system !== null ? Object.fromEntries(methods.map((m) => [m, typeof (system as unknown as Record<string, unknown>)[m]])) : system };
    }
    case 'batch':
      await created.get(message.sys)?.catch(() => undefined);
      created.delete(message.sys);
      return batch(systems.get(message.sys) as PruningSystem, message.sys, message.steps, message.beatMs, message.until, (done) => send({ t: 'beat', id: message.id, done }));
    case 'step':
      given(message.sys, message.op);
      return step(systems.get(message.sys) as PruningSystem, message.before, message.op as Operation, message.after, message.request);
    case 'call': {
      const system = systems.get(message.sys) as unknown as Record<string, (...args: unknown[]) => unknown> | undefined;
      if (message.method === 'close') {
        if (system === undefined) return undefined; // closed with its run's last step in a batch
        systems.delete(message.sys);
        runs.delete(message.sys);
        open.delete(message.sys);
      }
      if (message.method === 'apply') given(message.sys, message.args[0]);
      return (system as Record<string, (...args: unknown[]) => unknown>)[message.method]?.(...message.args);
    }
    case 'usage':
      return process.cpuUsage();
    case 'model':
      return undefined;
  }
}

function onMessage(adapter: Adapter | PolicyAdapter, message: ToChild): void {
  if (message.t === 'model') {
    const waiting = modelCalls.get(message.call);
    modelCalls.delete(message.call);
    if (message.ok) waiting?.resolve(message.value);
    else {
      const failure = Object.assign(new Error(message.error.kind === 'error' ? message.error.message : 'the model failed'), { name: message.error.kind === 'error' ? message.error.name : 'Error' });
      outages.set(failure, message.call);
      waiting?.reject(failure);
    }
    return;
  }
  void settled(serve(adapter, message)).then((answer) => send(answer.ok ? { t: 'ok', id: message.id, value: answer.value } : { t: 'err', id: message.id, error: answer.error }));
}

load().then(
  (adapter) => {
    loading = false;
    process.channel?.ref();
    process.on('message', (message: ToChild) => onMessage(adapter, message));
    send({ t: 'loaded', descriptor: describe(adapter) });
  },
  (error: unknown) => {
    loading = false;
    process.channel?.ref();
    const code = error instanceof AdapterLoadError ? error.code : 'IMPORT_FAILED';
    process.send?.({ t: 'load-failed', code, message: error instanceof Error ? error.message : describeThrown(error) } satisfies FromChild, () => exit(0));
  },
);
