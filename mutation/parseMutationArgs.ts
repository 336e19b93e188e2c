import { parseArgs } from 'node:util';
import { parseFocusLine, type Focus } from './focusMutants.ts';
import { MutationError } from './MutationError.ts';
import { SAMPLE_DEFAULTS } from './sampleMutants.ts';
import { DEFAULT_SUITE, type SuiteSettings } from './suiteSettings.ts';

export interface MutationOptions {
  /** Absent: every mutant. Present: a seeded sample of this many (the CI mode). */
  readonly sample: { readonly size: number; readonly seed: number } | undefined;
  /** Present: re-run only these mutants (`--gaps`, `--mutate`) in today's model. */
  readonly focus: Focus | undefined;
  readonly concurrency: number;
  readonly suite: SuiteSettings;
  /** Output path without extension: `<out>.json`, `<out>.md`; Stryker's own files go to the folder `<out>/`. */
  readonly out: string;
  /** Re-render the reports from an earlier run's folder (its stryker.json and timing) instead of running Stryker. */
  readonly renderFrom: string | undefined;
  /** With `renderFrom`: a focused run's folder whose results replace those of the same mutants. */
  readonly merge: string | undefined;
  readonly help: boolean;
}

export const MUTATION_USAGE = `Usage: npm run mutation -- [options]

Mutates a copy of the reference model (src/model → mutation/sut/model, generated, git-ignored) with StrykerJS,
runs the conformance check against every mutant and writes <out>.md and <out>.json: the score, the time per
mutant, and every survivor with its triage (mutation/triage.json). Stryker's HTML and JSON go to <out>/.
Exit code 1 when a survivor is not in mutation/triage.json. docs/mutation.md says more.

Options:
  --sample <n>         a seeded sample of n mutants (every mutant at their nodes runs): the CI mode; writes
                       reports/mutation-sample.* unless --out says otherwise
  --sample-seed <n>    the sample's seed (default ${SAMPLE_DEFAULTS.seed})
  --gaps               re-run only the mutants mutation/triage.json calls gaps, found in today's model by their
                       keys (after a checker or generator change): reports/mutation-focused.* unless --out
  --mutate <file:line> re-run only the mutants starting on that line of src/model (runAppend.ts:17); repeatable
  --concurrency <n>    Stryker test-runner processes (default 2)
  --seeds <n,n,...>    the check's seeds, one test each (default ${DEFAULT_SUITE.seeds.join(',')})
  --runs <n>           generated runs per seed (default ${DEFAULT_SUITE.runs})
  --out <path>         output path without extension (default reports/mutation)
  --render-from <dir>  run nothing: rebuild <out>.md and <out>.json from an earlier run's Stryker folder (after
                       editing mutation/triage.json)
  --merge <dir>        with --render-from: a focused run's folder; its results replace the earlier run's for the
                       same mutants (matched by key), and the report names both runs' commits
  -h, --help           this text
`;

function integer(name: string, text: string, min: number): number {
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < min) throw new MutationError('BAD_ARGUMENT', `${name} must be an integer ≥ ${min}, got '${text}'`);
  return value;
}

/** Parses `npm run mutation`'s arguments; throws `MutationError` (`BAD_ARGUMENT`) naming the option. */
export function parseMutationArgs(argv: readonly string[]): MutationOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        sample: { type: 'string' },
        gaps: { type: 'boolean', default: false },
        mutate: { type: 'string', multiple: true },
        merge: { type: 'string' },
        'sample-seed': { type: 'string' },
        concurrency: { type: 'string' },
        seeds: { type: 'string' },
        runs: { type: 'string' },
        out: { type: 'string' },
        'render-from': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new MutationError('BAD_ARGUMENT', `${(error as Error).message}; see --help`, { cause: error });
  }
  if (values['sample-seed'] !== undefined && values.sample === undefined) throw new MutationError('BAD_ARGUMENT', '--sample-seed needs --sample <n>');
  const sample = values.sample === undefined ? undefined : { size: integer('--sample', values.sample, 1), seed: values['sample-seed'] === undefined ? SAMPLE_DEFAULTS.seed : integer('--sample-seed', values['sample-seed'], 0) };
  const lines = (values.mutate ?? []).map(parseFocusLine);
  if (values.gaps === true && lines.length > 0) throw new MutationError('BAD_ARGUMENT', '--gaps and --mutate both choose the mutants: give one');
  const focus: Focus | undefined = values.gaps === true ? { kind: 'gaps' } : lines.length > 0 ? { kind: 'lines', lines } : undefined;
  if (focus !== undefined && sample !== undefined) throw new MutationError('BAD_ARGUMENT', `--sample and --${focus.kind === 'gaps' ? 'gaps' : 'mutate'} both choose the mutants: give one`);
  if (values.merge !== undefined && values['render-from'] === undefined) throw new MutationError('BAD_ARGUMENT', '--merge needs --render-from <the earlier run>');
  const seeds = values.seeds === undefined ? DEFAULT_SUITE.seeds : values.seeds.split(',').map((s) => integer('--seeds', s.trim(), 0));
  if (new Set(seeds).size !== seeds.length) throw new MutationError('BAD_ARGUMENT', `--seeds lists a seed twice: ${values.seeds ?? ''}`);
  return {
    sample,
    concurrency: values.concurrency === undefined ? 2 : integer('--concurrency', values.concurrency, 1),
    suite: { seeds, runs: values.runs === undefined ? DEFAULT_SUITE.runs : integer('--runs', values.runs, 1) },
    focus,
    out: values.out ?? (sample !== undefined ? 'reports/mutation-sample' : focus !== undefined ? 'reports/mutation-focused' : 'reports/mutation'),
    renderFrom: values['render-from'],
    merge: values.merge,
    help: values.help === true,
  };
}
