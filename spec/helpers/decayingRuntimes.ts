import type { Adapter } from '../../src/adapters/Adapter.ts';
import type { IndexEntry } from '../../src/model/IndexEntry.ts';
import type { Operation } from '../../src/model/Operation.ts';
import type { BackingCheck, EvictionMode, Evicted, RequestRecord } from '../../src/model/Outcome.ts';
import { ReferenceRuntime, type SpanObservation } from '../../src/model/ReferenceRuntime.ts';
import type { Span } from '../../src/model/Span.ts';
import { testRuntime } from './drive.ts';

// Runtimes whose state decays after the step that made it, for the tests of rechecks (issue 11): each is the
// reference but for what it shows of spans and signatures no step names any more.

/** Drops the oldest resident raw span, silently, whenever a third is appended: state no step names. */
class LeaksResidents extends ReferenceRuntime {
  override apply(op: Operation): ReturnType<ReferenceRuntime['apply']> {
    const outcome = super.apply(op);
    const resident = [...this.window.spans()].filter((s) => s.kind === 'raw');
    if (op.kind === 'append' && outcome.kind === 'appended' && resident.length >= 3) this.window.remove((resident[0] as Span).id);
    return outcome;
  }
}

/** Shows a tombstone for three steps after its eviction, then no more: a record that decays after its step. */
class ForgetsOldTombstones extends ReferenceRuntime {
  override observe(spanId: string): SpanObservation {
    const seen = super.observe(spanId);
    return seen.tombstone === undefined || seen.tombstone.step > this.step - 3 ? seen : { ...seen, tombstone: undefined };
  }
}

/** Drops the lossy marker of every span but the last one evicted lossily (it still decides as the reference). */
class KeepsLatestMarker extends ReferenceRuntime {
  private latest: string | undefined;
  override evict(span: Span, mode: EvictionMode, check: BackingCheck | undefined, deferred?: Map<string, IndexEntry>): Evicted {
    if (mode === 'lossy') this.latest = span.id;
    return super.evict(span, mode, check, deferred);
  }
  override observe(spanId: string): SpanObservation {
    const seen = super.observe(spanId);
    return seen.index?.kind !== 'lossy' || spanId === this.latest ? seen : { ...seen, index: undefined };
  }
}

/** Answers its ledger record for the signature of its latest call only: the others decay once called. */
class ShowsLatestSignature extends ReferenceRuntime {
  private latest: string | undefined;
  override apply(op: Operation): ReturnType<ReferenceRuntime['apply']> {
    const outcome = super.apply(op);
    if (op.kind === 'callTool') this.latest = op.signature;
    return outcome;
  }
  recordOf(signature: string): RequestRecord | undefined {
    return signature === this.latest ? this.ledger.get(signature) : undefined;
  }
}

export const leaks = testRuntime('leaks-residents', (config) => new LeaksResidents(config));
export const forgetsTombstones = testRuntime('forgets-old-tombstones', (config) => new ForgetsOldTombstones(config));
export const keepsLatestMarker = testRuntime('keeps-latest-marker', (config) => new KeepsLatestMarker(config));
export const showsLatestSignature: Adapter = {
  ...testRuntime('shows-latest-signature', (config) => new ReferenceRuntime(config)),
  create(config) {
    const runtime = new ShowsLatestSignature(config);
    return { apply: (op) => runtime.apply(op), observe: (ids) => ids.map((id) => runtime.observe(id)), request: (signature) => runtime.recordOf(signature) };
  },
};
