import type { Finding } from '../../check/Finding.ts';
import { checkAuditLog, type AnsweredStep } from '../../check/runtime/checkAuditLog.ts';
import { recheckState } from '../../check/runtime/recheckState.ts';
import type { AuditEntry } from '../../model/AuditLog.ts';
import type { RequestRecord } from '../../model/Outcome.ts';
import type { ReferenceRuntime, SpanObservation } from '../../model/ReferenceRuntime.ts';

/** Steps between two rechecks of every id and signature an episode touched (issue 11); 0: never. */
export const DEFAULT_RECHECK_EVERY = 16;

/** What a recheck needs of the episode's driver: the system through its watchdog, and the judge of findings. */
export interface RecheckHost {
  readonly step: number;
  readonly reference: ReferenceRuntime;
  /** The system's observations after each step; the recheck's are merged into the last step's. */
  readonly observations: ReadonlyMap<string, SpanObservation>[];
  readonly observe: (ids: readonly string[]) => Promise<Map<string, SpanObservation> | Finding>;
  /** The system's ledger record of a signature, or the adapter finding its call raised; absent without `request()`. */
  readonly request?: ((signature: string) => Promise<RequestRecord | undefined | Finding>) | undefined;
  /** The system's audit log, or the adapter finding its call raised; absent without `auditLog()`. */
  readonly auditLog?: (() => Promise<readonly AuditEntry[] | Finding>) | undefined;
  /** The steps the system answered with an outcome so far, for the audit log to hold. */
  readonly answered?: () => readonly AnsweredStep[];
  /** A claimed finding is answered; an unclaimed one recorded (the run cut short unless it can resume). */
  readonly judge: (finding: Finding) => Finding | undefined;
  readonly stopped: () => boolean;
  readonly adoptScores: (shown: ReadonlyMap<string, SpanObservation>) => void;
}

const isFinding = (value: unknown): value is Finding => typeof value === 'object' && value !== null && 'invariant' in value && 'because' in value;

/**
 * `Map.prototype.forEach`'s callback copying an entry into `this` (no closure, no entry arrays): a recheck merges
 * every touched id's observation, and a default check runs mostly unoptimized, where a destructuring for-of over
 * a map pays an iterator, a result and an entry array per id.
 */
function setInto(this: Map<string, SpanObservation>, observation: SpanObservation, id: string): void {
  this.set(id, observation);
}

/**
 * Where an id was last observed in the steps before `step` (1-based), and what was seen; undefined if never.
 * A class, its method bound per recheck: under tsx every named function's `name` is redefined (esbuild's
 * `__name`), and binding such a function takes V8's slow path (about 230 ns against 7 for a method's bind).
 */
class LastObserved {
  constructor(
    private readonly observations: readonly ReadonlyMap<string, SpanObservation>[],
    private readonly step: number,
  ) {}

  in(id: string): { step: number; observation: SpanObservation } | undefined {
    for (let i = this.step - 1; i >= 0; i -= 1) {
      const observation = this.observations[i]?.get(id);
      if (observation !== undefined) return { step: i + 1, observation };
    }
    return undefined;
  }
}

/**
 * The episode's recheck (issue 11): which ids and signatures it has touched, and every `every` steps and at its
 * end, all of them re-observed and judged against the reference (`recheckState`), so state that decays after the
 * step that made it is found. A difference on an unclaimed invariant that the run goes past is counted once.
 */
export class Recheck {
  /** Every span id the episode named or was answered about, in first-touched order. */
  readonly touched = new Set<string>();
  /** Every signature the episode called. */
  readonly called = new Set<string>();
  /** How many rechecks ran. */
  count = 0;
  private last = 0;
  private readonly counted = new Set<string>();

  constructor(readonly every: number = DEFAULT_RECHECK_EVERY) {}

  /** Whether a recheck is due after `step` steps: every `every` steps, or at the end (`final`), once per step. */
  due(step: number, final: boolean): boolean {
    if (this.every === 0 || step === 0 || step === this.last) return false;
    return final || step % this.every === 0;
  }

  async run(host: RecheckHost): Promise<Finding | undefined> {
    const { step, observations } = host;
    this.last = step;
    this.count += 1;
    const ids = [...this.touched];
    const sut = await host.observe(ids);
    if (!(sut instanceof Map)) return sut;
    const ledger = new Map<string, RequestRecord | undefined>();
    if (host.request !== undefined) {
      for (const signature of this.called) {
        const held = await host.request(signature);
        if (isFinding(held)) return held;
        ledger.set(signature, held ?? undefined);
      }
    }
    // A bound method, not a named closure: under tsx each named closure costs a defineProperty (esbuild's __name).
    const last = new LastObserved(observations, step);
    const lastObserved = last.in.bind(last);
    const findings = recheckState({ step, reference: host.reference, ids, sut, ledger: host.request === undefined ? 'unsupported' : ledger, lastObserved });
    // What a recheck shows is what the system showed after the last step: re-runs and replays compare it too.
    // The driver records a map of its own for each step, read by nothing until a finding copies the list, so the
    // recheck's observations go into it in place (the same entries, in the same order, as a merged copy).
    const shown = observations[step - 1];
    if (shown instanceof Map) {
      sut.forEach(setInto, shown);
    } else if (shown !== undefined) {
      const merged = new Map(shown);
      sut.forEach(setInto, merged);
      observations[step - 1] = merged;
    }
    if (host.auditLog !== undefined && host.answered !== undefined) {
      const log = await host.auditLog();
      if (isFinding(log)) return log;
      const finding = Array.isArray(log) ? checkAuditLog(log, host.answered(), step) : { invariant: 'ADAPTER-ERROR' as const, because: [`auditLog() at the recheck after step ${step} answered ${typeof log}, not a list of entries`] };
      if (finding !== undefined) findings.push({ finding, key: `audit-log:${finding.invariant}` });
    }
    for (const { finding, key } of findings) {
      if (this.counted.has(key)) continue;
      this.counted.add(key);
      const claimed = host.judge(finding);
      if (claimed !== undefined || host.stopped()) return claimed;
      if (finding.resume === 'adopt-scores') host.adoptScores(sut);
    }
    return undefined;
  }
}
