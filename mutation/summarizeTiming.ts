import type { MutationTiming } from './MutationReport.ts';
import type { TimingLine } from './pluginEnv.ts';

/** Results that arrive without a test run: not part of the time per mutant. */
const NOT_RUN = new Set(['Ignored', 'NoCoverage', 'Pending']);

/** Reads the timing reporter's lines (mutation/strykerPlugins.ts) into the report's timing. */
export function summarizeTiming(text: string, concurrency: number): MutationTiming {
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as TimingLine);
  const dryRun = lines.find((l) => l.id === 'dry-run');
  const run = lines.filter((l) => l.id !== 'dry-run' && !NOT_RUN.has(l.status));
  const net = dryRun === undefined ? undefined : /net (\d+(?:\.\d+)?) ms/.exec(dryRun.status)?.[1];
  const last = run.reduce<number | undefined>((latest, l) => (latest === undefined || l.at > latest ? l.at : latest), undefined);
  const wallMs = dryRun === undefined || last === undefined ? undefined : last - dryRun.at;
  return {
    concurrency,
    dryRunMs: net === undefined ? undefined : Math.round(Number(net)),
    wallMs,
    mutantsRun: run.length,
    meanMsPerMutant: wallMs === undefined || run.length === 0 ? undefined : Math.round((wallMs * concurrency) / run.length),
  };
}
