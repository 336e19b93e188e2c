import { defineConfig } from 'vitest/config';

// Two tiers. `npm test` runs the fast one: every rule, parser and command, in a few minutes on two cores.
// `npm run test:soak` runs the heavy matrices (`*.soak.test.ts`: every broken runtime and pruner at 36 seeds, the
// legal runtimes under every transformer of SPEC §7 at 36 seeds, the because chains of every finding, the packed
// package installed into an empty project); .ci/run runs both.
//
// No test is judged by the clock: work is bounded by runs and steps, so a slow or loaded machine takes longer but
// never fails. The timeout below is a hang guard for a test whose subject never answers, not a speed limit.
const HANG_GUARD_MS = 20 * 60_000;
const SOAK = 'spec/**/*.soak.test.ts';

export default defineConfig({
  test: {
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: {
        'src/model/**': { lines: 90, branches: 90 },
      },
    },
    projects: [
      { extends: true, test: { name: 'fast', include: ['spec/**/*.test.ts'], exclude: [SOAK] } },
      { extends: true, test: { name: 'soak', include: [SOAK] } },
    ],
  },
});
