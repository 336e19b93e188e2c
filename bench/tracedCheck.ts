import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseStartUpMarks, TRACE_STARTUP_ENV, type StartUpMark } from '../src/run/traceStartUp.ts';
import { BenchError } from './BenchError.ts';

const BIN = fileURLToPath(new URL('../bin/prunecheck.js', import.meta.url));

/**
 * One `prunecheck check` process as a user starts it (`node bin/prunecheck.js check …args`, in `cwd`), traced with
 * PRUNECHECK_TRACE_STARTUP=1: its two start-up marks (`src/run/traceStartUp.ts`). The bench's own flags (NODE_OPTIONS: tsx,
 * --expose-gc) are its own and not passed on. Exit 1 is a verdict (the report is still written); any other failure,
 * or a process that printed no marks (dist/ not built from these sources), is the bench's problem.
 */
export async function tracedCheck(bench: string, args: readonly string[], cwd: string): Promise<{ readonly first: StartUpMark; readonly exit: StartUpMark }> {
  const argv = [BIN, 'check', ...args];
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const stderr = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, argv, { cwd, env: { ...env, [TRACE_STARTUP_ENV]: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, err) => {
      if (error !== null && error.code !== 1) reject(new BenchError('BAD_ARGUMENT', `${bench}: ${argv.join(' ')} failed (${error.message}); run 'npm run build' first`, { cause: error }));
      else resolve(err);
    });
  });
  const marks = parseStartUpMarks(stderr);
  const first = marks.find((m) => m.mark === 'first-episode');
  const exit = marks.find((m) => m.mark === 'exit');
  if (first === undefined || exit === undefined) throw new BenchError('BAD_ARGUMENT', `${bench}: the check printed no start-up marks (is dist/ built from these sources? run 'npm run build'); stderr: ${stderr.slice(0, 400)}`);
  return { first, exit };
}
