import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // `npm run coverage`: what the suite runs of the sources (code run in an engine thread or a
    // child process is not counted).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'loaders/**/*.ts', 'generate/**/*.ts'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'coverage',
    },
  },
});
