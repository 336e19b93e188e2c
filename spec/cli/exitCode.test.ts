import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_POLICY_PRUNERS } from '../../src/subjects/policy/broken/index.ts';
import type { PolicyAdapter } from '../../src/adapters/policy/PolicyAdapter.ts';
import { createCheckCommand } from '../../src/cli/checkCommand.ts';
import { isInputError } from '../../src/cli/exitCode.ts';
import { UsageError } from '../../src/cli/UsageError.ts';
import { AdapterLoadError } from '../../src/adapters/AdapterLoadError.ts';
import { OutputPathError } from '../../src/util/writeFileAtomic.ts';
import { CounterexampleFileError } from '../../src/run/CounterexampleFileError.ts';
import { PolicyCounterexampleError } from '../../src/run/policy/replayPolicyCounterexample.ts';
import { checkPolicyAdapter } from '../../src/run/policy/checkPolicyAdapter.ts';
import { MAX_COUNTEREXAMPLE_BYTES } from '../../src/run/readCounterexampleFile.ts';
import { UntrustedAdapterError } from '../../src/run/replayTrust.ts';
import { ExpectationsError } from '../../src/run/expectations/ExpectationsError.ts';
import { CheckOptionsError } from '../../src/run/CheckOptionsError.ts';
import { ScenarioError } from '../../src/scenario/ScenarioError.ts';
import { MAX_SCENARIO_BYTES } from '../../src/scenario/loadScenario.ts';
import { runCli, runCommand } from '../helpers/cli.ts';
import { scratch, tinyScenario } from '../helpers/faults.ts';
import { conformantReport, counterexample } from '../helpers/reports.ts';

// Issue 12, "every exit-2 path has a test with its message": the paths that had none elsewhere. Each row is
// an input error decided before anything runs (or, for --out, when the report is written): exit 2, a message
// naming the file, field or flag and how to fix it, and no stack trace. The paths tested in other files are
// listed in the report of the change that added this one (flags: checkCommand, parseOptions, listCommand;
// counterexample fields: replayCommand, faults/crash; output paths: faults/crash, dataLoss, hang; trust:
// faults/path; scenarios: scenario/scenarioCommand; libraries: missingLibrary; CommonJS: importAdapterModule).
const temp = scratch('exit-two');
let dir = '';
const at = (name: string): string => join(dir, name);
const write = (name: string, content: unknown): string => {
  writeFileSync(at(name), typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  return at(name);
};
let policyFile = '';

beforeAll(async () => {
  dir = temp();
  write('bad-field.expectations.json', { format: 'prunecheck-expectations/1', expectations: [{ adapter: 'reference', invariant: 'INV-99', reason: 'x' }] });
  write('not-json.expectations.json', '{"format": ');
  write('bad-export.mjs', "export default { name: 'half', version: '1', create() {} };\n");
  write('throws.mjs', "throw new Error('boom at import');\n");
  write('bad-policy.mjs', "export default { kind: 'policy', name: 'p', version: '1', description: 'd', package: 'x', create() {} };\n");
  write('unknown-ref.json', counterexample({ adapterRef: 'no-such-runtime' }));
  write('policy-ref.json', counterexample({ adapterRef: 'archiving-window' }));
  mkdirSync(at('a-directory.json'));
  write('huge.json', '');
  truncateSync(at('huge.json'), MAX_COUNTEREXAMPLE_BYTES + 1);
  write('wrong-stem.json', { ...tinyScenario(), name: 'right-stem' });
  write('syntax.json', '{\n  "format": "prunecheck-scenario/1",\n  "name": \n}\n');
  write('big.json', '');
  truncateSync(at('big.json'), MAX_SCENARIO_BYTES + 1);
  write('a-file', '');
  // A real policy counterexample, then two edits of it: a changed case (stale caseHash) and an unknown adapter.
  const policy = await checkPolicyAdapter(BROKEN_POLICY_PRUNERS[0]?.adapter as PolicyAdapter, { runs: 20, seed: 1, outDir: at('policy') });
  policyFile = policy.violations[0]?.counterexample ?? '';
  const cx = JSON.parse(readFileSync(policyFile, 'utf8')) as { case: { turns: unknown[] }; adapterRef: string };
  write('policy-unknown.json', { ...cx, adapterRef: 'no-such-pruner' });
  write('policy-runtime.json', { ...cx, adapterRef: 'reference' });
  cx.case.turns.push(cx.case.turns[0]);
  write('policy-tampered.json', cx);
});

type Row = readonly [what: string, argv: () => readonly string[], message: RegExp];

const ROWS: readonly Row[] = [
  // check
  ['check --out with no file name', () => ['check', '--adapter', 'reference', '--out', ''], /^prunecheck: check: --out needs a file name; e\.g\. --out reports\/check\.json$/m],
  ['check --counterexamples with no directory', () => ['check', '--adapter', 'reference', '--counterexamples', ''], /^prunecheck: check: --counterexamples needs a directory; e\.g\. --counterexamples reports\/counterexamples$/m],
  ['check --expectations with no file name', () => ['check', '--adapter', 'reference', '--expectations', ''], /check: --expectations needs a file name; e\.g\. --expectations prunecheck\.expectations\.json/],
  ['an expectations file that is not JSON', () => ['check', '--adapter', 'reference', '--expectations', at('not-json.expectations.json')], /check: .*not-json\.expectations\.json: line \d+, column \d+: not valid JSON/],
  ['an expectations file with a bad field', () => ['check', '--adapter', 'reference', '--expectations', at('bad-field.expectations.json')], /check: .*bad-field\.expectations\.json: (line \d+: )?field 'expectations\[0\]\.invariant' must be one of INV-01, .*got "INV-99"; see docs\/expectations\.md, or write the file with --update-expectations/],
  ['an adapter module whose default export lacks a field', () => ['check', '--adapter', at('bad-export.mjs')], /bad-export\.mjs: default export\.capabilities must be \{ operations, invariants \} \(see spec\/ADAPTER\.md\)/],
  ['an adapter module that throws when imported', () => ['check', '--adapter', at('throws.mjs')], /could not import adapter module .*throws\.mjs: boom at import/],
  ['a policy module missing a field', () => ['check', '--adapter', at('bad-policy.mjs')], /bad-policy\.mjs: default export\.invariants must be an array of invariant ids \(see docs\/policy-mode\.md "Test your own pruner"\)/],
  ['an empty cmd: command line', () => ['check', '--adapter', 'cmd:'], /cmd: adapter command line cannot be used: it is empty; write --adapter 'cmd:python3 path\/to\/runtime\.py'/],
  ['a cmd: command line with an open quote', () => ['check', '--adapter', "cmd:python3 'runtime.py"], /cmd: adapter command line cannot be used: unbalanced ' in command line "python3 'runtime\.py"; write --adapter 'cmd:python3 path\/to\/runtime\.py'/],
  ['a cmd: child that exits before its handshake', () => ['check', '--adapter', `cmd:${process.execPath} -e process.exit(3)`], /handshake of --adapter 'cmd:.* -e process\.exit\(3\)' failed with CHILD_EXITED; see spec\/PROTOCOL\.md/],
  // replay
  ['replay of two files', () => ['replay', 'a.json', 'b.json'], /replay: unexpected argument 'b\.json'; it takes one counterexample file/],
  ['replay of a directory', () => ['replay', at('a-directory.json')], /replay: .*a-directory\.json: is not a regular file; pass the path of a counterexample file under reports\/counterexamples\//],
  ['replay of a file larger than any counterexample', () => ['replay', at('huge.json')], new RegExp(`replay: .*huge\\.json: is ${MAX_COUNTEREXAMPLE_BYTES + 1} bytes, more than any counterexample prunecheck writes`)],
  ['replay of a file naming an adapter that is not built in', () => ['replay', at('unknown-ref.json')], /replay: .*unknown-ref\.json: unknown adapter 'no-such-runtime'; built-ins: reference, .*; or pass --adapter$/m],
  ['replay of a runtime counterexample naming a policy pruner', () => ['replay', at('policy-ref.json')], /replay: .*policy-ref\.json is a runtime-mode counterexample but names archiving-window, a policy-mode adapter; pass --adapter with an adapter of the runtime mode/],
  ['replay of a policy counterexample whose case was changed', () => ['replay', at('policy-tampered.json')], /policy-tampered\.json: field 'caseHash' does not match the case: the case was changed after the check wrote the file/],
  ['replay of a policy counterexample naming a runtime built-in', () => ['replay', at('policy-runtime.json')], /replay: .*policy-runtime\.json is a policy-mode counterexample but names reference, a runtime-mode adapter; pass --adapter with an adapter of the policy mode/],
  ['replay of a policy counterexample naming an unknown pruner', () => ['replay', at('policy-unknown.json')], /replay: .*policy-unknown\.json: unknown policy adapter 'no-such-pruner'; built-ins: .*npx prunecheck replay <file> --adapter \.\/my-pruner\.ts/],
  ['replay --expectations naming a missing file', () => ['replay', policyFile, '--expectations', at('missing.json')], /replay: .*missing\.json: cannot read it \(ENOENT\); check the --expectations path, or create it with --update-expectations/],
  // conformance
  ['conformance --out-dir with no directory', () => ['conformance', '--out-dir', ''], /^prunecheck: conformance: --out-dir needs a directory; e\.g\. --out-dir reports$/m],
  // scenario
  ['scenario --out without --all', () => ['scenario', 'overflow-inverse', '--out', 'x'], /^prunecheck: --out only applies with --all$/m],
  ['scenario --all --out with no directory', () => ['scenario', '--all', '--out', ''], /^prunecheck: --out needs a directory; e\.g\. --out reports$/m],
  ['scenario --all with --runtime', () => ['scenario', '--all', '--runtime', 'naive'], /--all runs every scenario on every runtime its expectations name; drop the scenario name and --runtime/],
  ['scenario --op-timeout out of range', () => ['scenario', 'overflow-inverse', '--op-timeout', '0'], /scenario: --op-timeout must be an integer from 1 to 3600000, got '0'; e\.g\. --op-timeout 5000/],
  ['a scenario path that does not exist', () => ['scenario', at('nope.json')], /nope\.json: no such file; check the path, or name a built-in scenario: overflow-inverse, /],
  ['a scenario file over the size limit', () => ['scenario', at('big.json')], new RegExp(`big\\.json: is ${MAX_SCENARIO_BYTES + 1} bytes, over the ${MAX_SCENARIO_BYTES}-byte limit`)],
  ['a scenario file that is not JSON', () => ['scenario', at('syntax.json')], /syntax\.json:4: invalid JSON at column 1: unexpected "\}"; expected a JSON value/],
  ['a scenario whose name is not its file stem', () => ['scenario', at('wrong-stem.json')], /wrong-stem\.json:\d+: \$\.name: expected the file stem "wrong-stem", got "right-stem" \(rename one of them\)/],
  // ecosystem (all decided before any pruner runs)
  ['ecosystem --only naming no ecosystem pruner', () => ['ecosystem', '--only', 'nope'], /ecosystem: --only nope names no ecosystem pruner; known: langchain-summarization/],
  ['ecosystem --out-dir with no directory', () => ['ecosystem', '--out-dir', ''], /^prunecheck: ecosystem: --out-dir needs a directory; e\.g\. --out-dir reports$/m],
  ['ecosystem --expectations with no file name', () => ['ecosystem', '--expectations', ''], /ecosystem: --expectations needs a file name; e\.g\. --expectations ecosystem\.expectations\.json/],
  ['ecosystem --expectations naming a malformed file', () => ['ecosystem', '--expectations', at('bad-field.expectations.json')], /ecosystem: .*bad-field\.expectations\.json: (line \d+: )?field 'expectations\[0\]\.invariant' must be one of/],
  ['ecosystem --out-dir under a file', () => ['ecosystem', '--out-dir', join(at('a-file'), 'reports')], /cannot write in .*a-file\/reports: .*a-file is a regular file, not a directory; choose another output path/],
  ['ecosystem --runs out of range', () => ['ecosystem', '--runs', '0'], /ecosystem: --runs must be an integer from 1 to 100000, got '0'; e\.g\. --runs 40/],
];

describe('exit 2: usage and input errors name what to fix (issue 12)', () => {
  it.each(ROWS)('%s', async (_what, argv, message) => {
    const { code, stdout, stderr } = await runCli(argv());
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('prunecheck with no command prints the commands and exits 2', async () => {
    const { code, stdout } = await runCli([]);
    expect(code).toBe(2);
    expect(stdout).toMatch(/^Usage: prunecheck <command> \[options\]$/m);
    expect(stdout).toMatch(/^Commands:$/m);
  });

  it('a report that cannot be written to --out once the check is done goes to stdout, and the exit is 2', async () => {
    const out = join(temp(), 'sub', 'report.json');
    // The directory --out needs is taken by a file while the check runs: the preflight passed, the write cannot.
    const command = createCheckCommand({
      checkAdapter: async () => {
        writeFileSync(join(out, '..'), '');
        return conformantReport();
      },
    });
    const { code, stdout, stderr } = await runCommand(command, ['--adapter', 'reference', '--out', out]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/prunecheck: could not write the report: .*sub.* not a directory.*; it follows on stdout/);
    expect(JSON.parse(stdout.slice(stdout.indexOf('{')))).toMatchObject({ verdict: 'conformant' });
  });

  it('every input error class is exit 2; ExpectationsError and CheckOptionsError reach the CLI only wrapped, or not at all', () => {
    const inputs = [
      new UsageError('X', 'x'),
      new AdapterLoadError('BAD_ADAPTER', 'x'),
      new OutputPathError('CANNOT_WRITE', '/x', 'x'),
      new CounterexampleFileError('BAD_FIELD', 'f', 'x'),
      new PolicyCounterexampleError('x'),
      new ScenarioError('BAD_VALUE', 'f', '$.x', 1, 'x'),
      new UntrustedAdapterError('f', './x.ts'),
    ];
    for (const error of inputs) expect(isInputError(error), error.name).toBe(true);
    // Thrown by readExpectations, which every command calls through a wrapper that makes it a UsageError; and
    // by the programmatic checkAdapter only, whose CLI counterpart refuses the same flags with a UsageError.
    expect(isInputError(new ExpectationsError('NOT_JSON', 'f', 'x'))).toBe(false);
    expect(isInputError(new CheckOptionsError('x'))).toBe(false);
    expect(isInputError(new Error('a bug'))).toBe(false);
  });
});
