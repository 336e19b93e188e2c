import { describe, it } from 'vitest';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import { expectCaught } from '../helpers/policyCatches.ts';

// The soak tier of brokenPolicyPruners.test.ts, which kills every broken pruner within 40 conversations in `npm test`:
// the same kills at 80, the count the suite held them to before the fast tier was lightened (issue 26).
describe('policy checks kill broken message-list pruners at 80 conversations (soak tier)', () => {
  it.each(BROKEN_POLICY_PRUNERS.map((b) => [b.caughtBy, b.flaw, b] as const))('%s catches the pruner that %s', async (_invariant, _flaw, broken) => {
    await expectCaught(broken, 80);
  });
});
