import { defineConfig } from 'vitest/config';

// One runner for every suite: shared rules, server integration, web components, browser end-to-end.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite runs on the calling thread: two files at a time keep the 2-core machine responsive.
          maxWorkers: 2,
          // Files share a worker's modules instead of importing the whole server again each
          // (about 3 s per file here): every file starts its own app, and none mocks a module.
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One Chromium for the whole run; each file connects to it and opens its own contexts.
          globalSetup: ['e2e/helpers/chromium-server.ts'],
          // As for the server files: one import of the server and the helpers for all of them.
          isolate: false,
          // Browser tests run last and alone: they start servers and Chromium on a 2-core machine.
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
