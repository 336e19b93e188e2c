/**
 * The adapter's supervised process ended (it exited, crashed, or was stopped after a call outlived its timeout):
 * every call to it fails with this, saying why, and the engine reports it as an adapter error at that step.
 */
export class SubjectExitedError extends Error {
  override readonly name = 'SubjectExitedError';
  readonly code = 'SUBJECT_EXITED';
}

/**
 * What the next `create` says of a process that ended while no call was running (after a run closed): the words
 * the engine knows it by, so it reports such an end as the adapter error it is, and never re-runs an empty trace
 * to call the system nondeterministic when it does not end again.
 */
export const ENDED_BETWEEN_RUNS = 'it ended while no call was running, after the previous run closed';

/**
 * How the adapter process's end is told when the adapter's own asynchronous code ended it (an uncaught exception
 * from a timer, a callback or an event; an unhandled promise rejection): not a call's answer, so when no step of
 * the run has run yet it may be an earlier run's doing.
 */
export const ASYNC_CRASHES = {
  unhandledRejection: 'an unhandled promise rejection',
  uncaughtException: 'an uncaught exception (thrown from a timer, a callback or an event, outside any call prunecheck made)',
} as const;

/**
 * How a crash's reason says the timer whose callback threw was set while an earlier run's system was called (the
 * supervised process remembers which call set each timer): the run it ended has no step to blame.
 */
export const SET_BY_EARLIER_RUN = 'from a timer an earlier run set';

/** Where a crash's timer was set, as its reason tells it: `step` 0 is the system's `create`. */
export function timerSetter(step: number, earlier: boolean): string {
  const call = step === 0 ? 'create()' : `step ${step}`;
  return earlier ? `${SET_BY_EARLIER_RUN} (at its ${call})` : `from a timer set at ${call} of this run`;
}
