import type { Adapter } from '../adapters/Adapter.ts';
import { adapterModulePath } from '../adapters/adapterModulePath.ts';
import { looksLikeModulePath } from '../adapters/importAdapterModule.ts';
import { findBuiltin } from '../subjects/builtins.ts';
import { findPolicyAdapter } from '../subjects/policy/index.ts';
import { isPolicyAdapter } from '../adapters/policy/validatePolicyAdapter.ts';
import type { PolicyAdapter } from '../adapters/policy/PolicyAdapter.ts';
import { resolveAdapter, type ResolvedAdapter } from '../subjects/resolveAdapter.ts';
import { applyExpectations, expectationsFor } from './expectations/applyExpectations.ts';
import { checkPastExpected } from './expectations/checkPastExpected.ts';
import type { ExpectationsFile, ExpectationsOutcome } from './expectations/Expectations.ts';
import { readExpectations } from './expectations/readExpectations.ts';
import type { CheckOptions } from './CheckOptions.ts';
import { CheckOptionsError } from './CheckOptionsError.ts';
import type { CheckReport } from './CheckReport.ts';
import { checkPolicyAdapter, type PolicyCheckReport } from './policy/checkPolicyAdapter.ts';
import { checkRuns as checkRuntimeAdapter } from './parallel/checkRuns.ts';
import { SubjectLoadFailure } from '../adapters/supervise/SubjectLoadFailure.ts';
import type { LoadOptions } from '../adapters/supervise/Supervisor.ts';
import { loadFailureReport } from './loadFailureReport.ts';

/** Anything `checkAdapter` takes: a runtime adapter, a policy adapter, or what `--adapter` accepts (a built-in's name, a module path, `cmd:…`). */
export type AnyAdapter = Adapter | PolicyAdapter | string;

/** A runtime-mode check's report. */
export interface RuntimeCheckReport extends CheckReport {
  readonly mode: 'runtime';
}

/**
 * What `checkAdapter` answers for every kind of adapter: a CheckReport, told apart by `mode`; read against
 * known findings (`expectations`) when options name them.
 */
export type AdapterReport = (RuntimeCheckReport | PolicyCheckReport) & { readonly expectations?: ExpectationsOutcome };

/** `checkAdapter`'s options: those of `prunecheck check`, and known findings (docs/expectations.md). */
export interface AdapterCheckOptions extends CheckOptions {
  /**
   * Known findings: a path to an expectations file (`prunecheck.expectations.json`) or its contents. The report
   * then carries `expectations` (expected, new, unexpected passes) and `expectations.passed` says whether the
   * check is as expected. A runtime-mode check looks past expected findings for new ones.
   */
  readonly expectations?: string | ExpectationsFile;
  /** An expected finding that no longer occurs is reported but does not make `expectations.passed` false. */
  readonly allowUnexpectedPasses?: boolean;
}

/**
 * Runs the conformance suite against any adapter and answers the report as data, as `prunecheck check` does:
 * runtime adapters (in-process or `cmd:`) go to the runtime engine, policy adapters to the policy engine.
 * Counterexamples are written before it returns, and their replay commands name the adapter so that
 * `npx prunecheck replay <file>` loads it with no other option: for an adapter object, the module that defines
 * its `create` (found from the running process), unless `options.adapterRef` says otherwise.
 */
export async function checkAdapter(adapter: AnyAdapter, options: AdapterCheckOptions = {}): Promise<AdapterReport> {
  const { expectations: given, allowUnexpectedPasses, ...checkOptions } = options;
  const source = typeof given === 'string' ? given : 'expectations';
  const expectations = typeof given === 'string' ? await readExpectations(given) : given;
  const report = await checkAny(adapter, checkOptions, expectations);
  return expectations === undefined ? report : applyExpectations(report, expectations, source, allowUnexpectedPasses === undefined ? {} : { allowUnexpectedPasses });
}

/** How `--adapter`'s module is loaded, from the check's options. */
export function loadOptionsOf(options: Pick<CheckOptions, 'inProcess' | 'loadTimeoutMs' | 'opTimeoutMs'>): LoadOptions {
  return {
    ...(options.inProcess === undefined ? {} : { inProcess: options.inProcess }),
    ...(options.loadTimeoutMs === undefined ? {} : { loadTimeoutMs: options.loadTimeoutMs }),
    ...(options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs }),
  };
}

async function checkAny(adapter: AnyAdapter, options: CheckOptions, expectations: ExpectationsFile | undefined): Promise<AdapterReport> {
  let resolved: ResolvedAdapter;
  try {
    resolved = typeof adapter === 'string' ? await resolveAdapter(adapter, loadOptionsOf(options)) : isPolicyAdapter(adapter) ? { mode: 'policy', adapter } : { mode: 'runtime', adapter };
  } catch (error: unknown) {
    // A module that exits, crashes or hangs while it loads is the subject's failure: a verdict, not a throw.
    if (error instanceof SubjectLoadFailure) return { mode: 'runtime', ...loadFailureReport(error, options.seed) };
    throw error;
  }
  const ref = options.adapterRef ?? (typeof adapter === 'string' ? adapter : await referenceTo(resolved));
  const adapterRef = ref ?? resolved.adapter.name;
  const inProcess = options.inProcess === true && typeof adapter === 'string' && looksLikeModulePath(adapter) && !/^[a-z]+:/.test(adapter) ? ({ inProcess: true } as const) : {};
  try {
    if (resolved.mode === 'policy') {
      if (options.timeLimitSeconds !== undefined) throw new CheckOptionsError(`timeLimitSeconds does not apply to policy-mode adapters such as ${resolved.adapter.name}: it generates whole conversations; bound the check with runs`);
      if (options.shard !== undefined || (options.workers ?? 1) > 1) throw new CheckOptionsError(`shard and workers apply to runtime-mode adapters, not to policy-mode ones such as ${resolved.adapter.name}: bound the check with runs`);
      if (options.long !== undefined || options.recheckEvery !== undefined) throw new CheckOptionsError(`long and recheckEvery apply to runtime-mode adapters, not to policy-mode ones such as ${resolved.adapter.name}: it checks whole conversations; bound the check with runs and maxSteps (turns)`);
      const report = await checkPolicyAdapter(resolved.adapter, {
        adapterRef,
        ...(options.runs === undefined ? {} : { runs: options.runs }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.maxSteps === undefined ? {} : { maxTurns: options.maxSteps }),
        ...(options.outDir === undefined ? {} : { outDir: options.outDir }),
        ...(options.opTimeoutMs === undefined ? {} : { opTimeoutMs: options.opTimeoutMs }),
      });
      return { ...(ref === undefined ? withReplayHint(report, report.adapter) : report), ...inProcess };
    }
    const expected = new Set(expectationsFor(expectations, resolved.adapter.name).map((e) => e.invariant));
    const report: RuntimeCheckReport = { mode: 'runtime', ...(await checkPastExpected(resolved.adapter, { ...options, adapterRef }, expected, checkRuntimeAdapter)), ...inProcess };
    return ref === undefined ? withReplayHint(report, report.adapter) : report;
  } finally {
    // A `cmd:` adapter this call started keeps idle children between runs: stop them.
    if (typeof adapter === 'string' && 'drain' in resolved.adapter && typeof resolved.adapter.drain === 'function') await (resolved.adapter.drain as () => Promise<void>)();
  }
}

/** The `--adapter` value that loads this adapter object again, if there is one. */
async function referenceTo(resolved: ResolvedAdapter): Promise<string | undefined> {
  const { adapter } = resolved;
  const commandLine = (adapter as { commandLine?: unknown }).commandLine;
  if (resolved.mode === 'runtime' && typeof commandLine === 'string') return `cmd:${commandLine}`;
  // An adapter `loadAdapter` loaded from a module into its supervised process: that module.
  const supervised = (adapter as { supervised?: unknown }).supervised;
  if (typeof supervised === 'string') return supervised;
  const path = await adapterModulePath(adapter.create);
  if (path !== undefined) return path;
  const builtin = resolved.mode === 'runtime' ? findBuiltin(adapter.name) !== undefined : findPolicyAdapter(adapter.name) !== undefined;
  return builtin ? adapter.name : undefined;
}

/** When no module path is known, a replay command cannot load the adapter by itself: say what it needs. */
function withReplayHint<R extends AdapterReport>(report: R, name: string): R {
  const hint = ` --adapter <module whose default export is ${name}>`;
  return { ...report, violations: report.violations.map((v) => (v.replay === '' ? v : { ...v, replay: `${v.replay}${hint}` })) };
}
