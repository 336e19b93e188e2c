import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/adapters/Adapter.ts';
import { fieldsOf, INDEX_FIELDS, OUTCOME_FIELDS, type AnswerType, type Treatment } from '../../../src/check/runtime/answerFields.ts';
import { compareAnswer } from '../../../src/check/runtime/compareAnswer.ts';
import { checkAdapter } from '../../../src/run/runtime/checkAdapter.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { LEGAL_VARIANTS } from '../../../src/subjects/variants/index.ts';
import { wrapSystem } from '../../../src/subjects/variants/transformers/wrapSystem.ts';

/** Every answer a runtime gave over generated runs, by answer type. */
interface Sample {
  readonly answers: { readonly type: AnswerType; readonly answer: unknown }[];
}

function recording(inner: Adapter, sample: Sample): Adapter {
  const keep = <T>(type: AnswerType) => (answer: T): T => {
    if (sample.answers.length < 40_000) sample.answers.push({ type, answer: structuredClone(answer) });
    return answer;
  };
  return wrapSystem(inner, inner.name, 'recording', () => ({ outcome: keep('outcome'), observation: keep('observation'), record: keep('request-record') }));
}

async function sampleAnswers(): Promise<Sample> {
  const sample: Sample = { answers: [] };
  for (const adapter of [referenceAdapter, ...LEGAL_VARIANTS]) await checkAdapter(recording(adapter, sample), { seed: 1, runs: 120, outDir: '/tmp', examples: true });
  return sample;
}

/** Each field an answer holds, with its treatment (nested records walked), and the fields no table names. */
function* fieldsIn(type: AnswerType, answer: unknown, path: string): Iterable<{ readonly path: string; readonly key: string; readonly treatment: Treatment | undefined; readonly value: unknown }> {
  if (answer === undefined || answer === null || typeof answer !== 'object') return;
  const table = fieldsOf(type, answer);
  const kind = (answer as { kind?: unknown }).kind;
  for (const [name, value] of Object.entries(answer)) {
    const key = `${type}${typeof kind === 'string' ? `:${kind}` : ''}.${name}`;
    const treatment = table?.[name];
    const at = path === '' ? name : `${path}.${name}`;
    yield { path: at, key, treatment, value };
    if (treatment?.as === 'record') yield* fieldsIn(treatment.of, value, at);
    if (treatment?.as === 'records' && Array.isArray(value)) for (const [i, item] of value.entries()) yield* fieldsIn(treatment.of, item, `${at}.${i}`);
  }
}

/** A value a conformant runtime could not have given where the reference gave `v`. */
function changed(v: unknown): unknown {
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'string') return `${v}~`;
  if (Array.isArray(v)) return [...v, 'another-id'];
  if (v === undefined || v === null) return 'now-present';
  return { ...(v as object), extra: true };
}

function withField(answer: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(answer) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1) as string] = value;
  return copy;
}

// Issue 22, "compare everything, mask only declared choices". The tables in answerFields.ts are typed so that a
// field added to a model type and not listed fails the typecheck; this test derives the fields from a sample of
// real answers (the reference and every legal variant, 120 generated runs and the examples each), so a field a
// runtime answers that no table lists fails here, and shows each listed field really compared (a changed value is
// a difference) or really masked (a changed spelling is none).
describe('every field of every answer is compared or masked by a declared choice (SPEC.md §7)', async () => {
  const sample = await sampleAnswers();
  const seen = new Map<string, { treatment: Treatment | undefined; probes: { type: AnswerType; answer: unknown; path: string; value: unknown }[] }>();
  for (const { type, answer } of sample.answers) {
    for (const field of fieldsIn(type, answer, '')) {
      const entry = seen.get(field.key) ?? { treatment: field.treatment, probes: [] };
      if (entry.probes.length < 5) entry.probes.push({ type, answer, path: field.path, value: field.value });
      seen.set(field.key, entry);
    }
  }

  it('the sample holds answers of every outcome kind the generator reaches, and every field in them is in a table', () => {
    expect(sample.answers.length).toBeGreaterThan(1_000);
    // Every kind of every union table is answered in the sample, so each of its fields is probed below.
    for (const kind of Object.keys(OUTCOME_FIELDS)) expect([...seen.keys()], kind).toContain(`outcome:${kind}.kind`);
    for (const kind of Object.keys(INDEX_FIELDS)) expect([...seen.keys()], kind).toContain(`index:${kind}.kind`);
    const undeclared = [...seen].filter(([, e]) => e.treatment === undefined).map(([key]) => key);
    expect(undeclared).toEqual([]);
    // The sample reaches the fields the issue names: a summary's provenance step, a tombstone's step and score.
    for (const key of ['span-view:summary.provenance', 'provenance.step', 'tombstone.step', 'tombstone.score', 'outcome:edited.tokens', 'outcome:executed.requestId', 'request-record.at']) expect([...seen.keys()], key).toContain(key);
  });

  it('each compared field is compared: a changed value is a difference at its path', () => {
    const missed: string[] = [];
    for (const [key, { treatment, probes }] of seen) {
      if (treatment === undefined || treatment.as === 'record' || treatment.as === 'choice') continue;
      for (const probe of probes) {
        const d = compareAnswer(probe.type, probe.answer, withField(probe.answer, probe.path, changed(probe.value)));
        // Found at its own path, or at the list of records it is an item of (`evicted`, read as a set).
        if (d === undefined || !(probe.path === d.path || probe.path.startsWith(`${d.path}.`))) missed.push(`${key} at ${probe.path}: ${JSON.stringify(d)}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('each masked field is masked: a changed spelling is no difference, while its presence is compared where the table says so', () => {
    const wrong: string[] = [];
    for (const [key, { treatment, probes }] of seen) {
      if (treatment?.as !== 'choice') continue;
      for (const probe of probes) {
        if (probe.value === undefined || probe.value === null) continue;
        const respelled = typeof probe.value === 'string' ? `${probe.value}-respelled` : Array.isArray(probe.value) ? probe.value.map((x) => (typeof x === 'number' ? x + 7 : x)) : typeof probe.value === 'number' ? probe.value + 7 : probe.value;
        if (compareAnswer(probe.type, probe.answer, withField(probe.answer, probe.path, respelled)) !== undefined) wrong.push(`${key}: a respelling was compared`);
        const gone = compareAnswer(probe.type, probe.answer, withField(probe.answer, probe.path, undefined));
        if ((gone !== undefined) !== (treatment.presence === true)) wrong.push(`${key}: its absence was ${gone === undefined ? 'not ' : ''}compared`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a set-valued list in another order is the same answer (C-7)', () => {
    for (const [key, { treatment, probes }] of seen) {
      if (treatment?.as !== 'set' && treatment?.as !== 'records') continue;
      for (const probe of probes) if (Array.isArray(probe.value)) expect(compareAnswer(probe.type, probe.answer, withField(probe.answer, probe.path, [...probe.value].reverse())), key).toBeUndefined();
    }
  });
});
