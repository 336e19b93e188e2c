import { describe, expect, it } from 'vitest';
import { ModelError } from '../../src/model/ModelError.ts';
import { RequestLedger } from '../../src/model/RequestLedger.ts';
import { applyAll, applyExpect, episode, raw } from '../helpers/model.ts';
import { assertOverEpisodes } from '../helpers/modelOps.ts';

const FILE = 'spec/model/sideEffects.test.ts';

describe('side-effect deduplication (INV-09)', () => {
  it('INV-09 a side-effecting call records its signature and retry-after in the external ledger', () => {
    const rt = episode();
    rt.apply(raw('note', 'about to charge'));

    const executed = applyExpect(rt, { kind: 'callTool', signature: 'POST /charges {cus_9, 4200}', requestId: 'req-1', retryAfter: 30 }, 'executed');

    expect(executed).toEqual({ kind: 'executed', signature: 'POST /charges {cus_9, 4200}', requestId: 'req-1' });
    expect(rt.ledger.get('POST /charges {cus_9, 4200}')).toEqual({ signature: 'POST /charges {cus_9, 4200}', requestId: 'req-1', step: 2, retryAfter: 30, status: 'accepted', at: 0, idempotencyKey: undefined });
  });

  it('INV-09 a retry is answered duplicate with the original record after every span mentioning it was evicted', () => {
    const rt = episode();
    applyAll(
      rt,
      raw('call', 'POST /charges {cus_9} -> 429, retry-after 30', { persist: true }),
      { kind: 'callTool', signature: 'charge:cus_9', requestId: 'req-1', retryAfter: 30 },
      raw('ack', 'charge queued'),
      { kind: 'prune', spanId: 'call' },
      { kind: 'rotate' },
      { kind: 'prune', spanId: 'ack', acceptLossy: true },
      { kind: 'reframe', frame: 'summarize the day' },
      { kind: 'compact', threshold: 10 },
    );
    expect(rt.window.size).toBe(0);
    expect(rt.lookup('call')).toMatchObject({ kind: 'tombstoned', why: 'expired' });

    const duplicate = applyExpect(rt, { kind: 'callTool', signature: 'charge:cus_9', requestId: 'req-2' }, 'duplicate');

    expect(duplicate).toEqual({ kind: 'duplicate', signature: 'charge:cus_9', original: { signature: 'charge:cus_9', requestId: 'req-1', step: 2, retryAfter: 30, status: 'accepted', at: 0, idempotencyKey: undefined } });
    expect(rt.ledger.get('charge:cus_9')?.requestId).toBe('req-1');
  });

  it('INV-09 a different signature executes, and a call without retry-after records none', () => {
    const rt = episode();
    rt.apply({ kind: 'callTool', signature: 'email:ops', requestId: 'r1' });

    expect(applyExpect(rt, { kind: 'callTool', signature: 'email:oncall', requestId: 'r1' }, 'executed').signature).toBe('email:oncall');
    expect(rt.ledger.get('email:ops')).toEqual({ signature: 'email:ops', requestId: 'r1', step: 1, retryAfter: undefined, status: 'accepted', at: 0, idempotencyKey: undefined });
  });

  it('INV-09 a retry of a call that truly failed is not a duplicate: it waits out the retry-after, then goes out (D-18)', () => {
    const rt = episode();
    applyExpect(rt, { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-1', status: 'failed', retryAfter: 45, at: 950 }, 'executed');

    const early = applyExpect(rt, { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-2', at: 960 }, 'too-soon');
    expect(early).toMatchObject({ retryAt: 995, original: { requestId: 'req-1', status: 'failed', at: 950 } });
    expect(rt.ledger.get('POST /notify ops')?.requestId).toBe('req-1');

    expect(applyExpect(rt, { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-3', at: 995 }, 'executed').requestId).toBe('req-3');
    expect(rt.ledger.get('POST /notify ops')).toMatchObject({ requestId: 'req-3', status: 'accepted', at: 995 });
    expect(applyExpect(rt, { kind: 'callTool', signature: 'POST /notify ops', requestId: 'req-4', at: 2000 }, 'duplicate').original.requestId).toBe('req-3');
  });

  it('INV-09 a failed call without retry-after may be retried at once; the clock stands still between calls without `at`', () => {
    const rt = episode();
    applyAll(rt, { kind: 'callTool', signature: 's', requestId: 'r1', status: 'failed', at: 10 }, { kind: 'callTool', signature: 's', requestId: 'r2', status: 'failed', retryAfter: 5 });

    expect(rt.clock).toBe(10);
    expect(applyExpect(rt, { kind: 'callTool', signature: 's', requestId: 'r3' }, 'too-soon').retryAt).toBe(15);
  });

  it('INV-09 an unknown outcome blocks a retry without its idempotency key; with the same key the retry goes out and settles it (the turn-40 timeout)', () => {
    const rt = episode();
    applyExpect(rt, { kind: 'callTool', signature: 'POST /v1/payouts b-2291', requestId: 'req-7f3a9c', status: 'unknown', retryAfter: 30, at: 400 }, 'executed');
    applyAll(rt, raw('err-40', '503 upstream_timeout, request_id req-7f3a9c', { persist: true }), { kind: 'prune', spanId: 'err-40' });

    expect(applyExpect(rt, { kind: 'callTool', signature: 'POST /v1/payouts b-2291', requestId: 'req-9b21e4', at: 900 }, 'unreconciled').original).toMatchObject({ requestId: 'req-7f3a9c', status: 'unknown' });
    expect(applyExpect(rt, { kind: 'callTool', signature: 'POST /v1/payouts b-2291', requestId: 'req-9b21e5', idempotencyKey: 'k-other', at: 900 }, 'unreconciled').signature).toBe('POST /v1/payouts b-2291');

    const keyed = episode();
    applyAll(keyed, { kind: 'callTool', signature: 'pay', requestId: 'r1', status: 'unknown', idempotencyKey: 'k1' });
    applyExpect(keyed, { kind: 'callTool', signature: 'pay', requestId: 'r2', status: 'accepted', idempotencyKey: 'k1' }, 'executed');
    expect(applyExpect(keyed, { kind: 'callTool', signature: 'pay', requestId: 'r3', idempotencyKey: 'k1' }, 'duplicate').original.requestId).toBe('r2');
  });

  it('INV-09 the episode clock never runs backwards: an earlier `at` is misuse and changes nothing', () => {
    const rt = episode();
    rt.apply({ kind: 'callTool', signature: 's', requestId: 'r1', at: 30 });

    expect(() => rt.apply({ kind: 'callTool', signature: 't', requestId: 'r2', at: 29 })).toThrow(/at 29 is before the episode clock 30/);
    expect(() => rt.apply({ kind: 'callTool', signature: 't', requestId: 'r2', status: 'maybe' as never })).toThrow(ModelError);
    expect(rt.clock).toBe(30);
    expect(rt.ledger.get('t')).toBeUndefined();
  });

  it('INV-09 under random operation sequences, the ledger answers each call from the attempts that went out before it', () => {
    assertOverEpisodes(FILE, (driver) => {
      const attempts = new Map<string, { requestId: string; status: string; at: number; retryAfter: number | undefined; key: string | undefined }[]>();
      let clock = 0;
      return (template) => {
        const op = driver.resolve(template);
        const outcome = driver.apply(op);
        if (op.kind !== 'callTool' || outcome instanceof ModelError) return;
        const now = op.at ?? clock;
        clock = now;
        const seen = attempts.get(op.signature) ?? [];
        const accepted = seen.find((a) => a.status === 'accepted');
        const last = seen.at(-1);
        const expected =
          accepted !== undefined ? 'duplicate'
          : last?.status === 'unknown' && (last.key === undefined || last.key !== op.idempotencyKey) ? 'unreconciled'
          : last?.status === 'failed' && last.retryAfter !== undefined && now < last.at + last.retryAfter ? 'too-soon'
          : 'executed';
        expect(outcome.kind, JSON.stringify(op)).toBe(expected);
        if (expected === 'executed') attempts.set(op.signature, [...seen, { requestId: op.requestId, status: op.status ?? 'accepted', at: now, retryAfter: op.retryAfter, key: op.idempotencyKey }]);
      };
    });
  });
});

describe('RequestLedger', () => {
  it('answers undefined for an unknown signature and the record for a known one', () => {
    const ledger = new RequestLedger();
    const record = { signature: 's', requestId: 'r', step: 4, retryAfter: undefined, status: 'accepted' as const, at: 0, idempotencyKey: undefined };

    expect(ledger.get('s')).toBeUndefined();
    ledger.record(record);
    expect(ledger.get('s')).toEqual(record);
    expect(ledger.get('t')).toBeUndefined();
  });

  it('keeps the accepted attempt of a signature: a later record never replaces it', () => {
    const ledger = new RequestLedger();
    const base = { signature: 's', retryAfter: undefined, at: 0, idempotencyKey: undefined };
    ledger.record({ ...base, requestId: 'r1', step: 1, status: 'failed' });
    ledger.record({ ...base, requestId: 'r2', step: 2, status: 'accepted' });
    ledger.record({ ...base, requestId: 'r3', step: 3, status: 'failed' });

    expect(ledger.get('s')?.requestId).toBe('r2');
  });
});
