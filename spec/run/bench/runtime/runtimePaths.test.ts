import { afterEach, describe, expect, it } from 'vitest';
import type { Adapter } from '../../../../src/adapters/Adapter.ts';
import { OPERATION_KINDS } from '../../../../src/model/Operation.ts';
import { Rng } from '../../../../src/run/bench/Rng.ts';
import { RuntimeWindow } from '../../../../src/run/bench/runtime/RuntimeWindow.ts';
import { RUNTIME_PATHS, runtimePaths } from '../../../../src/run/bench/runtime/runtimePaths.ts';
import { findBuiltin } from '../../../../src/subjects/builtins.ts';
import { rewritesAnswers } from '../../../helpers/rewritesAnswers.ts';

// The runtime-mode paths of `prunecheck bench`, each prepared, run and verified once on a small window (untimed):
// every path's operations get the answer it measures from the reference, a runtime that answers otherwise is
// named with the operation and the answer, and a path whose operation is not declared is skipped with why.

const windows: RuntimeWindow[] = [];
afterEach(async () => {
  for (const w of windows.splice(0)) await w.close();
});

function windowOf(adapter: Adapter, size = 200): RuntimeWindow {
  const w = new RuntimeWindow(adapter, adapter.name, size, 7);
  windows.push(w);
  return w;
}

/** Runs one iteration of each timed path: how many operations it ran, and what its verification said. */
async function once(adapter: Adapter, size = 200): Promise<Record<string, { ops: number; problem: string | undefined } | { skip: string }>> {
  const w = windowOf(adapter, size);
  const out: Record<string, { ops: number; problem: string | undefined } | { skip: string }> = {};
  for (const p of runtimePaths(w, adapter.capabilities.operations, new Rng(7, 'paths'), adapter.name)) {
    if ('skip' in p) {
      out[p.id] = { skip: p.skip };
      continue;
    }
    const state = await p.timed.prepare();
    const ops = await p.timed.run(state);
    out[p.id] = { ops, problem: (await p.timed.verify?.(state)) ?? undefined };
  }
  return out;
}

describe('the runtime-mode bench paths', () => {
  it('each path runs its batch on the reference and gets the answer it measures', async () => {
    const result = await once(findBuiltin('reference') as Adapter);
    expect(Object.keys(result)).toEqual(RUNTIME_PATHS.map((p) => p.info.id));
    expect(result).toEqual({
      'prune-reversible': { ops: 20, problem: undefined },
      'prune-lossy': { ops: 10, problem: undefined },
      'prune-refused': { ops: 40, problem: undefined },
      'summarize-10': { ops: 40, problem: undefined },
      'lookup-resident': { ops: 40, problem: undefined },
      'lookup-pruned': { ops: 40, problem: undefined },
      'claim-10': { ops: 40, problem: undefined },
      reframe: { ops: 1, problem: undefined },
    });
  });

  it('the smallest window bench accepts (10 spans) still runs one operation of each prune path', async () => {
    const reference = findBuiltin('reference') as Adapter;
        const prunesOnly: Adapter = { ...reference, capabilities: { ...reference.capabilities, operations: ['append', 'prune', 'lookup'] } };
    const result = await once(prunesOnly, 10);
    expect(result['prune-reversible']).toEqual({ ops: 1, problem: undefined });
    expect(result['prune-lossy']).toEqual({ ops: 1, problem: undefined });
  });

  it('a runtime that answers otherwise is named with the operation, the answer and what the path measures', async () => {
    const absent = rewritesAnswers('answers-absent', (op, o) => (op.kind === 'lookup' ? { kind: 'absent', spanId: op.spanId } : o));
    const result = await once(absent);
    const resident = result['lookup-resident'] as { problem: string };
    expect(resident.problem).toMatch(/^answers-absent answered \{"outcome":\{"kind":"absent","spanId":"s-\d+"\}\} to \{"kind":"lookup","spanId":"s-\d+"\} at 200 spans; the path measures a 'resident' answer$/);
    expect((result['lookup-pruned'] as { problem: string }).problem).toMatch(/the path measures a 'recoverable' answer$/);
    expect((result['claim-10'] as { problem: string | undefined }).problem).toBeUndefined();
  });

  it('a path whose operation the runtime does not declare is skipped, saying which', async () => {
    const reference = findBuiltin('reference') as Adapter;
    const appendAndPrune: Adapter = { ...reference, capabilities: { ...reference.capabilities, operations: OPERATION_KINDS.filter((k) => k !== 'summarize' && k !== 'reframe' && k !== 'claim') } };
    const paths = runtimePaths(windowOf(appendAndPrune), appendAndPrune.capabilities.operations, new Rng(7, 'paths'), 'x');
    expect(paths.filter((p) => 'skip' in p)).toEqual([
      { id: 'summarize-10', skip: "the runtime does not declare 'summarize' in its capabilities" },
      { id: 'claim-10', skip: "the runtime does not declare 'claim' in its capabilities" },
      { id: 'reframe', skip: "the runtime does not declare 'reframe' in its capabilities" },
    ]);
  });

  it('at the smallest size bench accepts, a path drawing more distinct spans than the window can read is skipped, saying why', async () => {
    // A window of 10 spans has 4 read targets; summarize-10 and claim-10 draw 10 each (it crashed bench: RangeError).
    const result = await once(findBuiltin('reference') as Adapter, 10);
    expect(result['summarize-10']).toEqual({ skip: 'a window of 10 spans has 4 read targets, fewer than the 10 distinct spans each summary draws; give larger sizes' });
    expect(result['claim-10']).toEqual({ skip: 'a window of 10 spans has 4 read targets, fewer than the 10 distinct spans each claim draws; give larger sizes' });
    expect(result['lookup-resident']).toEqual({ ops: 40, problem: undefined });
    // From 30 spans on (12 read targets) both are measured.
    const larger = await once(findBuiltin('reference') as Adapter, 30);
    expect([larger['summarize-10'], larger['claim-10']]).toEqual([{ ops: 40, problem: undefined }, { ops: 40, problem: undefined }]);
  });
});
