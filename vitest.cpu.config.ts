import { mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The test suite's own CPU, per file (docs/benchmarks.md, "The test suite"): vitest.config.ts with a setup file that
// appends each file's CPU to $TEST_CPU_OUT. For example, under /usr/bin/time -v for the whole process tree:
//   TEST_CPU_OUT=/tmp/cpu.tsv /usr/bin/time -v npx vitest run -c vitest.cpu.config.ts --project fast --project fast-isolated --coverage
export default mergeConfig(base, { test: { setupFiles: ['bench/testFileCpu.ts'] } });
