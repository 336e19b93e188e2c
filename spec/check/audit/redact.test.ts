import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/check/audit/redact.ts';

describe('redact', () => {
  it('masks keys, tokens and assigned passwords, and shortens long values', () => {
    const text = 'key sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 token ghp_abcdefghijklmnopqrstuvwx1234 password=hunter2xx Authorization: Bearer abc.def.ghijklmnopqrstuv blob ' + 'A'.repeat(40);
    const out = redact(text);
    expect(out).not.toMatch(/abcdefghijklmnop|hunter2xx|ghijklmnopqrstuv/);
    expect(out).toContain('password=[redacted]');
    expect(out).toContain('AAAA…[40 chars]');
  });
  it('leaves ordinary text and identifiers alone', () => {
    expect(redact('request req_7f3a9c failed with E_GATEWAY_TIMEOUT_504 in billing/ledger.csv')).toBe('request req_7f3a9c failed with E_GATEWAY_TIMEOUT_504 in billing/ledger.csv');
  });
});
