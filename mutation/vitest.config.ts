import { defineConfig } from 'vitest/config';

/** The mutation suite's own vitest configuration: Stryker's vitest runner loads it (mutation/strykerOptions.ts). */
export default defineConfig({
  test: {
    include: ['mutation/conformance.suite.ts'],
    // Stryker's own timeout (a multiple of the unmutated run's time) decides when a mutant hangs.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
