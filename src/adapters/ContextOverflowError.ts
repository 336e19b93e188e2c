/**
 * Thrown by the conservative runtime when the window would exceed its hard ceiling: the mid-task
 * context-overflow failure of seed 002 ("the inverse"). A conformant runtime answers `window-full` instead
 * (INV-13); a harness driving a runtime reads this throw as a crash at that step.
 */
export class ContextOverflowError extends Error {
  override readonly name = 'ContextOverflowError';
  readonly code = 'CONTEXT_OVERFLOW';
  readonly needed: number;
  readonly used: number;
  readonly capacity: number;

  constructor(spanId: string, needed: number, used: number, capacity: number) {
    super(`context overflow: '${spanId}' needs ${needed} tokens, ${used}/${capacity} used`);
    this.needed = needed;
    this.used = used;
    this.capacity = capacity;
  }
}
