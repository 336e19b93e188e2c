import { describe, expect, it, vi } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.ts';
import { helpText, main } from '../../src/cli/main.ts';
import { captured } from '../helpers/cli.ts';

// Each command module records that it was imported, then is itself.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../src/cli/checkCommand.ts', (actual) => (loaded.add('check'), actual()));
vi.mock('../../src/cli/replayCommand.ts', (actual) => (loaded.add('replay'), actual()));
vi.mock('../../src/cli/mergeCommand.ts', (actual) => (loaded.add('merge'), actual()));
vi.mock('../../src/cli/listCommand.ts', (actual) => (loaded.add('list'), actual()));
vi.mock('../../src/cli/conformanceCommand.ts', (actual) => (loaded.add('conformance'), actual()));
vi.mock('../../src/cli/ecosystemCommand.ts', (actual) => (loaded.add('ecosystem'), actual()));
vi.mock('../../src/cli/benchCommand.ts', (actual) => (loaded.add('bench'), actual()));
vi.mock('../../src/cli/scenarioCommand.ts', (actual) => (loaded.add('scenario'), actual()));
vi.mock('../../src/cli/auditCommand.ts', (actual) => (loaded.add('audit'), actual()));
vi.mock('../../src/cli/demoCommand.ts', (actual) => (loaded.add('demo'), actual()));

describe('the command list: names and summaries up front, a command module loaded only when its command runs', () => {
  it('--help and an unknown command load no command module; a command loads its own and no other', async () => {
    expect(await captured(() => main(['--help']))).toMatchObject({ code: 0 });
    expect(await captured(() => main(['no-such-command']))).toMatchObject({ code: 2 });
    expect([...loaded]).toEqual([]);
    const demo = await captured(() => main(['demo']));
    expect(demo.code).toBe(0);
    expect([...loaded]).toEqual(['demo']);
    expect(await captured(() => main(['list', '--help']))).toMatchObject({ code: 0 });
    expect([...loaded]).toEqual(['demo', 'list']);
  });

  it.each(COMMANDS.map((entry) => [entry.name, entry] as const))('%s: the entry names and summarises the command its module declares', async (_name, entry) => {
    const command = await entry.load();
    expect({ name: command.name, summary: command.summary }).toEqual({ name: entry.name, summary: entry.summary });
  });

  it('top-level help lists every command once, with its summary', () => {
    const help = helpText();
    for (const entry of COMMANDS) expect(help).toMatch(new RegExp(`^  ${entry.name} +${entry.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
  });
});
