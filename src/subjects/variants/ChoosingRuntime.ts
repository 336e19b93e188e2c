import { REFERENCE_CHOOSER, type Chooser } from '../../model/Chooser.ts';
import type { Operation } from '../../model/Operation.ts';
import type { Outcome } from '../../model/Outcome.ts';
import { ReferenceRuntime, type RuntimeConfig } from '../../model/ReferenceRuntime.ts';

/**
 * The reference runtime making some of the choices spec/SPEC.md §7 leaves open its own way: `choices` replaces
 * the reference's chooser where it says, and keeps the reference's elsewhere.
 */
export class ChoosingRuntime extends ReferenceRuntime {
  private readonly own: Chooser;

  constructor(config: RuntimeConfig, choices: Partial<Chooser>) {
    super(config);
    this.own = { ...REFERENCE_CHOOSER, ...choices };
  }

  override apply(op: Operation, chooser: Chooser = this.own): Outcome {
    return super.apply(op, chooser);
  }
}
