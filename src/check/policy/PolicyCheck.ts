import type { PolicyObservation } from './PolicyObservation.ts';

/** An observation check: the sentences that explain each breach, or none. */
export type PolicyCheck = (o: PolicyObservation) => string[];
