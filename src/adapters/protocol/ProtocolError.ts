/**
 * Stable codes for everything that can go wrong between prunecheck and a runtime driven over the line
 * protocol (spec/PROTOCOL.md §6). Each is a fault of the runtime under test, reported as a finding at the step
 * where it happened; none is a crash of prunecheck.
 */
export type ProtocolErrorCode =
  /** The command could not be started (not found, not executable). */
  | 'SPAWN_FAILED'
  /** The child exited or closed its stdout while prunecheck was waiting for an answer. */
  | 'CHILD_EXITED'
  /** A line on stdout is not a JSON object. */
  | 'BAD_JSON'
  /** stdout ended, or the timeout passed, with bytes after the last newline: a line never finished. */
  | 'PARTIAL_LINE'
  /** An answer carries an id other than the request's, or arrives when no request is outstanding. */
  | 'WRONG_ID'
  /** A line is longer than the limit (default 8 MiB); the child is stopped before it is read further. */
  | 'LINE_TOO_LONG'
  /** No answer within the per-operation timeout (or the start-up timeout, for the handshake). */
  | 'TIMEOUT'
  /** The handshake names another protocol version than this prunecheck speaks. */
  | 'VERSION_MISMATCH'
  /** The handshake is malformed: missing name, capabilities naming unknown operations or invariants, … */
  | 'BAD_HANDSHAKE'
  /** An answer has neither `result` nor `error`, or its `result` is not the shape the method returns. */
  | 'BAD_RESPONSE'
  /** The runtime answered a well-formed operation with an `internal` error: it failed to execute it. */
  | 'RUNTIME_ERROR'
  /** Re-applied on a fresh episode (to observe what a batch did not), a step answered otherwise than in the batch. */
  | 'NONDETERMINISTIC'
  /** The client was used after `close()` or after an earlier fault stopped the child. */
  | 'CLOSED';

/** How the conformance engine reports a protocol fault: a timeout is "unknown", everything else an adapter error. */
export type ProtocolFinding = 'TIMEOUT' | 'ADAPTER-ERROR';

/**
 * A fault of a runtime driven over the line protocol. Thrown from `apply`, `observe`, `request` and `create`
 * of a `cmd:` adapter, so the engine records it as a finding at that step. `stderr` is the tail of what the
 * child wrote to stderr (never parsed); the message ends with its last lines so it shows with the failure.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  readonly code: ProtocolErrorCode;
  /** The command line of the child, as given after `cmd:`. */
  readonly command: string;
  /** The protocol method that was outstanding (`hello`, `reset`, `apply`, …), when there was one. */
  readonly method: string | undefined;
  /** The child's stderr tail (the last 64 KiB by default). */
  readonly stderr: string;

  constructor(
    code: ProtocolErrorCode,
    message: string,
    context: { readonly command: string; readonly method?: string | undefined; readonly stderr?: string },
    options?: { cause?: unknown },
  ) {
    const stderr = context.stderr ?? '';
    super(`${message}${stderrExcerpt(stderr)}`, options);
    this.code = code;
    this.command = context.command;
    this.method = context.method;
    this.stderr = stderr;
  }

  /** The finding this fault becomes in a check report. */
  get finding(): ProtocolFinding {
    return this.code === 'TIMEOUT' ? 'TIMEOUT' : 'ADAPTER-ERROR';
  }
}

const EXCERPT_LINES = 20;

/** The last lines of stderr, indented, for the error message; empty when the child wrote nothing. */
function stderrExcerpt(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const tail = lines.slice(-EXCERPT_LINES);
  const cut = lines.length > tail.length ? `  … (${lines.length - tail.length} earlier lines)\n` : '';
  return `\n  child stderr (last ${tail.length} lines):\n${cut}${tail.map((line) => `  | ${line}`).join('\n')}`;
}
