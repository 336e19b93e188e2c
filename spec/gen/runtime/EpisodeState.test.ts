import { describe, expect, it } from 'vitest';
import { EpisodeState } from '../../../src/gen/runtime/EpisodeState.ts';
import type { Operation } from '../../../src/model/Operation.ts';

/** Appends `content` as span `id` on the episode's reference and notes it. */
function append(state: EpisodeState, id: string, content: string): void {
  const op: Operation = { kind: 'append', span: { id, kind: 'raw', content } };
  state.note(op, state.reference.apply(op));
}

describe('EpisodeState.mentions', () => {
  it('records each span once per request id its content mentions, in first-mention order, the same content read alike every time', () => {
    const state = new EpisodeState({ capacity: 100_000 });
    const long = Array.from({ length: 200 }, (_, i) => `line ${i}: req-7 then req-2 (request req-7)`).join('\n');
    append(state, 's1', 'tool: failed (request req-3), retried as req-3 and req-10; req-x is no id');
    append(state, 's2', long);
    append(state, 's3', long);
    append(state, 's4', 'note: nothing to see');
    append(state, 's5', 'tool: again req-3');
    expect([...state.mentions]).toEqual([
      ['req-3', ['s1', 's5']],
      ['req-10', ['s1']],
      ['req-7', ['s2', 's3']],
      ['req-2', ['s2', 's3']],
    ]);
    expect(state.mentionedRequests()).toEqual([3, 10, 7, 2]);
  });

  it('reads a content longer than what is kept as any other', () => {
    const state = new EpisodeState({ capacity: 100_000 });
    const huge = `${'x'.repeat(20_000)} req-5 ${'y'.repeat(20_000)} req-5 req-6`;
    append(state, 's1', huge);
    append(state, 's2', huge);
    expect([...state.mentions]).toEqual([
      ['req-5', ['s1', 's2']],
      ['req-6', ['s1', 's2']],
    ]);
  });
});

describe('EpisodeState.chooseMany', () => {
  it('answers the distinct spans the picks choose, in pick order, every pick making its pin', () => {
    const state = new EpisodeState({ capacity: 100_000 });
    for (const name of [100, 300, 500, 700]) {
      const id = state.newSpanId(name);
      append(state, id, `span named ${name}`);
    }
    const pool = [...state.ids];
    state.ring.begin();
    // 250 and 300 both choose the span named 300; 950 wraps around to the one named 100.
    expect(state.chooseMany(pool, [250, 600, 300, 950, 450])).toEqual([pool[1], pool[3], pool[0], pool[2]]);
    expect(state.ring.end().map((pin) => pin.at)).toEqual([300, 700, 300, 100, 500]);
    state.ring.begin();
    expect(state.chooseMany([], [1, 2])).toEqual([]);
    expect(state.ring.end()).toHaveLength(2);
  });
});
