import { spawn } from 'node:child_process';

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/**
 * The environment a user's shell would give a command: the outer `npm test`'s npm_* variables (which would point
 * a nested npm at this repository) and vitest's own are left out.
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => keep.has(key.toLowerCase()) || !(/^npm_/i.test(key) || /^VITEST/.test(key) || key === 'INIT_CWD' || key === 'NODE_OPTIONS' || key === 'NODE_ENV' || key === 'TEST')),
  );
}

/** Runs a command as a user would type it in `cwd`; answers its exit code, output and duration, never throws. */
export function run(cwd: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...userEnvironment(), NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ code: -1, stdout, stderr: `${stderr}${String(error)}`, ms: performance.now() - started }));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr, ms: performance.now() - started }));
  });
}

/** Fails with everything the command printed, so a broken step in CI says what broke. */
export function explain(step: string, ran: Ran): string {
  return `${step} exited ${ran.code}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`;
}
