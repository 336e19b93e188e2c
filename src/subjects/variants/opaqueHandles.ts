import { BackingStore } from '../../model/BackingStore.ts';
import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/** A store whose handles are opaque log offsets that say nothing of the span. */
class LogOffsetStore extends BackingStore {
  protected override newHandle(_spanId: string, counter: number): string {
    return `log:${(counter * 4096).toString(16).padStart(8, '0')}`;
  }
}

/** C-4. Backing-store handles are opaque log offsets (`log:00001000`), not `bs://<id>#<n>`; so is the gap marker's pointer. */
export class OpaqueHandles extends ReferenceRuntime {
  protected override newStore(distinguishesAbsent: boolean): BackingStore {
    return new LogOffsetStore(distinguishesAbsent);
  }

  protected override gapPointer(): string {
    return 'log:index-archive';
  }
}

export const opaqueHandles = runtimeAdapter(
  'opaque-handles',
  'Legal variant (C-4): backing-store handles and the gap marker\'s pointer are opaque log offsets',
  (config) => new OpaqueHandles(config),
);
