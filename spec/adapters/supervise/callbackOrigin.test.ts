import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The supervised process remembers which call set each of the adapter's timers, so an exception from a timer is
// told apart by what set it, not by when the event loop fired it (issue 25, row 2). Each case runs in a process of
// its own: the timers are replaced process-wide.
const FIXTURE = fileURLToPath(new URL('./fixtures/timerCrash.ts', import.meta.url));

async function crash(name: string): Promise<{ setBy: { sys: number; step: number } | null; message: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', FIXTURE, name], { timeout: 20_000 });
  return JSON.parse(stdout) as { setBy: { sys: number; step: number } | null; message: string };
}

describe('callbackOrigin: the call that set the timer whose callback threw', () => {
  it.each([
    ['timeout', { sys: 1, step: 3 }],
    ['nested', { sys: 4, step: 7 }],
    ['imported', { sys: 6, step: 2 }],
    ['promisified', { sys: 9, step: 4 }],
    ['names', { sys: 10, step: 5 }],
    ['nextTick', null],
  ])('%s', async (name, setBy) => {
    expect(await crash(name)).toEqual({ setBy, message: name });
  });
});
