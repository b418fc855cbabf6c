import { defineConfig } from 'vitest/config';

// The deployment's topology (server/cluster/): two processes of the built server behind nginx, on PostgreSQL and
// Redis. One file at a time: each starts the whole topology, and its load must not share two cores with other tests.
export default defineConfig({
  test: {
    include: ['server/**/*.cluster.test.ts'],
    environment: 'node',
    globals: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
