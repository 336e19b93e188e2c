import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PolicyMessage } from '../../../src/adapters/policy/PolicyMessage.ts';
import { NEUTRAL_FORMAT, neutralReader, writeNeutralSession, type NeutralEntry } from '../../../src/adapters/sessions/neutral.ts';
import { readAll, rejection, tempSession } from '../../helpers/sessions.ts';

const text = fc.string({ maxLength: 40 });
const id = fc.stringMatching(/^[a-z0-9-]{1,8}$/);
const args = fc.dictionary(fc.stringMatching(/^[a-z_]{1,6}$/), fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean()), { maxKeys: 3 });
const message: fc.Arbitrary<PolicyMessage> = fc.oneof(
  fc.record({ role: fc.constant('system' as const), id, content: text }),
  fc.record({ role: fc.constant('user' as const), id, content: text }, { requiredKeys: ['role', 'content'] }),
  fc.record({ role: fc.constant('assistant' as const), id, content: text, toolCalls: fc.array(fc.record({ id, name: id, args }), { maxLength: 2 }), reasoning: fc.record({ text, signature: text }, { requiredKeys: ['text'] }) }, { requiredKeys: ['role', 'content'] }),
  fc.record({ role: fc.constant('tool' as const), id, toolCallId: id, name: id, content: text, isError: fc.boolean() }, { requiredKeys: ['role', 'toolCallId', 'name', 'content'] }),
);
const entry: fc.Arbitrary<NeutralEntry> = fc.oneof(
  { weight: 4, arbitrary: message.map((m) => ({ type: 'message' as const, message: m })) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('compaction' as const), id, after: fc.array(message, { maxLength: 3 }), summary: fc.oneof(fc.record({ text }), fc.record({ opaque: text })), trigger: fc.constantFrom('auto', 'manual') }, { requiredKeys: ['type', 'id', 'after', 'summary'] }) },
);

describe('neutral session format', () => {
  it('round-trips: what writeNeutralSession writes, the reader reads back as the same messages and compactions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 12 }), async (entries) => {
        const { messages, compactions } = await readAll(neutralReader, tempSession(writeNeutralSession({ agent: 'test', entries })));
        expect(messages.map((m) => m.message)).toEqual(entries.flatMap((e) => (e.type === 'message' ? [e.message] : [])));
        let context: PolicyMessage[] = [];
        const expected = [];
        for (const e of entries) {
          if (e.type === 'message') context.push(e.message);
          else {
            expected.push({ before: context, after: e.after, summary: 'text' in e.summary ? { kind: 'text', text: e.summary.text } : { kind: 'opaque', reason: e.summary.opaque } });
            context = [...e.after];
          }
        }
        expect(compactions.map((c) => ({ before: c.before, after: c.after, summary: c.summary }))).toEqual(expected);
      }),
      { seed: 23, numRuns: 60 },
    );
  });

  it('refuses a file without the header, naming line 1', async () => {
    const error = await rejection(readAll(neutralReader, tempSession('{"type":"message","message":{"role":"user","content":"x"}}\n')));
    expect(error.message).toMatch(/:1: the first line must be the header/);
  });

  it('names the field of a malformed message', async () => {
    const head = `{"type":"session","format":"${NEUTRAL_FORMAT}","version":1}\n`;
    const error = await rejection(readAll(neutralReader, tempSession(`${head}{"type":"message","message":{"role":"tool","content":"x","name":"t"}}\n`)));
    expect(error.message).toMatch(/:2: field 'message\.toolCallId' must be a string/);
  });

  it('counts unknown entry types, warns on a torn last line, reads a huge line', async () => {
    const head = `{"type":"session","format":"${NEUTRAL_FORMAT}","version":1}\n`;
    const big = JSON.stringify({ type: 'message', message: { role: 'tool', toolCallId: 'c', name: 't', content: 'y'.repeat(3_000_000) } });
    const { notes, messages } = await readAll(neutralReader, tempSession(`${head}{"type":"note","text":"hi"}\n${big}\n{"type":"message","mess`));
    expect(Object.fromEntries(notes.unknown)).toEqual({ note: 1 });
    expect(notes.warnings[0]).toMatch(/torn/);
    expect(messages[0]?.message.content.length).toBe(3_000_000);
  });

  it('its JSON Schema names every entry type the reader reads', () => {
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'session.schema.json'), 'utf8')) as { $defs: Record<string, { properties?: { type?: { const?: string } } }> };
    const types = Object.values(schema.$defs).map((d) => d.properties?.type?.const).filter((t) => t !== undefined);
    expect(new Set(types)).toEqual(new Set(['session', 'message', 'compaction']));
  });
});
