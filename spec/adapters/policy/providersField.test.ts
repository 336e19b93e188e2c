import { describe, expect, it } from 'vitest';
import { validatePolicyAdapter } from '../../../src/adapters/policy/validatePolicyAdapter.ts';
import { archivingWindowAdapter } from '../../../src/subjects/policy/archivingWindow.ts';

describe('an adapter declares its providers (INV-33)', () => {
  const base = { ...archivingWindowAdapter } as Record<string, unknown>;

  it('accepts a list of known providers, or none', () => {
    expect(validatePolicyAdapter({ ...base, providers: ['anthropic', 'gemini'] }, 'm.ts')).toMatchObject({ providers: ['anthropic', 'gemini'] });
    expect(validatePolicyAdapter(base, 'm.ts').providers).toBeUndefined();
  });

  it('names the field and the known providers when one is unknown', () => {
    expect(() => validatePolicyAdapter({ ...base, providers: ['mistral'] }, 'm.ts')).toThrow(/m\.ts: default export\.providers must be an array of provider names \(anthropic, openai, gemini\)/);
    expect(() => validatePolicyAdapter({ ...base, providers: 'openai' }, 'm.ts')).toThrow(/\.providers must be an array/);
  });
});
