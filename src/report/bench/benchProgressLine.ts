import type { BenchProgress } from '../../run/bench/runBench.ts';
import { formatNs, formatSize } from './benchFormat.ts';
import { terminalText } from './terminalText.ts';

/** `[5/24] 10³ archiving-window step-prune: 98.0 µs per call (5 iterations)`, or why the path was not measured. */
export function benchProgressLine(p: BenchProgress): string {
  const head = `[${p.done}/${p.total}] ${formatSize(p.size)} ${terminalText(p.subject)} ${p.path}`;
  return p.outcome.kind === 'measured' ? `${head}: ${formatNs(p.outcome.nsPerCall)} per call (${p.outcome.samples} iterations)` : `${head}: not measured (${terminalText(p.outcome.reason).slice(0, 160)})`;
}
