import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRACKS_TREES } from '../../src/adapters/protocol/processTree.ts';
import { eventually, FIXTURES, isRunning, runBin, scratch } from '../helpers/faults.ts';

// Issue 25, row 13 ("orphan"): a grandchild of a cmd: child that calls setsid() left the child's process group,
// so killing the group missed it, and it survived prunecheck with parent 1. Children now carry a tree name in
// their environment, and everything carrying it is killed with them (src/adapters/protocol/processTree.ts). The
// same held for a module's supervised process, whose tree name it now carries too.
const temp = scratch('setsid');
const CHILD = join(FIXTURES, 'setsidChild.mjs');

/** The processes the fixtures wrote: each child its pid, each grandchild and great-grandchild "<pid> <session>". */
function tree(file: string): { children: number[]; descendants: { pid: number; session: number }[] } {
  const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split(' ').map(Number)) : [];
  return {
    children: lines.filter((words) => words.length === 1).map(([pid]) => pid as number),
    descendants: lines.filter((words) => words.length === 2).map(([pid, session]) => ({ pid: pid as number, session: session as number })),
  };
}

describe.runIf(TRACKS_TREES)('descendants that left the process group (issue 25, row 13)', () => {
  for (const mode of ['exit', 'answer'] as const) {
    it(`a setsid() grandchild and its child die with the run (the child ${mode === 'exit' ? 'exits at its first apply' : 'answers to the end'})`, async () => {
      const dir = temp();
      const pids = join(dir, 'pids');
      const result = await runBin(['check', '--adapter', `cmd:${process.execPath} ${CHILD} ${mode} ${pids}`, '--runs', '1', '--max-steps', '3', '--reruns', '0', '--seed', '1', '--counterexamples', dir]);
      expect(result.signal).toBeNull();
      expect(result.stdout).toMatch(mode === 'exit' ? /verdict: error/ : /verdict: unknown/);
      expect(tree(pids).descendants.length).toBeGreaterThanOrEqual(2);
      const { children, descendants } = tree(pids);
      // A grandchild leads its own session: no child's process group holds it.
      expect(descendants.some((d) => d.pid === d.session && !children.includes(d.session))).toBe(true);
      expect(await eventually(() => descendants.every((d) => !isRunning(d.pid)))).toBe(true);
    });
  }

  it('a setsid() grandchild of an adapter module (started while it loads) and its child die with the run', async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    const result = await runBin(['check', '--adapter', join(FIXTURES, 'setsidModule.ts'), '--runs', '1', '--max-steps', '3', '--reruns', '0', '--seed', '1', '--counterexamples', dir], { env: { PRUNECHECK_SETSID_PIDS: pids } });
    expect(result.signal).toBeNull();
    expect(result.stdout).toMatch(/verdict: /);
    const { descendants } = tree(pids);
    expect(descendants.length).toBeGreaterThanOrEqual(2);
    expect(descendants.some((d) => d.pid === d.session)).toBe(true);
    expect(await eventually(() => descendants.every((d) => !isRunning(d.pid)))).toBe(true);
  });
});
