import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { AdapterLoadError } from '../../../src/adapters/AdapterLoadError.ts';
import { POLICY_ADAPTERS } from '../../../src/subjects/policy/index.ts';
import { installedVersion } from '../../../src/subjects/policy/packageVersion.ts';
import { installCommand, loadWithLibraries, missingLibraryError } from '../../../src/subjects/policy/PrunerLibrary.ts';
import type { PolicyAdapter } from '../../../src/adapters/policy/PolicyAdapter.ts';
import { listedPolicyAdapters, listText } from '../../../src/cli/listCommand.ts';

const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  exports: Record<string, unknown>;
};

// beeai-framework's own optional peers (@langchain/community → @getzep/zep-cloud → langchain <0.4) conflict with
// langchain ^1.5, another optional peer: as a peer of prunecheck it made `npm install prunecheck` fail with ERESOLVE
// in an empty project. It stays a devDependency; the beeai adapters' load error says how to install it.
const NOT_PEERS = new Set(['beeai-framework']);

describe('the npm pruners are optional peer dependencies', () => {
  const libraries = POLICY_ADAPTERS.flatMap((entry) => entry.libraries).filter((library) => !NOT_PEERS.has(library.name));

  it('each library an adapter needs is tested at prunecheck’s exact devDependency and is an optional peer admitting it', () => {
    expect(libraries.length).toBeGreaterThan(0);
    for (const library of libraries) {
      expect(manifest.devDependencies[library.name], library.name).toBe(library.version);
      expect(manifest.peerDependencies[library.name], library.name).toBe(`^${library.version}`);
      expect(manifest.peerDependenciesMeta[library.name]?.optional, library.name).toBe(true);
    }
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual([...new Set(libraries.map((l) => l.name))].sort());
  });

  it('each npm pruner names a subpath export the package declares', () => {
    for (const entry of POLICY_ADAPTERS.filter((e) => e.ecosystem)) {
      expect(entry.module, entry.name).toMatch(/^prunecheck\/pruners\//);
      expect(manifest.exports, entry.name).toHaveProperty([`./${(entry.module ?? '').slice('prunecheck/'.length)}`]);
    }
  });

  it('installedVersion reads what an import from prunecheck would find, without importing it', () => {
    expect(installedVersion('fast-check')).toBe(manifest.devDependencies['fast-check'] ?? '4.11.0');
    expect(installedVersion('no-such-package-prunecheck')).toBeUndefined();
  });
});

describe('a built-in whose library is missing (issue 12, problem 2)', () => {
  const load = vi.fn(async (): Promise<PolicyAdapter> => {
    throw new Error('must not be imported');
  });

  it('is an AdapterLoadError naming the library and the exact install command, before anything is imported', async () => {
    const error = await loadWithLibraries('langchain-summarization', [{ name: 'langchain', version: '1.5.14' }], load, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdapterLoadError);
    expect(error).toMatchObject({ code: 'MISSING_LIBRARY', message: 'langchain-summarization needs langchain@1.5.14 (an optional peer dependency of prunecheck, not installed): npm i -D langchain@1.5.14' });
    expect(load).not.toHaveBeenCalled();
  });

  it('names only the missing libraries when some are there', () => {
    const present = new Set(['@langchain/core']);
    const entry = POLICY_ADAPTERS.find((e) => e.name === 'langchain-summarization');
    const missing = (entry?.libraries ?? []).filter((l) => !present.has(l.name));
    expect(missingLibraryError('langchain-summarization', missing).message).toBe(
      'langchain-summarization needs langchain@1.5.14 and @langchain/langgraph@1.7.3 (optional peer dependencies of prunecheck, not installed): npm i -D langchain@1.5.14 @langchain/langgraph@1.7.3',
    );
  });

  it('a library that cannot load a package it imports is reported with the install command, not a stack trace', async () => {
    const notFound = Object.assign(new Error("Cannot find package 'ai' imported from /x/dist/subjects/policy/aiPruneMessages.js"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadWithLibraries('ai-prune-messages', [{ name: 'ai', version: '6.0.325' }], () => Promise.reject(notFound), () => '6.0.325')).rejects.toMatchObject({
      code: 'MISSING_LIBRARY',
      message: 'ai-prune-messages needs ai@6.0.325 (an optional peer dependency of prunecheck, not installed): npm i -D ai@6.0.325',
    });
    const transitive = Object.assign(new Error("Cannot find package 'zod' imported from /x/node_modules/ai/dist/index.mjs"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadWithLibraries('ai-prune-messages', [{ name: 'ai', version: '6.0.325' }], () => Promise.reject(transitive), () => '6.0.325')).rejects.toMatchObject({
      code: 'IMPORT_FAILED',
      message: "ai-prune-messages: a module its libraries import is missing (Cannot find package 'zod' imported from /x/node_modules/ai/dist/index.mjs); reinstall them: npm i -D ai@6.0.325",
    });
  });

  it('prunecheck list shows each one’s libraries and whether they are installed', () => {
    const installed: Record<string, string> = { '@langchain/core': '1.4.0', ai: '6.0.400' };
    const find = (name: string): string | undefined => installed[name];
    const listed = listedPolicyAdapters(find);
    expect(listed.find((a) => a.name === 'langchain-trim-messages')).toMatchObject({ libraries: [{ name: '@langchain/core', version: '1.4.0', installed: '1.4.0' }], module: 'prunecheck/pruners/langchain-core' });
    expect(listed.find((a) => a.name === 'langchain-summarization')?.install).toBe(installCommand([{ name: 'langchain', version: '1.5.14' }, { name: '@langchain/langgraph', version: '1.7.3' }]));
    const text = listText(find);
    expect(text).toMatch(/^ {2}langchain-trim-messages +needs @langchain\/core@1\.4\.0: installed$/m);
    expect(text).toMatch(/^ {2}ai-prune-messages +needs ai@6\.0\.325: installed \(ai 6\.0\.400; tested with the versions named\)$/m);
    expect(text).toMatch(/^ {2}llamaindex-memory +needs @llamaindex\/core@0\.6\.23: not installed \(npm i -D @llamaindex\/core@0\.6\.23\)$/m);
    expect(text).toMatch(/^ {2}archiving-window +prunecheck \(in-repo\)$/m);
  });
});
