import { describe, expect, it } from 'vitest';
import { BUILTIN_ADAPTERS } from '../../src/subjects/builtins.ts';
import { ZOO_EXPECTATIONS } from '../../src/subjects/zoo/index.ts';
import { INVARIANT_IDS } from '../../src/model/invariants.ts';
import { runCli } from '../helpers/cli.ts';

describe('prunecheck list', () => {
  it('lists every built-in adapter and invariant', async () => {
    const { code, stdout } = await runCli(['list']);
    expect(code).toBe(0);
    for (const adapter of BUILTIN_ADAPTERS) expect(stdout).toMatch(new RegExp(`^ {2}${adapter.name} `, 'm'));
    for (const id of INVARIANT_IDS) expect(stdout).toContain(`  ${id}  `);
    expect(stdout).toMatch(/^ {2}no-external-tombstone +\[breaks INV-01\] /m);
  });

  it('--json gives each zoo member the invariant it breaks', async () => {
    const { code, stdout } = await runCli(['list', '--json']);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as { adapters: { name: string; kind: string; breaks?: string }[]; invariants: { id: string; rule: string }[] };
    expect(parsed.adapters.map((a) => a.name)).toEqual(BUILTIN_ADAPTERS.map((a) => a.name));
    for (const a of parsed.adapters) expect(a.breaks).toBe(ZOO_EXPECTATIONS[a.name]);
    expect(parsed.adapters.find((a) => a.name === 'reference')?.kind).toBe('reference');
    expect(parsed.adapters.find((a) => a.name === 'naive')?.kind).toBe('baseline');
    expect(parsed.invariants.map((i) => i.id)).toEqual(INVARIANT_IDS);
  });

  it('refuses unknown flags with exit 2, naming the flag and the options', async () => {
    const { code, stderr } = await runCli(['list', '--jsn']);
    expect(code).toBe(2);
    expect(stderr).toBe("prunecheck: list: unknown option '--jsn'; options: --json (see 'prunecheck list --help')\n");
  });

  it('refuses positional arguments and values for --json', async () => {
    expect((await runCli(['list', 'zoo'])).stderr).toContain("unexpected argument 'zoo'");
    expect((await runCli(['list', '--json=yes'])).code).toBe(2);
  });
});
