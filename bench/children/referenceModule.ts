// The reference adapter as a user's adapter module (`--adapter ./module.ts`), which prunecheck loads and runs in
// a supervised process of its own: bench/protocolRoundTrip.ts measures what that boundary costs per step.
import { referenceAdapter } from '../../src/subjects/reference.ts';

export default referenceAdapter;
