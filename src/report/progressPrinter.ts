import type { CheckProgress } from '../check/CheckProgress.ts';
import { formatCount } from '../util/markdownText.ts';
import { terminalText } from '../util/terminalText.ts';

/** Where progress goes: stderr in the CLI, so a report on stdout stays clean. */
export interface ProgressStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
}

export interface ProgressPrinterOptions {
  readonly stream: ProgressStream;
  /** A single updating line (terminal) or plain lines (logs). Default: the stream's `isTTY`. */
  readonly tty?: boolean;
  /** Nothing is shown for checks that finish sooner than this. Default 2000 ms. */
  readonly delayMs?: number;
  /** Non-terminal: one line every this many runs. Default: a tenth of the runs. */
  readonly everyRuns?: number;
}

export interface ProgressPrinter {
  /** Pass as `CheckOptions.onProgress`. */
  readonly update: (progress: CheckProgress) => void;
  /** Clears the updating line; call once the check has finished (also after a failure). */
  readonly done: () => void;
}

const CLEAR_LINE = '\r\u001b[K';
/** A terminal line is redrawn at most this often: redrawing on every run would cost more than the run. */
const REDRAW_MS = 100;
/** Not on a terminal: a line for every this many candidates shrinking tries. */
const SHRINK_LINE_EVERY = 25;

export function progressLine(p: CheckProgress): string {
  const seconds = (p.elapsedMs / 1000).toFixed(1);
  if (p.shrinking !== undefined) {
    const { finding, tried, steps } = p.shrinking;
    return `${terminalText(p.adapter)}: shrinking the ${terminalText(finding)} finding · ${formatCount(tried)} ${tried === 1 ? 'candidate' : 'candidates'} tried · smallest ${formatCount(steps)} ${steps === 1 ? 'step' : 'steps'} · ${seconds} s`;
  }
  const findings = p.violations === 0 ? '' : ` · ${p.violations} ${p.violations === 1 ? 'violation' : 'violations'}`;
  return `${terminalText(p.adapter)}: ${p.unit ?? 'run'} ${formatCount(p.runsDone)}/${formatCount(p.runsTotal)} · ${formatCount(p.opsChecked)} ops · ${seconds} s${findings}`;
}

/**
 * Shows the progress of a long check. Time comes from the progress reports themselves (`elapsedMs`), so the
 * printer has no clock of its own and behaves the same in tests.
 */
export function createProgressPrinter(options: ProgressPrinterOptions): ProgressPrinter {
  const tty = options.tty ?? options.stream.isTTY === true;
  const delayMs = options.delayMs ?? 2000;
  let shown = false;
  let lastDrawMs = -Infinity;
  return {
    update(p) {
      if (p.elapsedMs < delayMs) return;
      const finished = p.runsDone >= p.runsTotal;
      if (tty) {
        if (!finished && p.elapsedMs - lastDrawMs < REDRAW_MS) return;
        lastDrawMs = p.elapsedMs;
        shown = true;
        options.stream.write(`${CLEAR_LINE}${progressLine(p)}`);
        return;
      }
      if (p.shrinking !== undefined) {
        // A log gets the first candidate, then one line every SHRINK_LINE_EVERY: shrinking can run for minutes.
        if (p.shrinking.tried === 1 || p.shrinking.tried % SHRINK_LINE_EVERY === 0) options.stream.write(`${progressLine(p)}\n`);
        return;
      }
      const every = options.everyRuns ?? Math.max(1, Math.ceil(p.runsTotal / 10));
      if (p.runsDone % every === 0 || finished) options.stream.write(`${progressLine(p)}\n`);
    },
    done() {
      if (shown) options.stream.write(CLEAR_LINE);
      shown = false;
    },
  };
}
