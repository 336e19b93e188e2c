import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario, serializeScenario } from '../../src/scenario/loadScenario.ts';
import { runCli } from '../helpers/cli.ts';
import { parseXml } from '../helpers/xml.ts';

const dir = mkdtempSync(join(tmpdir(), 'prunecheck-scenario-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prunecheck scenario', () => {
  it('prints the timeline and exits 0 when the runtime meets the expectation: naive fails at turn 90 as recorded', async () => {
    const { code, stdout } = await runCli(['scenario', 'turn-90-duplicate-side-effect', '--runtime', 'naive']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^scenario turn-90-duplicate-side-effect on naive: The turn-90 duplicate side effect/);
    expect(stdout).toMatch(/turn 55 +67\.8% +· pass/);
    expect(stdout).toMatch(/evict +12 spans \(5800 tok\) as reversible: err-40, ok-41, t42 … t51; NO tombstone written/);
    expect(stdout).toMatch(/turn 90 .*\n.*✗ failure +duplicate-side-effect/);
    expect(stdout).toMatch(/expectation \(naive\): MET/);
  });

  it('the reference shows tombstones written and the prevention with its invariant', async () => {
    const { code, stdout } = await runCli(['scenario', 'rotated-log-identifier-loss', '--runtime', 'reference']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/prune block_7 rejected: not-reversible \(existence false/);
    expect(stdout).toMatch(/✓ prevented +never-existed prevented by INV-03/);
  });

  it('without --runtime runs every runtime the scenario names', async () => {
    const { code, stdout } = await runCli(['scenario', 'overflow-inverse']);
    expect(code).toBe(0);
    expect(stdout.match(/^scenario overflow-inverse on (\w+)/gm)).toEqual(['scenario overflow-inverse on reference', 'scenario overflow-inverse on conservative', 'scenario overflow-inverse on naive']);
    expect(stdout).toMatch(/✗ crash +runtime threw on append: ContextOverflowError/);
  });

  it('exits 1 when the runtime does not meet the expectation, saying which and why', async () => {
    const scenario = loadScenario('turn-90-duplicate-side-effect');
    const path = join(dir, 'turn-90-duplicate-side-effect.json');
    writeFileSync(path, serializeScenario({ ...scenario, expect: { reference: scenario.expect['reference'] ?? [] } }));
    const { code, stdout } = await runCli(['scenario', path, '--runtime', 'naive']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/expectation \(reference\): NOT MET\n  ✗ expected duplicate-side-effect prevented by INV-09 at 90, but: failed/);
    expect(stdout).toMatch(/✗ unexpected fabricated-claim-accepted at turn 178/);
  });

  it.each([
    [['scenario'], /name one scenario \(overflow-inverse, reframe-derived-flip, reframe-hallucinated-constraint, rotated-log-identifier-loss, turn-90-duplicate-side-effect\)/],
    [['scenario', 'turn-91'], /no scenario named "turn-91"; available: overflow-inverse/],
    [['scenario', 'overflow-inverse', '--runtime', 'optimistic'], /--runtime: unknown adapter 'optimistic'; built-ins: reference, naive, conservative/],
    [['scenario', 'overflow-inverse', '--frobnicate'], /Unknown option '--frobnicate'/],
    [['scenario', '--all', 'overflow-inverse'], /--all runs every scenario/],
    [['scenario', 'a', 'b'], /name one scenario/],
  ])('exits 2 on a usage error: %j', async (argv, message) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('exits 2 on a malformed scenario file, naming file, line and field', async () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{\n  "format": "prunecheck-scenario/1",\n  "name": "broken",\n  "seed": "seven"\n}\n');
    const { code, stderr } = await runCli(['scenario', path]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/broken\.json:1: \$\.title: missing required field "title"/);
  });

  it('exits 2 when the scenario names a runtime that is not built in and no --runtime is given; runs it with --runtime', async () => {
    const scenario = loadScenario('rotated-log-identifier-loss');
    const path = join(dir, 'rotated-log-identifier-loss.json');
    writeFileSync(path, serializeScenario({ ...scenario, expect: { ...scenario.expect, optimistic: scenario.expect['naive'] ?? [] } }));
    const bad = await runCli(['scenario', path]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/rotated-log-identifier-loss\.json:\d+: \$\.expect\.optimistic: no runtime named "optimistic"; available: reference, naive, conservative/);
    expect((await runCli(['scenario', path, '--runtime', 'naive'])).code).toBe(0);
  });

  it('--list names the built-in scenarios', async () => {
    const { code, stdout } = await runCli(['scenario', '--list']);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual(['overflow-inverse', 'reframe-derived-flip', 'reframe-hallucinated-constraint', 'rotated-log-identifier-loss', 'turn-90-duplicate-side-effect']);
  });

  it('--all runs every scenario on every runtime it names and writes the report and one well-formed SVG chart per scenario', async () => {
    const out = join(dir, 'reports');
    const { code, stdout } = await runCli(['scenario', '--all', '--out', out]);
    expect(code).toBe(0);
    expect(stdout.match(/^ok {2}/gm)).toHaveLength(15);
    const markdown = readFileSync(join(out, 'scenarios.md'), 'utf8');
    expect(markdown).toMatch(/^# Incident scenarios\n/);
    expect(markdown).toMatch(/\| \[turn-90-duplicate-side-effect\]\(#turn-90-duplicate-side-effect\) \| 000 \| naive \| yes \| ✗ duplicate-side-effect @90<br>✗ ignored-retry-after @93<br>✗ self-reinforcing-summary @147<br>✗ fabricated-claim-accepted @178 \|/);
    expect(markdown.indexOf('## turn-90-duplicate-side-effect')).toBeLessThan(markdown.indexOf('## reframe-hallucinated-constraint'));
    const json = JSON.parse(readFileSync(join(out, 'scenarios.json'), 'utf8')) as { scenario: string; runs: { runtime: string; met: boolean }[] }[];
    expect(json.flatMap((s) => s.runs.map((r) => r.met))).toEqual(Array(15).fill(true));
    for (const name of ['turn-90-duplicate-side-effect', 'reframe-hallucinated-constraint', 'reframe-derived-flip', 'rotated-log-identifier-loss', 'overflow-inverse']) {
      const svg = readFileSync(join(out, 'scenarios', `${name}.svg`), 'utf8');
      expect(() => parseXml(svg)).not.toThrow();
      expect(markdown).toContain(`![occupancy of ${name}](scenarios/${name}.svg)`);
      expect(svg).toMatch(/<polyline points="/);
    }
    const overflow = readFileSync(join(out, 'scenarios', 'overflow-inverse.svg'), 'utf8');
    expect(overflow).toContain('✗ context-overflow (turn 58)');
    expect(overflow).toContain('✓ context-overflow prevented by INV-13 (turn 59)');
    expect(overflow).toContain('crash: the runtime threw; the episode ends here');
    expect(existsSync(join(out, 'scenarios', 'nope.svg'))).toBe(false);
  });
});
