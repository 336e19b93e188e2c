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
    expect(rt.ledger.get('POST /charges {cus_9, 4200}')).toEqual({ signature: 'POST /charges {cus_9, 4200}', requestId: 'req-1', step: 2, retryAfter: 30 });
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

    expect(duplicate).toEqual({ kind: 'duplicate', signature: 'charge:cus_9', original: { signature: 'charge:cus_9', requestId: 'req-1', step: 2, retryAfter: 30 } });
    expect(rt.ledger.get('charge:cus_9')?.requestId).toBe('req-1');
  });

  it('INV-09 a different signature executes, and a call without retry-after records none', () => {
    const rt = episode();
    rt.apply({ kind: 'callTool', signature: 'email:ops', requestId: 'r1' });

    expect(applyExpect(rt, { kind: 'callTool', signature: 'email:oncall', requestId: 'r1' }, 'executed').signature).toBe('email:oncall');
    expect(rt.ledger.get('email:ops')).toEqual({ signature: 'email:ops', requestId: 'r1', step: 1, retryAfter: undefined });
  });

  it('INV-09 under random operation sequences, a call is duplicate exactly when its signature executed before', () => {
    assertOverEpisodes(FILE, (driver) => {
      const executed = new Map<string, string>();
      return (template) => {
        const op = driver.resolve(template);
        const outcome = driver.apply(op);
        if (op.kind !== 'callTool' || outcome instanceof ModelError) return;
        const original = executed.get(op.signature);
        if (original === undefined) {
          expect(outcome.kind).toBe('executed');
          executed.set(op.signature, op.requestId);
        } else {
          expect(outcome).toMatchObject({ kind: 'duplicate', original: { requestId: original } });
        }
      };
    });
  });
});

describe('RequestLedger', () => {
  it('answers undefined for an unknown signature and the record for a known one', () => {
    const ledger = new RequestLedger();
    const record = { signature: 's', requestId: 'r', step: 4, retryAfter: undefined };

    expect(ledger.get('s')).toBeUndefined();
    ledger.record(record);
    expect(ledger.get('s')).toEqual(record);
    expect(ledger.get('t')).toBeUndefined();
  });
});
