import { defineConfig } from 'vitest/config';

/** The slow tier (`npm run test:slow`): 36-seed matrices too long for the default `npm test`. */
export default defineConfig({
  test: {
    include: ['spec/**/*.slow.test.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 60_000,
  },
});
