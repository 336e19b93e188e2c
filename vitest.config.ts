import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/**/*.test.ts'],
    // The slow tier runs apart: `npm run test:slow` (vitest.slow.config.ts).
    exclude: ['**/node_modules/**', 'spec/**/*.slow.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: {
        'src/model/**': { lines: 90, branches: 90 },
      },
    },
  },
});
