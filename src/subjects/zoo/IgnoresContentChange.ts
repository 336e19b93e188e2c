import { ReferenceRuntime } from '../../model/ReferenceRuntime.ts';
import { runtimeAdapter } from '../../adapters/runtimeAdapter.ts';

/**
 * Breaks INV-02. The gate never compares the span's current digest with its tombstone's, so a span that was
 * evicted, restored and edited is evicted again and its tombstone silently overwritten with the new bytes'.
 */
export class IgnoresContentChange extends ReferenceRuntime {
  override contentChanged(): boolean {
    return false;
  }
}

export const ignoresContentChange = runtimeAdapter(
  'ignores-content-change',
  'Breaks INV-02: re-evicting a restored span whose content changed is not refused',
  (config) => new IgnoresContentChange(config),
);
