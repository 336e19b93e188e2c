import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { Window } from '../../model/Window.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-29. Counts only resident spans against capacity, as SPEC 1.0 did (D-10): its markers and notices cost
 * nothing, so it lets an append in that, with the ~15 tokens each entry the model reads really takes (seed 002),
 * overflows the window. Everything else is the reference's.
 */
export class MarkersCostNothing extends ReferenceRuntime {
  protected override newWindow(capacity: number, _markerTokens: number, table: Map<string, Span>): Window {
    return new Window(capacity, 0, table);
  }
}

export const markersCostNothing = runtimeAdapter(
  'markers-cost-nothing',
  'Breaks INV-29: in-window markers and notices cost no capacity (SPEC 1.0, D-10)',
  (config) => new MarkersCostNothing(config),
);
