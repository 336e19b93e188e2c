import { describe, expect, it } from 'vitest';
import { argsOf, policyMessageOf, textOf } from '../../../src/adapters/sessions/messageShape.ts';
import { SessionFormatError } from '../../../src/adapters/sessions/SessionFormatError.ts';

// The neutral message shape read off a session record, field by field; and the two helpers the provider readers share.

const read = (value: unknown) => policyMessageOf(value, 'session.jsonl', 7, 'message');

/** The message of the error reading `value` throws, checked to be a BAD_FIELD at the record's line. */
function refusal(value: unknown): string {
  try {
    read(value);
  } catch (error: unknown) {
    expect(error).toBeInstanceOf(SessionFormatError);
    expect(error).toMatchObject({ code: 'BAD_FIELD', file: 'session.jsonl', line: 7 });
    return (error as Error).message;
  }
  throw new Error(`read ${JSON.stringify(value)} without an error`);
}

describe('policyMessageOf', () => {
  it('reads each role with the fields it uses, and leaves absent optional fields out', () => {
    expect(read({ role: 'system', content: 'be careful' })).toEqual({ role: 'system', content: 'be careful' });
    expect(read({ role: 'user', id: 'u1', content: 'hi', replaces: ['a', 'b'], extra: 1 })).toEqual({ role: 'user', id: 'u1', content: 'hi', replaces: ['a', 'b'] });
    expect(read({ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'read', args: { path: '/x' } }], reasoning: { text: 'think', signature: 'sig' } })).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'read', args: { path: '/x' } }],
      reasoning: { text: 'think', signature: 'sig' },
    });
    expect(read({ role: 'assistant', content: 'ok', reasoning: { text: 'think', signature: 5 } })).toEqual({ role: 'assistant', content: 'ok', reasoning: { text: 'think' } });
    expect(read({ role: 'tool', id: 't1', content: 'out', toolCallId: 'c1', name: 'read', isError: true })).toEqual({ role: 'tool', id: 't1', content: 'out', toolCallId: 'c1', name: 'read', isError: true });
    expect(read({ role: 'tool', content: 'out', toolCallId: 'c1', name: 'read' })).not.toHaveProperty('isError');
  });

  it.each([
    [null, "session.jsonl:7: field 'message' must be a message object"],
    [['user'], "field 'message' must be a message object"],
    [{ role: 'user' }, "field 'message.content' must be a string"],
    [{ role: 'user', content: 'x', id: 3 }, "field 'message.id' must be a string"],
    [{ role: 'user', content: 'x', replaces: 'a' }, "field 'message.replaces' must be an array of strings"],
    [{ role: 'user', content: 'x', replaces: ['a', 1] }, "field 'message.replaces' must be an array of strings"],
    [{ role: 'assistant', content: '', toolCalls: {} }, "field 'message.toolCalls' must be an array"],
    [{ role: 'assistant', content: '', toolCalls: [null] }, "field 'message.toolCalls[0]' needs string 'id' and 'name'"],
    [{ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'read', args: [] }] }, "field 'message.toolCalls[0].args' must be an object"],
    [{ role: 'assistant', content: '', reasoning: 'think' }, "field 'message.reasoning' must be {text, signature?}"],
    [{ role: 'tool', content: 'x', name: 'read' }, "field 'message.toolCallId' must be a string"],
    [{ role: 'tool', content: 'x', toolCallId: 'c1', name: 'read', isError: 'yes' }, "field 'message.isError' must be a boolean"],
    [{ role: 'developer', content: 'x' }, 'field \'message.role\' must be one of system, user, assistant, tool (got "developer")'],
  ])('refuses %j, naming the field', (value, message) => {
    expect(refusal(value)).toContain(message);
  });

  it('quotes the field once, then says where the shape is defined', () => {
    expect(refusal(null)).toBe("session.jsonl:7: field 'message' must be a message object; see spec/session.schema.json");
    expect(refusal({ role: 'user' })).toBe("session.jsonl:7: field 'message.content' must be a string; see spec/session.schema.json");
  });
});

describe('textOf', () => {
  it('joins the text of string and text blocks, dropping everything else', () => {
    expect(textOf('plain')).toBe('plain');
    expect(textOf(undefined)).toBe('');
    expect(textOf({ text: 'not a list' })).toBe('');
    expect(textOf(['a', { type: 'text', text: 'b' }, { type: 'image', source: {} }, null, 7, ''])).toBe('a\nb');
  });
});

describe('argsOf', () => {
  it('answers an object as it is, JSON text parsed, and anything else under input', () => {
    const args = { path: '/x' };
    expect(argsOf(args)).toBe(args);
    expect(argsOf('{"path":"/x"}')).toEqual({ path: '/x' });
    expect(argsOf('[1,2]')).toEqual({ input: [1, 2] });
    expect(argsOf('not json')).toEqual({ input: 'not json' });
    expect(argsOf(undefined)).toEqual({});
    expect(argsOf(42)).toEqual({ input: 42 });
    expect(argsOf(['a'])).toEqual({ input: ['a'] });
  });
});
