import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import type { Span } from '../../model/Span.ts';
import { Window } from '../../model/Window.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** A window that charges its index entries but never folds them. */
class UnfoldedWindow extends Window {
  protected override relieve(): void {}
}

/**
 * Breaks INV-29. Charges every marker and notice, but when they crowd the window it keeps writing them one line
 * each instead of folding the oldest into a gap marker: the window goes past its capacity with markers of what it
 * pruned, and refuses appends the reference, having folded, takes in.
 */
export class MarkersNeverFold extends ReferenceRuntime {
  protected override newWindow(capacity: number, markerTokens: number, table: Map<string, Span>): Window {
    return new UnfoldedWindow(capacity, markerTokens, table);
  }
}

export const markersNeverFold = runtimeAdapter(
  'markers-never-fold',
  'Breaks INV-29: crowded markers are never folded into a gap marker; the window overflows with them',
  (config) => new MarkersNeverFold(config),
);
