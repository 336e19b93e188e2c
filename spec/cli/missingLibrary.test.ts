import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';

// As after `npm i -D prunecheck` alone: none of the optional pruner libraries is installed.
vi.mock('../../src/subjects/policy/packageVersion.ts', async (original) => ({
  ...(await original<typeof import('../../src/subjects/policy/packageVersion.ts')>()),
  installedVersion: () => undefined,
}));

describe('a built-in pruner whose library is not installed (issue 12, problem 2)', () => {
  it('check exits 2 with the library and the exact install command, no stack trace', async () => {
    const { code, stdout, stderr } = await runCli(['check', '--adapter', 'ai-prune-messages', '--seed', '1']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('prunecheck: ai-prune-messages needs ai@6.0.325 (an optional peer dependency of prunecheck, not installed): npm i -D ai@6.0.325\n');
  });

  it('list says which library each one needs and how to install it', async () => {
    const { code, stdout } = await runCli(['list']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}langchain-summarization +needs langchain@1\.5\.14, @langchain\/core@1\.4\.0, @langchain\/langgraph@1\.7\.3: not installed \(npm i -D langchain@1\.5\.14 @langchain\/core@1\.4\.0 @langchain\/langgraph@1\.7\.3\)$/m);
    const json = JSON.parse((await runCli(['list', '--json'])).stdout) as { policyAdapters: { name: string; install?: string; libraries: { installed: string | null }[] }[] };
    expect(json.policyAdapters.find((a) => a.name === 'ai-prune-messages')).toMatchObject({ install: 'npm i -D ai@6.0.325', libraries: [{ name: 'ai', version: '6.0.325', installed: null }] });
  });
});
