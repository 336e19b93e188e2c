import { ASYNC_CRASHES, ENDED_BETWEEN_RUNS, SET_BY_EARLIER_RUN } from '../../adapters/supervise/SubjectExitedError.ts';
import { FindingError } from '../FindingError.ts';

/** Why an adapter's process ended that no step of a run that has not stepped yet can have caused. */
const NOT_THIS_RUNS = [ENDED_BETWEEN_RUNS, ASYNC_CRASHES.uncaughtException, ASYNC_CRASHES.unhandledRejection];

/**
 * A run that could not start because the adapter's process ended on the adapter's own asynchronous code (a timer,
 * a callback, a promise nobody handled) or had ended after the previous run: an earlier run's doing, most likely,
 * that prunecheck cannot tie to a step. Re-running this run's empty trace would not end it again, and would call
 * the system nondeterministic; it is reported as the adapter error it is.
 */
function endedBetweenRuns(why: string): boolean {
  return NOT_THIS_RUNS.some((reason) => why.includes(reason));
}

/** What a report adds to such a finding, so nobody looks for the cause in the empty trace. */
const BETWEEN_RUNS_NOTE = 'no step of this run had run: the adapter ended its process from code it left running (a timer, a callback, a promise), probably in an earlier run; prunecheck cannot tie that to a step, so the trace is empty and it is not re-run';

/** The same, when the supervised process knows which earlier run's step set the timer (named in the reason). */
const SET_BEFORE_RUN_NOTE = "no step of this run had run: a timer an earlier run's step set (named above) ended the adapter's process; that run had passed by then, so the trace is empty and it is not re-run";

/** What a finding says of a run whose `create` failed for `why`: the reason, and the note when no step can be blamed. */
export function createFailedBecause(why: string): string[] {
  if (!endedBetweenRuns(why)) return [why];
  return [why, why.includes(SET_BY_EARLIER_RUN) ? SET_BEFORE_RUN_NOTE : BETWEEN_RUNS_NOTE];
}

/** What a report adds when a timer an earlier run set ended the process while this run ran (`SET_BY_EARLIER_RUN`). */
const EARLIER_RUN_NOTE = 'a timer an earlier run set ended the process while a later run ran, so no step of that run caused it: the trace is empty and it is not re-run';

/**
 * A finding of this run that an earlier run caused: the supervised process knows which call set the timer that
 * ended it. This run's steps are not its trace (re-run alone, they would not end the process, and the system would
 * be called nondeterministic): it is the adapter error it is, with an empty trace and the note.
 */
export function earlierRuns(error: FindingError): FindingError {
  if (error.finding.invariant !== 'ADAPTER-ERROR' || error.trace.length === 0) return error;
  const why = error.finding.because.filter((line) => line.includes(SET_BY_EARLIER_RUN));
  if (why.length === 0) return error;
  return new FindingError({ invariant: 'ADAPTER-ERROR', because: [...why, EARLIER_RUN_NOTE] }, error.config, [], []);
}

/** A finding of such a run: found by its note, which also crosses from a worker thread with the finding's text. */
export function isBetweenRuns(error: FindingError): boolean {
  return error.finding.invariant === 'ADAPTER-ERROR' && error.trace.length === 0 && [BETWEEN_RUNS_NOTE, SET_BEFORE_RUN_NOTE, EARLIER_RUN_NOTE].some((note) => error.finding.because.includes(note));
}

/**
 * An exception thrown from the adapter's timer (or callback, or event): the event loop, not a step, decides when it
 * ends the process, so a re-run of the trace may see it a step later or after the run. It is an adapter error
 * however it is timed, and is not re-run to be called nondeterministic.
 */
export function isTimedCrash(error: FindingError): boolean {
  return error.finding.invariant === 'ADAPTER-ERROR' && error.finding.because.some((line) => line.includes(ASYNC_CRASHES.uncaughtException));
}
