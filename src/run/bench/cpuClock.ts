/** CPU time of this process (user + system), in ms: unlike wall time, it does not count waiting for a core. */
export function cpuNow(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** What two back-to-back reads of the clock cost, in ms (median of 201): subtracted from every batch. */
export function clockOverhead(read: () => number = cpuNow): number {
  const deltas: number[] = [];
  for (let i = 0; i < 201; i += 1) {
    const a = read();
    deltas.push(read() - a);
  }
  return median(deltas);
}

/** The median of some numbers; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
