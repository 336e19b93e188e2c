#!/usr/bin/env node
// Runs a command on a loaded machine and records the load it ran at: the load-proof measurement of issue 26
// ("0 failures at load average 8"). Busy child processes (each a tight loop on one core) keep the 1-minute load
// average at or above --target: one more every --interval while it is below, one fewer while it is well above
// (other work on a shared machine counts too), never fewer than --min. The command's output passes through; the
// load samples go to stderr and, with --log, to a file. Exit code: the command's.
//
//   node scripts/loadGenerator.mjs --target 8 --min 2 --log reports/load.txt -- npm test
//   node scripts/loadGenerator.mjs --target 8 --seconds 60          (no command: load only, for 60 s)
//
// Plain JavaScript with node built-ins only, so it starts without tsx and costs nothing of its own.
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const USAGE = 'usage: node scripts/loadGenerator.mjs [--target 8] [--min 0] [--max 16] [--interval 5] [--seconds N] [--log FILE] [-- command args…]';

function parse(argv) {
  const options = { target: 8, min: 0, max: 16, interval: 5, seconds: undefined, log: undefined, command: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      options.command = argv.slice(i + 1);
      break;
    }
    const value = argv[i + 1];
    if (!['--target', '--min', '--max', '--interval', '--seconds', '--log'].includes(arg ?? '') || value === undefined) throw new Error(`unknown option or missing value at '${arg}'; ${USAGE}`);
    i += 1;
    if (arg === '--log') options.log = value;
    else {
      const n = Number(value);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${arg} must be a number 0 or more, got '${value}'; ${USAGE}`);
      options[arg.slice(2)] = n;
    }
  }
  if (options.command.length === 0 && options.seconds === undefined) throw new Error(`give a command after -- or --seconds N; ${USAGE}`);
  if (options.min > options.max) throw new Error(`--min (${options.min}) must not exceed --max (${options.max}); ${USAGE}`);
  return options;
}

let options;
try {
  options = parse(process.argv.slice(2));
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const busy = [];
const addBusy = () => busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const removeBusy = () => busy.pop()?.kill('SIGKILL');
const started = Date.now();
const samples = [];

function log(line) {
  process.stderr.write(`[load] ${line}\n`);
  if (options.log !== undefined) appendFileSync(options.log, `${line}\n`);
}

if (options.log !== undefined) writeFileSync(options.log, `# ${new Date().toISOString()} target ${options.target} on ${availableParallelism()} cores: ${options.command.join(' ') || `${options.seconds} s of load`}\n`);
for (let i = 0; i < options.min; i += 1) addBusy();

const tick = () => {
  const [one, five, fifteen] = loadavg();
  samples.push(one);
  log(`${new Date().toISOString().slice(11, 19)} +${Math.round((Date.now() - started) / 1000)}s load ${one.toFixed(2)} ${five.toFixed(2)} ${fifteen.toFixed(2)} busy ${busy.length}`);
  if (one < options.target && busy.length < options.max) addBusy();
  else if (one > options.target + 2 && busy.length > options.min) removeBusy();
};
tick();
const timer = setInterval(tick, options.interval * 1000);

function finish(code) {
  clearInterval(timer);
  while (busy.length > 0) removeBusy();
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(2);
  const below = samples.filter((s) => s < options.target).length;
  log(`summary: ${samples.length} samples of the 1-min load over ${Math.round((Date.now() - started) / 1000)} s: min ${at(0)}, median ${at(0.5)}, max ${at(1)}; ${below} below the target ${options.target}; exit ${code}`);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => finish(130));
if (options.command.length > 0) {
  const [command, ...args] = options.command;
  const child = spawn(command, args, { stdio: 'inherit' });
  child.on('error', (error) => {
    log(`could not start '${command}': ${error.message}`);
    finish(127);
  });
  child.on('exit', (code, signal) => finish(code ?? (signal === null ? 1 : 128)));
} else setTimeout(() => finish(0), options.seconds * 1000);
