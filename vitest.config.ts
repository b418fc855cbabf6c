import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
    // The topology tests run the built server (dist-server/): npm test runs them after the build (vitest.cluster.config.ts).
    exclude: ['**/node_modules/**', '**/*.cluster.test.ts'],
    environment: 'node',
    globals: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, where much of a test file's time
    // is spent waiting on the servers, databases and processes it starts. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
