import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestRunner, DryRunResult, MutantRunResult, TestRunnerCapabilities, MutantRunOptions, TestResult } from '@stryker-mutator/api/test-runner';
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';
import type { Adapter } from '../src/adapters/Adapter.ts';
import { checkAdapter } from '../src/run/checkAdapter.ts';
import { describeThrown } from '../src/util/safeJson.ts';
import { killMessage, loadFailureMessage } from './killMessage.ts';
import { loadSutAdapter } from './sutAdapter.ts';
import { suiteSettingsFrom, type SuiteSettings } from './suiteSettings.ts';

/** Stryker's global namespace, as its instrumenter writes it into the mutated copy. */
const NAMESPACE = '__stryker__';

/** One seed's conformance check: the mutant is killed when the verdict is anything but `conformant`. */
/** The copy of one run, or why it did not load. */
type Loaded = { readonly kind: 'loaded'; readonly adapter: Adapter } | { readonly kind: 'failed'; readonly error: string };

type SeedResult = { readonly kind: 'conformant'; readonly ms: number } | { readonly kind: 'killed'; readonly ms: number; readonly message: string };

/** The test id Stryker records for a seed (the mutation report reads kills back by it). */
export function seedTestName(seed: number, runs: number): string {
  return `the conformance check finds the copy of the reference conformant seed ${seed}, ${runs} runs`;
}

/**
 * Stryker's test runner for the mutation run (docs/mutation.md, "What counts as killed"): the library's
 * `checkAdapter` against the mutated copy at each seed of the suite, in order, until one is not `conformant`.
 *
 * It runs in Stryker's child process, where the oracle (checker, generator, reference model) is loaded once and
 * stays warm. Each mutant gets a fresh evaluation of the copy: the instrumented files are copied into a new folder
 * of the sandbox and imported from there with the mutant already active, so a mutant in module-level code is as
 * live as one in a function (Stryker's "static" activation, which every mutant gets with coverage analysis off).
 * Each evaluation stays in memory (ES modules are never unloaded): `maxTestRunnerReuse` restarts the process
 * every so many mutants. A mutant that hangs is stopped by Stryker's timeout, which restarts the process.
 */
export class ConformanceTestRunner implements TestRunner {
  /** Nothing injected (typed-inject, which Stryker's class plugins go through, reads this). */
  static readonly inject = [] as const;
  private readonly scratch: string;
  private readonly outDir: string;
  private evaluations = 0;

  /**
   * @param copyDir the instrumented copy: by default the one in Stryker's sandbox, this process's working directory
   * @param settings seeds and runs, by default from the environment the mutation runner sets (mutation/suiteSettings.ts)
   */
  constructor(
    private readonly copyDir: string = join(process.cwd(), 'mutation', 'sut', 'model'),
    private readonly settings: SuiteSettings = suiteSettingsFrom(process.env),
  ) {
    this.scratch = mkdtempSync(join(dirname(copyDir), 'eval-'));
    this.outDir = mkdtempSync(join(dirname(copyDir), 'out-'));
  }

  capabilities(): TestRunnerCapabilities {
    return { reloadEnvironment: true };
  }

  async dryRun(): Promise<DryRunResult> {
    const tests: TestResult[] = [];
    const loaded = await this.freshCopy(undefined);
    for (const [index, seed] of this.settings.seeds.entries()) {
      const result = await this.runSeed(loaded, seed, index === 0);
      const base = { id: seedTestName(seed, this.settings.runs), name: seedTestName(seed, this.settings.runs), timeSpentMs: result.ms };
      tests.push(result.kind === 'conformant' ? { ...base, status: TestStatus.Success } : { ...base, status: TestStatus.Failed, failureMessage: result.message });
    }
    return { status: DryRunStatus.Complete, tests };
  }

  async mutantRun(options: MutantRunOptions): Promise<MutantRunResult> {
    const loaded = await this.freshCopy(options.activeMutant.id);
    for (const [index, seed] of this.settings.seeds.entries()) {
      const result = await this.runSeed(loaded, seed, index === 0);
      if (result.kind === 'killed') return { status: MutantRunStatus.Killed, killedBy: [seedTestName(seed, this.settings.runs)], failureMessage: result.message, nrOfTests: index + 1 };
    }
    return { status: MutantRunStatus.Survived, nrOfTests: this.settings.seeds.length };
  }

  async dispose(): Promise<void> {
    rmSync(this.scratch, { recursive: true, force: true });
    rmSync(this.outDir, { recursive: true, force: true });
  }

  /** One seed's check. The recorded incident scenarios run at the first seed only, as the suite always ran them. */
  private async runSeed(loaded: Loaded, seed: number, examples: boolean): Promise<SeedResult> {
    const started = performance.now();
    const ms = (): number => performance.now() - started;
    // A copy that does not load fails every seed, as prunecheck fails to load such an adapter.
    if (loaded.kind === 'failed') return { kind: 'killed', ms: ms(), message: `${loadFailureMessage(seed)}: ${loaded.error}` };
    try {
      const report = await checkAdapter(loaded.adapter, { seed, runs: this.settings.runs, outDir: this.outDir, adapterRef: loaded.adapter.name, examples });
      return report.verdict === 'conformant' ? { kind: 'conformant', ms: ms() } : { kind: 'killed', ms: ms(), message: killMessage(report) };
    } catch (error: unknown) {
      // A throw out of the check fails the seed, as a failing assertion would.
      return { kind: 'killed', ms: ms(), message: `the conformance check threw at seed ${seed}: ${describeThrown(error)}` };
    }
  }

  /**
   * The copy with `mutant` active (none in the dry run), evaluated anew: its files under a folder no earlier
   * import has seen, so every module of it runs again, the mutant live from the first line. The seeds share it.
   */
  private async freshCopy(mutant: string | undefined): Promise<Loaded> {
    const ns = ((globalThis as Record<string, unknown>)[NAMESPACE] ??= {}) as { activeMutant?: string };
    if (mutant === undefined) delete ns.activeMutant;
    else ns.activeMutant = mutant;
    this.evaluations += 1;
    const dir = join(this.scratch, String(this.evaluations));
    cpSync(this.copyDir, dir, { recursive: true });
    try {
      return { kind: 'loaded', adapter: await loadSutAdapter(dir) };
    } catch (error: unknown) {
      return { kind: 'failed', error: describeThrown(error) };
    }
  }
}
